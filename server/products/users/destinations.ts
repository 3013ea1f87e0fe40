/**
 * Normalizing where passcodes go: phone numbers to E.164 with
 * libphonenumber-js (full metadata, so +1 numbers resolve to US or CA), email
 * addresses to lower case, checked against the spec's pattern.
 */
import { createRequire } from 'node:module';
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { ApiError } from '../../http/api-error.js';

/**
 * libphonenumber-js's full metadata (`libphonenumber-js/max`), read on the first phone number:
 * as a module it is a 150 kB object the process would hold from start-up, used or not.
 */
let metadata: MetadataJson | undefined;
const phoneMetadata = (): MetadataJson => {
  metadata ??= createRequire(import.meta.url)('libphonenumber-js/max/metadata') as MetadataJson;
  return metadata;
};

/** A phone number in E.164 with its country and, where the metadata knows it, its type. */
export interface NormalizedPhone {
  e164: string;
  country: string | undefined;
  /** The country calling code, without `+` (`1` for the US and Canada, `44` for the UK). */
  callingCode: string;
  /** The number after the calling code (`4155552671`). */
  nationalNumber: string;
  /** libphonenumber-js's type (`MOBILE`, `FIXED_LINE_OR_MOBILE`, `PREMIUM_RATE`, …). */
  type?: string | undefined;
}

/**
 * Parses an international phone number (`+` and the country code first).
 * @throws ApiError `invalid_phone_number`
 */
export function normalizePhone(raw: string): NormalizedPhone {
  const parsed = parsePhoneNumberFromString(raw.trim(), phoneMetadata());
  if (!parsed?.isValid()) throw new ApiError('invalid_phone_number');
  return {
    e164: parsed.number,
    country: parsed.country,
    callingCode: parsed.countryCallingCode,
    nationalNumber: parsed.nationalNumber,
    type: parsed.getType(),
  };
}

/**
 * The kinds of number no guest texts from, refused by type whatever the country: they cost
 * the sender per message (premium rate, shared cost) or belong to services, not people, and
 * are what SMS pumping aims at. Mobile, fixed-line, VoIP and personal numbers pass.
 */
export const UNTEXTABLE_TYPES: Readonly<Record<string, string>> = {
  PREMIUM_RATE: 'premium-rate numbers',
  SHARED_COST: 'shared-cost numbers',
  TOLL_FREE: 'toll-free numbers',
  UAN: 'company switchboard numbers',
  PAGER: 'pagers',
  VOICEMAIL: 'voicemail access numbers',
};

/**
 * Checks that `phone` is a kind of number that text messages may go to.
 * @throws ApiError `phone_number_type_not_allowed`, naming the kind
 */
export function assertTextable(phone: NormalizedPhone): void {
  const kind = phone.type && UNTEXTABLE_TYPES[phone.type];
  if (kind) {
    throw new ApiError(
      'phone_number_type_not_allowed',
      `Text messages cannot be sent to ${kind}. Please use a mobile number.`,
      { phone_number_type: phone.type },
    );
  }
}

/** Made on first use: ICU's region names cost the process about 6 MiB once loaded. */
let regionNames: Intl.DisplayNames | undefined;

/** `GB` → `the United Kingdom`, `GG` → `Guernsey`: a country's English name, as in a sentence. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const name = regionNames.of(code) ?? code;
  return /^(United|Netherlands|Philippines|Bahamas|Gambia|Czech Republic|Dominican Republic|Central African Republic|Maldives|Marshall Islands|Solomon Islands|Cayman Islands|Falkland Islands|Faroe Islands|Cook Islands|Comoros)\b/.test(
    name,
  )
    ? `the ${name}`
    : name;
}

/** `['US', 'CA']` → `the United States and Canada`. */
export function countryList(codes: readonly string[]): string {
  const names = codes.map(countryName);
  return names.length <= 1
    ? (names[0] ?? 'no country')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Checks that text messages may go to `phone`'s country. The message names the country and
 * the allowed ones; the body also carries `country` and `allowed_countries` (ISO 3166 codes).
 * @throws ApiError `phone_country_not_allowed`
 */
export function assertCountryAllowed(phone: NormalizedPhone, allowed: readonly string[]): void {
  if (!phone.country || !allowed.includes(phone.country)) {
    const where = phone.country ? countryName(phone.country) : 'this country';
    throw new ApiError(
      'phone_country_not_allowed',
      `Text messages cannot be sent to phone numbers in ${where}. ` +
        `Please use a number from ${countryList(allowed)}.`,
      { country: phone.country ?? null, allowed_countries: allowed },
    );
  }
}

/** The spec's email rule: a local part, `@`, a domain, a dot and a TLD of at least two letters. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/**
 * Trims and lower-cases an email address after checking it.
 * @throws ApiError `invalid_email`
 */
export function normalizeEmail(raw: string): string {
  const email = raw.trim();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new ApiError('invalid_email');
  return email.toLowerCase();
}
