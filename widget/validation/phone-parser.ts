/**
 * The phone-number parser, a lazy chunk the phone form loads on first use: libphonenumber-js's
 * core functions over the metadata of only the calling codes asked for, each a small chunk of
 * its own (`velvet:phone-metadata`, made by `scripts/phone-metadata.mjs`). A page that texts
 * the US and Canada downloads calling code 1's metadata (about 1 KB gzip), not the world's.
 */

import { type CallingCodeMetadata, loadCallingCode, version } from 'velvet:phone-metadata';
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { PhoneNumberModule } from './phone.js';

/** The metadata loaded so far, grown one calling code at a time. */
const metadata = {
  version,
  country_calling_codes: {} as Record<string, string[]>,
  countries: {} as Record<string, unknown>,
  nonGeographic: {},
};

/** Each calling code's load, started once (dropped again when it fails, so a retry reloads). */
const loads = new Map<string, Promise<CallingCodeMetadata | undefined>>();

function loadOnce(code: string): Promise<CallingCodeMetadata | undefined> {
  let load = loads.get(code);
  if (!load) {
    load = loadCallingCode(code).then((group) => {
      if (group) {
        metadata.country_calling_codes[code] = [...group.codes];
        Object.assign(metadata.countries, group.countries);
      }
      return group;
    });
    load.catch(() => loads.delete(code));
    loads.set(code, load);
  }
  return load;
}

/**
 * A parser that knows the countries of `callingCodes` (`['1']`, `['44']`; codes the metadata
 * does not know are ignored). Numbers of other calling codes do not parse.
 * @throws when a code's chunk fails to load
 */
export async function createPhoneParser(
  callingCodes: readonly string[],
): Promise<PhoneNumberModule> {
  await Promise.all(callingCodes.map(loadOnce));
  return {
    parsePhoneNumberFromString: (text, options) =>
      parsePhoneNumberFromString(text, options ?? {}, metadata as unknown as MetadataJson),
  };
}
