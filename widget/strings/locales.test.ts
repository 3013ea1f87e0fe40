import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { CATALOGUE_LANGUAGES, loadCatalogue } from './load-catalogue.js';
import { AVAILABLE_LOCALES, hasCatalogue, localeNotice } from './locales.js';

describe('locales', () => {
  it('has the English, Spanish and French catalogues, for any region', () => {
    expect(AVAILABLE_LOCALES).to.deep.equal(['en', 'es', 'fr']);
    expect(hasCatalogue('en')).to.equal(true);
    expect(hasCatalogue('en-GB')).to.equal(true);
    expect(hasCatalogue('EN_us')).to.equal(true);
    expect(hasCatalogue('fr')).to.equal(true);
    expect(hasCatalogue('es-MX')).to.equal(true);
    expect(hasCatalogue('de')).to.equal(false);
    expect(hasCatalogue('eng')).to.equal(false);
  });

  it('names the available locales for another one, and says nothing for English', () => {
    expect(localeNotice('en-US')).to.equal(undefined);
    expect(localeNotice('fr')).to.equal(undefined);
    expect(localeNotice('de')).to.equal(
      'locale "de" has no text catalogue yet; the available locales are: en, es, fr. The texts ' +
        'stay in English (give `strings` to translate them); country names follow "de".',
    );
  });

  it('offers exactly the languages that have a catalogue, each loading with its own lang', async () => {
    expect([...AVAILABLE_LOCALES].sort()).to.deep.equal(['en', ...CATALOGUE_LANGUAGES].sort());
    for (const locale of AVAILABLE_LOCALES.filter((name) => name !== 'en')) {
      const host = document.createElement('div');
      const catalogue = await loadCatalogue(locale, host);
      expect(catalogue?.lang, locale).to.equal(locale);
      expect(host.getAttribute('lang')).to.equal(locale);
    }
  });
});
