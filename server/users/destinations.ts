/**
 * Normalizing where passcodes go: phone numbers to E.164 with
 * libphonenumber-js (full metadata, so +1 numbers resolve to US or CA), email
 * addresses to lower case, checked against the spec's pattern.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { ApiError } from '../http/api-error.js';

/** A phone number in E.164 with its country. */
export interface NormalizedPhone {
  e164: string;
  country: string | undefined;
}

/**
 * Parses an international phone number (`+` and the country code first).
 * @throws ApiError `invalid_phone_number`
 */
export function normalizePhone(raw: string): NormalizedPhone {
  const parsed = parsePhoneNumberFromString(raw.trim());
  if (!parsed?.isValid()) throw new ApiError('invalid_phone_number');
  return { e164: parsed.number, country: parsed.country };
}

/**
 * Checks that text messages may go to `phone`'s country.
 * @throws ApiError `phone_country_not_allowed`
 */
export function assertCountryAllowed(phone: NormalizedPhone, allowed: readonly string[]): void {
  if (!phone.country || !allowed.includes(phone.country)) {
    throw new ApiError(
      'phone_country_not_allowed',
      `Text messages cannot be sent to phone numbers in ${phone.country ?? 'this country'}.`,
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
