/**
 * The catalogue of the site's own words for a locale. English is in the main bundle (the
 * fallback); each other language is its own chunk, downloaded only by a browser that asks for it.
 */
import { en, type SiteTexts } from './en.js';
import type { SiteLocale } from './site-locale.js';

/** The catalogues other than English, each its own chunk. */
const CATALOGUES: Readonly<
  Record<Exclude<SiteLocale, 'en'>, () => Promise<{ default: SiteTexts }>>
> = {
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
};

/** The texts of `locale`; English for `en`, and when the catalogue's chunk fails to load. */
export async function loadSiteTexts(locale: SiteLocale): Promise<SiteTexts> {
  if (locale === 'en') return en;
  try {
    return (await CATALOGUES[locale]()).default;
  } catch {
    return en;
  }
}
