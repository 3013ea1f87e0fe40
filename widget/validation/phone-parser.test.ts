import { expect } from '@open-wc/testing';
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json';
import minMetadata from 'libphonenumber-js/metadata.min.json';
import { describe, it } from '../client/testing/mocha.js';
import { DIAL_CODES } from './dial-codes.js';
import { createPhoneParser, parsePhoneNumber } from './phone-parser.js';

/**
 * The metadata the widget's parser is made from, as libphonenumber-js reads it: the `min` set,
 * without the non-geographic calling codes (`+800`…), which the widget knows nothing of.
 */
const metadata = { ...minMetadata, nonGeographic: {} } as unknown as MetadataJson;

/** What a parse says about a number: all the widget reads of it. */
function answer(parsed: ReturnType<typeof parsePhoneNumber>) {
  return parsed
    ? {
        number: parsed.number,
        country: parsed.country,
        valid: parsed.isValid(),
        national: parsed.formatNational(),
      }
    : undefined;
}

/** libphonenumber-js's answer for the same input. */
function reference(text: string, defaultCountry?: string) {
  return answer(
    parsePhoneNumberFromString(
      text,
      defaultCountry === undefined ? {} : { defaultCountry: defaultCountry as never },
      metadata,
    ),
  );
}

const countries = Object.keys(DIAL_CODES) as (keyof typeof DIAL_CODES)[];
const exampleOf = (country: string): string | undefined =>
  (examples as Record<string, string | undefined>)[country];

/** The raw min metadata of a country: `[callingCode, idd, pattern, lengths, formats, prefix…]`. */
function rawPlan(country: string): unknown[] {
  return (minMetadata as unknown as { countries: Record<string, unknown[]> }).countries[
    country
  ] as unknown[];
}

/**
 * The inputs tried for one country: its example number and variants of it (too short, too
 * long, other first digits, with the national prefix or a wrong one, international with `+`,
 * without it, with the IDD prefix of the US and of the country), and its example formatted.
 */
function inputsFor(country: string, example: string): string[] {
  const code = DIAL_CODES[country as keyof typeof DIAL_CODES];
  const prefix = rawPlan(country)[5];
  const idd = rawPlan(country)[1];
  const inputs = [
    example,
    example.slice(0, -1),
    example.slice(0, -2),
    example.slice(0, 3),
    `${example}1`,
    `${example}12`,
    `${example}123456789`,
    `0${example}`,
    `1${example}`,
    `8${example}`,
    `9${example}`,
    `${code}${example}`,
    `+${code}${example}`,
    `+${code}${example.slice(0, -1)}`,
    `+${code}${example}9`,
    `+${code} ${example}`,
    `011 ${code} ${example}`,
    `00 ${code} ${example}`,
    `+${code}0${example}`,
  ];
  for (let digit = 0; digit <= 9; digit++) inputs.push(`${digit}${example.slice(1)}`);
  if (typeof prefix === 'string') inputs.push(`${prefix}${example}`, `${prefix} ${example}`);
  if (typeof idd === 'string' && /^\d+$/.test(idd)) inputs.push(`${idd}${code}${example}`);
  const parsed = parsePhoneNumberFromString(`+${code}${example}`, {}, metadata);
  if (parsed) inputs.push(parsed.formatNational(), parsed.formatInternational(), parsed.number);
  return inputs;
}

describe('parsePhoneNumber (our parser against libphonenumber-js)', () => {
  it('loads the metadata of every calling code', async () => {
    await createPhoneParser([...new Set(Object.values(DIAL_CODES))]);
  });

  it('has an example number for nearly every country', () => {
    const missing = countries.filter((country) => !exampleOf(country));
    expect(missing.length, missing.join(' ')).to.be.lessThan(5);
  });

  it('gives the same answers for every country’s example number and its variants', async () => {
    await createPhoneParser([...new Set(Object.values(DIAL_CODES))]);
    const differences: string[] = [];
    let checked = 0;
    for (const country of countries) {
      const example = exampleOf(country);
      if (!example) continue;
      const main = (minMetadata.country_calling_codes as Record<string, string[]>)[
        DIAL_CODES[country]
      ]?.[0];
      for (const input of inputsFor(country, example)) {
        for (const defaultCountry of new Set([country, main, 'US', 'GB', undefined])) {
          const ours = answer(parsePhoneNumber(input, defaultCountry));
          const theirs = reference(input, defaultCountry);
          checked += 1;
          if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
            differences.push(
              `${JSON.stringify(input)} in ${defaultCountry}: ${JSON.stringify(ours)} ≠ ${JSON.stringify(theirs)}`,
            );
          }
        }
      }
    }
    expect(differences.slice(0, 20), `${differences.length} of ${checked}`).to.deep.equal([]);
    expect(checked).to.be.greaterThan(20_000);
  });

  it('tells valid, too short, too long and wrong-prefix numbers apart as libphonenumber-js does', async () => {
    await createPhoneParser([...new Set(Object.values(DIAL_CODES))]);
    const cases: [string, string | undefined][] = [
      ['(213) 373-4253', 'US'],
      ['213-373-4253', 'US'],
      ['1 213 373 4253', 'US'],
      ['+1 (213) 373-4253', undefined],
      ['(023) 373-4253', 'US'],
      ['213 373 425', 'US'],
      ['213 373 42530', 'US'],
      ['213 373 4253 9999', 'US'],
      ['011 44 20 7183 8750', 'US'],
      ['020 7183 8750', 'GB'],
      ['20 7183 8750', 'GB'],
      ['7911 123456', 'GB'],
      ['07911 123456', 'GB'],
      ['+44 (0) 20 7183 8750', undefined],
      ['(604) 253-0123', 'CA'],
      ['(604) 253-0123', 'US'],
      ['876 927 1234', 'US'],
      ['06 12 34 56 78', 'FR'],
      ['+33 6 12 34 56 78', 'US'],
      ['03-1234-5678', 'JP'],
      ['+49 30 901820', 'JP'],
      ['0 30 901820', 'DE'],
      ['15 1234 5678', 'AR'],
      ['011 15-2345-6789', 'AR'],
      ['(0xx11) 9 1234-5678', 'BR'],
      ['8 (912) 345-67-89', 'RU'],
      ['+7 912 345-67-89', undefined],
      ['１２３４５６７８９０', 'US'],
      ['٢١٣٣٧٣٤٢٥٣', 'US'],
      ['tel:+12133734253', undefined],
      ['Call +1 213 373 4253 today', undefined],
      ['213.373.4253', 'US'],
      ['213/373/4253', 'US'],
      ['213 373 4253 x12', 'US'],
      ['+0 213 373 4253', undefined],
      ['+', 'US'],
      ['+1', 'US'],
      ['1', 'US'],
      ['12', 'US'],
      ['', 'US'],
      ['call me', 'US'],
      ['+800 1234 5678', undefined],
      ['+999 1234', 'US'],
    ];
    const differences = cases
      .map(([input, country]) => ({
        input,
        country,
        ours: answer(parsePhoneNumber(input, country)),
        theirs: reference(input, country),
      }))
      .filter(({ ours, theirs }) => JSON.stringify(ours) !== JSON.stringify(theirs))
      // On purpose: extensions are not numbers an SMS can go to (see phone-parser.ts).
      .filter(({ input }) => !/x\d+$/.test(input));
    expect(differences).to.deep.equal([]);
    expect(answer(parsePhoneNumber('213 373 4253 x12', 'US'))).to.equal(undefined);
  });

  it('parses a number of a shared calling code to the right country', async () => {
    await createPhoneParser(['1', '44']);
    expect(answer(parsePhoneNumber('+1 604 253 0123'))).to.deep.equal({
      number: '+16042530123',
      country: 'CA',
      valid: true,
      national: '(604) 253-0123',
    });
    expect(answer(parsePhoneNumber('01481 256789', 'GB'))?.country).to.equal('GG');
  });
});
