/**
 * The locales the widget has a text catalogue for, and what it tells a page that configures
 * another. A locale without one keeps the English texts (a page may give its own through
 * `strings`), while what the browser itself translates (country names, numbers) follows the
 * locale.
 */

/** The locales with a text catalogue, as BCP 47 language tags. */
export const AVAILABLE_LOCALES: readonly string[] = ['en', 'es', 'fr'];

/** The language of `locale` (`es-MX` → `es`), lower case. */
export function languageOf(locale: string): string {
  return locale.toLowerCase().split(/[-_]/)[0] ?? '';
}

/** Whether `locale` (such as `en-GB`) has a catalogue: its own, or its language's. */
export function hasCatalogue(locale: string): boolean {
  const language = languageOf(locale);
  return AVAILABLE_LOCALES.some((available) => {
    const lower = available.toLowerCase();
    return lower === locale.toLowerCase() || lower === language;
  });
}

/**
 * What the console should say of `locale`: `undefined` when it has a catalogue, otherwise a
 * sentence naming the available locales.
 */
export function localeNotice(locale: string): string | undefined {
  if (hasCatalogue(locale)) return undefined;
  return (
    `locale "${locale}" has no text catalogue yet; the available locales are: ` +
    `${AVAILABLE_LOCALES.join(', ')}. The texts stay in English (give \`strings\` to ` +
    `translate them); country names follow "${locale}".`
  );
}
