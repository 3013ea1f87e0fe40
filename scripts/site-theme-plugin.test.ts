import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  signInCustomProperties,
  signInTheme,
  siteTheme,
  siteThemeCss,
} from '../site/theme/site-theme.js';
import { applySiteTheme, THEME_COLOR_PLACEHOLDER } from './site-theme-plugin.js';

const indexHtml = readFileSync(join(import.meta.dirname, '..', 'site', 'index.html'), 'utf8');

describe('the site theme (site/theme/site-theme.ts and scripts/site-theme-plugin.ts)', () => {
  test('index.html gets every colour and the font as custom properties, and the theme colour', () => {
    const html = applySiteTheme(indexHtml);
    assert.ok(!html.includes(THEME_COLOR_PLACEHOLDER));
    assert.match(html, new RegExp(`<meta name="theme-color" content="${siteTheme.palette.ink}"`));
    const style = html.match(/<style id="site-theme">(.*?)<\/style>/)?.[1] ?? '';
    for (const value of Object.values(siteTheme.palette)) assert.ok(style.includes(value), value);
    assert.ok(style.includes(`--font-family:${siteTheme.type.fontFamily}`));
    assert.ok(style.includes('--sun-light:'), 'camelCase names become kebab-case');
    // Before the page's own stylesheets and scripts.
    assert.ok(html.indexOf('site-theme') < html.indexOf('<script'));
  });

  test('a host who changes a colour changes the page and the widget together', () => {
    const theme = {
      ...siteTheme,
      palette: { ...siteTheme.palette, panel: '#123456', sun: '#abcdef', ink: '#010203' },
      type: { fontFamily: 'Georgia, serif' },
    };
    const css = siteThemeCss(theme);
    const widget = signInTheme(theme);
    assert.ok(css.includes('--panel:#123456') && css.includes('--sun:#abcdef'));
    assert.equal(widget.container?.backgroundColor, '#123456');
    assert.equal(widget.buttons?.primary?.backgroundColor, '#abcdef');
    assert.equal(widget.typography?.fontFamily, 'Georgia, serif');
    assert.equal(signInCustomProperties(theme)['--velvet-background'], '#010203');
    assert.match(applySiteTheme(indexHtml, theme), /name="theme-color" content="#010203"/);
  });

  test('the widget shows the gate’s wording instead of its own header', () => {
    assert.equal(signInTheme().hideHeaderText, true);
  });

  test('an index.html without the placeholder is refused, not silently left unthemed', () => {
    assert.throws(() => applySiteTheme('<html><head></head></html>'), /theme/);
  });
});
