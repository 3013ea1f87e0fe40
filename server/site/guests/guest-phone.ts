/**
 * A guest's phone number as a host types it (on the command line, in a CSV file or in the hosts'
 * page), the reasons one is refused, and how it is shown. The messages are the ones hosts read
 * in both places: `npm run guests` prints them, the hosts' page shows them.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import {
  countryList,
  countryName,
  normalizePhone,
  UNTEXTABLE_TYPES,
} from '../../products/users/index.js';
import type { Project } from '../../projects/projects-repository.js';

/** An expected refusal (a bad or unknown number, a bad name): its message is for the host. */
export class GuestListError extends Error {
  /**
   * @param field what the host typed wrong, when it is one thing: the number or the name
   */
  constructor(
    message: string,
    readonly field?: 'phone' | 'name',
  ) {
    super(message);
    this.name = 'GuestListError';
  }
}

/** The guest the host named (by id) is not on the project's list of numbers. */
export class UnknownGuestError extends GuestListError {
  constructor() {
    super('No such guest: the list may have changed; reload it.');
    this.name = 'UnknownGuestError';
  }
}

/** The number the host gave belongs to another account: nothing was changed. */
export class NumberTakenError extends GuestListError {
  constructor(message: string) {
    super(message, 'phone');
    this.name = 'NumberTakenError';
  }
}

/** A phone number read from the command line, a CSV file or the hosts' page. */
export interface GuestPhone {
  /** E.164, as the server stores it. */
  e164: string;
  /** ISO 3166 country, when the number has one. */
  country: string | undefined;
}

/**
 * Reads a phone number as a host types it: international with `+`, or a US
 * number without it (`415 555 2671`, `(415) 555-2671`, `1-415-555-2671`).
 * @throws GuestListError when it is not a valid number, or is a kind no text reaches (toll-free, premium rate…).
 */
export function parseGuestPhone(raw: string): GuestPhone {
  const typed = raw.trim();
  let candidate = typed;
  if (!typed.startsWith('+')) {
    const digits = typed.replace(/[\s().-]/g, '');
    if (/^\d{10}$/.test(digits)) candidate = `+1${digits}`;
    else if (/^1\d{10}$/.test(digits)) candidate = `+${digits}`;
    else if (/^00\d{6,}$/.test(digits)) candidate = `+${digits.slice(2)}`;
  }
  const shown = typed === '' ? '(empty)' : `"${typed.slice(0, 64)}"`;
  let phone: ReturnType<typeof normalizePhone>;
  try {
    phone = normalizePhone(candidate);
  } catch {
    throw new GuestListError(
      `${shown} is not a valid phone number ` +
        '(use +<country code><number>, or 10 digits for the US).',
      'phone',
    );
  }
  const kind = phone.type && UNTEXTABLE_TYPES[phone.type];
  if (kind) {
    throw new GuestListError(
      `${shown} is one of the ${kind}, which cannot receive text messages; ask the guest for a mobile number.`,
      'phone',
    );
  }
  return { e164: phone.e164, country: phone.country };
}

/** The country of a stored E.164 number, when it has one. */
export function phoneCountry(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/**
 * Why a guest's number cannot receive the project's text messages, or `undefined` when it can:
 * `+442071838750 is a number in the United Kingdom, but this project texts only the United
 * States and Canada (sms.allowedCountries), so this guest cannot sign in by SMS.`
 */
export function countryWarning(phone: GuestPhone, project: Project): string | undefined {
  const allowed = project.settings.sms.allowedCountries;
  if (phone.country && allowed.includes(phone.country)) return undefined;
  const where = phone.country
    ? `a number in ${countryName(phone.country)}`
    : 'not tied to a country';
  return (
    `${phone.e164} is ${where}, but this project texts only ${countryList(allowed)} ` +
    '(sms.allowedCountries), so this guest cannot sign in by SMS.'
  );
}

/** `+14155552671` → `(415) 555-2671`; the E.164 text when it cannot be formatted. */
export function nationalFormat(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/** `+14155552671` → `+1 415 555 2671` (how the hosts' page and the audit log show a number). */
export function internationalFormat(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
