/**
 * The site's words for the page's language, handed to every screen through React context
 * (`main.tsx` provides the catalogue it loaded; English when nothing is provided).
 */
import { createContext, useContext } from 'react';
import { en, type SiteTexts } from './en.js';

/** The catalogue in use. */
export const SiteTextsContext = createContext<SiteTexts>(en);

/** The site's words in the page's language. */
export function useSiteTexts(): SiteTexts {
  return useContext(SiteTextsContext);
}
