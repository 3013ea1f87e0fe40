/** The site's language follows the browser's first language it speaks; English otherwise. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AVAILABLE_LOCALES } from '../../widget/strings/locales.js';
import { SITE_LOCALES, siteLocale } from './site-locale.js';

test('the first of the browser languages the site speaks wins, by language', () => {
  assert.equal(siteLocale(['es-MX', 'en-US']), 'es');
  assert.equal(siteLocale(['de-DE', 'fr-CA', 'es']), 'fr');
  assert.equal(siteLocale(['FR']), 'fr');
  assert.equal(siteLocale(['en-GB', 'fr']), 'en');
});

test('a browser speaking none of them, or nothing, gets English', () => {
  assert.equal(siteLocale(['de-DE', 'ja']), 'en');
  assert.equal(siteLocale([]), 'en');
});

test('the site speaks exactly the widget languages', () => {
  assert.deepEqual([...SITE_LOCALES].sort(), [...AVAILABLE_LOCALES].sort());
});
