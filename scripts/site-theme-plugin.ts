/**
 * The Vite plugin that writes the site theme (`site/theme/site-theme.ts`) into `index.html`, for
 * the build and the dev server alike: its custom properties as a `<style>` at the top of
 * `<head>` (so the first paint, before any script runs, already has the site's colours) and the
 * page background as the browser's `theme-color`.
 */
import type { Plugin } from 'vite';
import { type SiteTheme, siteTheme, siteThemeCss } from '../site/theme/site-theme.js';

/** In `index.html`, what the plugin replaces with the theme's page background. */
export const THEME_COLOR_PLACEHOLDER = '__VELVET_THEME_COLOR__';

/** `html` with the theme's `theme-color` and its custom properties in `<head>`. */
export function applySiteTheme(html: string, theme: SiteTheme = siteTheme): string {
  if (!html.includes(THEME_COLOR_PLACEHOLDER) || !html.includes('<head>')) {
    throw new Error(`index.html needs <head> and ${THEME_COLOR_PLACEHOLDER} for the site theme`);
  }
  return html
    .replaceAll(THEME_COLOR_PLACEHOLDER, theme.palette.ink)
    .replace('<head>', `<head>\n    <style id="site-theme">${siteThemeCss(theme)}</style>`);
}

/** The plugin: {@link applySiteTheme} on `index.html`. */
export function siteThemePlugin(theme: SiteTheme = siteTheme): Plugin {
  return {
    name: 'velvet-site-theme',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => applySiteTheme(html, theme),
    },
  };
}
