import { expect } from '@open-wc/testing';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { describe, it } from '../client/testing/mocha.js';
import {
  type CountryCode,
  countryOptions,
  DEFAULT_COUNTRY,
  DIAL_CODES,
  dialCodeOf,
  isCountryCode,
} from './dial-codes.js';

describe('DIAL_CODES', () => {
  it('has the calling code libphonenumber-js gives for every country it knows', () => {
    const wrong = getCountries()
      .map((country) => ({
        country,
        ours: (DIAL_CODES as Record<string, string>)[country],
        theirs: getCountryCallingCode(country),
      }))
      .filter(({ ours, theirs }) => ours !== theirs);
    expect(wrong).to.deep.equal([]);
  });

  it('has no country libphonenumber-js does not know', () => {
    const known = new Set<string>(getCountries());
    expect(Object.keys(DIAL_CODES).filter((country) => !known.has(country))).to.deep.equal([]);
  });

  it("has the spec's examples", () => {
    expect(DIAL_CODES.US).to.equal('1');
    expect(DIAL_CODES.CA).to.equal('1');
    expect(DIAL_CODES.GB).to.equal('44');
    expect(dialCodeOf('GB')).to.equal('44');
    expect(DEFAULT_COUNTRY).to.equal('US');
  });

  it('types its countries exactly (the type is read from the table)', () => {
    const typed: CountryCode[] = ['US', 'CA', 'GB', 'AC', 'ZW'];
    // @ts-expect-error: not a country of the table.
    const untyped: CountryCode = 'ZZ';
    expect(typed.every(isCountryCode)).to.equal(true);
    expect(isCountryCode(untyped)).to.equal(false);
    expect(Object.keys(DIAL_CODES)).to.have.length(245);
  });

  it('tells countries from other strings', () => {
    expect(isCountryCode('US')).to.equal(true);
    expect(isCountryCode('us')).to.equal(false);
    expect(isCountryCode('ZZ')).to.equal(false);
    expect(isCountryCode('toString')).to.equal(false);
    expect(isCountryCode(1)).to.equal(false);
  });
});

describe('countryOptions', () => {
  it('lists every country once, the United States first', () => {
    const options = countryOptions('en');
    expect(options).to.have.length(Object.keys(DIAL_CODES).length);
    expect(new Set(options.map((option) => option.country)).size).to.equal(options.length);
    expect(options[0]).to.deep.equal({
      country: 'US',
      dialCode: '1',
      label: '+1 United States',
    });
  });

  it("labels each option '+code Name' with the English name", () => {
    const byCountry = new Map(countryOptions('en').map((option) => [option.country, option]));
    expect(byCountry.get('GB')?.label).to.equal('+44 United Kingdom');
    expect(byCountry.get('CA')?.label).to.equal('+1 Canada');
    expect(byCountry.get('DE')?.label).to.equal('+49 Germany');
    for (const option of byCountry.values()) {
      expect(option.label.startsWith(`+${DIAL_CODES[option.country]} `)).to.equal(true);
      expect(option.dialCode).to.equal(DIAL_CODES[option.country]);
    }
  });

  it('sorts the others by name', () => {
    const names = countryOptions('en')
      .slice(1)
      .map((option) => option.label.replace(/^\+\d+ /, ''));
    const sorted = [...names].sort(new Intl.Collator('en').compare);
    expect(names).to.deep.equal(sorted);
    expect(names[0]).to.equal('Afghanistan');
  });

  it('names and sorts in the given locale', () => {
    const options = countryOptions('fr');
    expect(options[0]?.label).to.equal('+1 États-Unis');
    const germany = options.find((option) => option.country === 'DE');
    expect(germany?.label).to.equal('+49 Allemagne');
  });

  it('falls back to English for an invalid locale tag', () => {
    expect(countryOptions('not a locale!')[0]?.label).to.equal('+1 United States');
  });

  it('returns a fresh array each time', () => {
    const first = countryOptions('en');
    first.length = 0;
    expect(countryOptions('en').length).to.equal(Object.keys(DIAL_CODES).length);
  });

  it('uses only countries of the table', () => {
    for (const option of countryOptions('en')) {
      expect(isCountryCode(option.country as CountryCode)).to.equal(true);
    }
  });
});
