/**
 * Loads a locale's catalogue (its own chunk: an English page never downloads this module or any
 * catalogue) and marks the widget's language. Loaded by the element only when its `locale` is not
 * `en`.
 */
import type { LocaleCatalogue } from './catalogue.js';
import { languageOf, localeNotice } from './locales.js';

/** The catalogues other than English, each its own chunk. */
const CATALOGUES: Readonly<Record<string, () => Promise<{ default: LocaleCatalogue }>>> = {
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
};

/**
 * The languages with a catalogue besides English; `AVAILABLE_LOCALES` (in the entry, which must
 * not carry these imports) names the same, which `locales.test.ts` holds it to.
 */
export const CATALOGUE_LANGUAGES: readonly string[] = Object.keys(CATALOGUES);

/** The `lang` this module set on each widget, so it is removed when the locale changes back. */
const langSet = new WeakMap<Element, string>();

/**
 * The catalogue of `locale` (`es`, `fr-CA`…), or `undefined` for English and for a locale without
 * one (the console says which locales there are). The widget `host` gets the catalogue's `lang`
 * unless the page gave it one.
 */
export async function loadCatalogue(
  locale: string,
  host: Element,
): Promise<LocaleCatalogue | undefined> {
  const notice = localeNotice(locale);
  if (notice) console.warn(`<velvet-login>: ${notice}`);
  const load = Object.hasOwn(CATALOGUES, languageOf(locale))
    ? CATALOGUES[languageOf(locale)]
    : undefined;
  const catalogue = load ? (await load()).default : undefined;
  const ours = langSet.get(host);
  if (ours !== undefined && host.getAttribute('lang') === ours) host.removeAttribute('lang');
  langSet.delete(host);
  if (catalogue && !host.hasAttribute('lang')) {
    host.setAttribute('lang', catalogue.lang);
    langSet.set(host, catalogue.lang);
  }
  return catalogue;
}
