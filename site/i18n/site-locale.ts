/**
 * The site's language: the first of the browser's languages (`navigator.languages`, in the
 * guest's order) that the site has a catalogue for, by language (`es-MX` → `es`); English when
 * none is.
 */

/** The languages the site speaks: the sign-in widget's (`widget/strings/locales.ts`). */
export const SITE_LOCALES = ['en', 'es', 'fr'] as const;

/** One of {@link SITE_LOCALES}. */
export type SiteLocale = (typeof SITE_LOCALES)[number];

/** Whether `language` is one the site speaks. */
function isSiteLocale(language: string): language is SiteLocale {
  return (SITE_LOCALES as readonly string[]).includes(language);
}

/** The site locale for the browser's `languages` (BCP 47 tags, preferred first). */
export function siteLocale(languages: readonly string[]): SiteLocale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (isSiteLocale(language)) return language;
  }
  return 'en';
}
