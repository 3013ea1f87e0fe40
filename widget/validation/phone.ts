/**
 * Phone-number checks for the phone form (spec section 5). The parser, our own over
 * libphonenumber's metadata of only the calling codes in play (`phone-parser.ts`), is loaded on
 * first use with a dynamic `import()`, so it is a chunk of its own and never part of the
 * widget's first download. Loading may be slow or fail: validation
 * then gives up after 2 seconds and treats the number as valid (the calling code plus the
 * digits, the server checks it again), and formatting for display gives up after 10 seconds and
 * shows the number unchanged.
 */
import { type CountryCode, DIAL_CODES } from './dial-codes.js';

/** The message shown when a phone number does not parse as a valid number of its country. */
export const INVALID_PHONE_MESSAGE = 'Invalid phone number, please try again.';

/** How long {@link validatePhone} waits for the parser before falling back (spec section 9). */
export const PHONE_VALIDATION_TIMEOUT_MS = 2000;

/** How long {@link formatNational} waits for the parser before giving up (spec section 9). */
export const PHONE_FORMAT_TIMEOUT_MS = 10_000;

/** What this module uses of a parsed number (the shape of libphonenumber-js's `PhoneNumber`). */
export interface ParsedPhoneNumber {
  /** The number in E.164, e.g. `'+12133734253'`. */
  readonly number: string;
  /** The number's country (ISO 3166-1 alpha-2), when it has one. */
  readonly country?: string | undefined;
  /** Whether the number is a valid number of its country. */
  isValid(): boolean;
  /** The number as it is written inside its country, e.g. `'(213) 373-4253'`. */
  formatNational(): string;
}

/** What this module uses of the parser (libphonenumber-js's shape); tests inject fakes of it. */
export interface PhoneNumberModule {
  /** Parses `text`, national numbers in `defaultCountry`; `undefined` when it cannot. */
  parsePhoneNumberFromString(
    text: string,
    options?: { defaultCountry?: CountryCode },
  ): ParsedPhoneNumber | undefined;
}

/**
 * Loads the parser, knowing at least the countries of `callingCodes` (`['1']`, `['44']`, each a
 * calling code of {@link DIAL_CODES}).
 */
export type PhoneNumberModuleLoader = (
  callingCodes: readonly string[],
) => Promise<PhoneNumberModule>;

/** The timers the time-outs run on; the client library's `Clock` and its test clock fit. */
export interface PhoneTimers {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of {@link validatePhone} and {@link formatNational}. */
export interface PhoneOptions {
  /** How long to wait for the parser to load and parse. */
  timeoutMs?: number;
  /** Loads the parser; by default {@link loadPhoneNumberModule}. */
  load?: PhoneNumberModuleLoader;
  /** The timers to wait on; by default the global ones. */
  clock?: PhoneTimers;
}

/** The outcome of {@link validatePhone}. */
export type PhoneValidation =
  | { readonly valid: true; readonly e164: string; readonly country?: string | undefined }
  | { readonly valid: false; readonly message: string };

/**
 * Loads the parser and the metadata of `callingCodes`, as lazy chunks; once more when that fails
 * (Chromium asks the server again for a module that failed).
 */
export const loadPhoneNumberModule: PhoneNumberModuleLoader = (callingCodes) => {
  const load = () =>
    import('./phone-parser.js').then((parser) => parser.createPhoneParser(callingCodes));
  return load().catch(load);
};

/** Every calling code of a country. */
let callingCodes: ReadonlySet<string> | undefined;

/**
 * The calling code an international number (its digits after `+`) starts with: of its first
 * one, two and three digits, those that are a country's calling code (calling codes are
 * prefix-free, so at most one of them is).
 */
function leadingCodes(digits: string): string[] {
  callingCodes ??= new Set(Object.values(DIAL_CODES));
  return [1, 2, 3]
    .filter((length) => digits.length > length)
    .map((length) => digits.slice(0, length))
    .filter((code) => callingCodes?.has(code));
}

const globalTimers: PhoneTimers = {
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/**
 * Runs `work`, resolving its result, or `undefined` when it fails or takes longer than
 * `timeoutMs`. The timer is cleared as soon as the work settles.
 */
function withinTimeout<T>(
  work: () => Promise<T>,
  timeoutMs: number,
  clock: PhoneTimers,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: T | undefined): void => {
      if (settled) return;
      settled = true;
      clock.clearTimeout(timer);
      resolve(value);
    };
    const timer = clock.setTimeout(() => finish(undefined), timeoutMs);
    work().then(finish, () => finish(undefined));
  });
}

/**
 * Checks a phone number typed in the phone form. `nationalInput` is the text of the number
 * field as typed in `country` (an international number starting with `+` is accepted too).
 *
 * Resolves `{valid: true, e164}` for a valid number, `{valid: false, message}` with
 * {@link INVALID_PHONE_MESSAGE} for an invalid one or one without digits. When the parser fails
 * to load or takes longer than `timeoutMs` (2 s by default), the number is taken as valid: `+`,
 * the country's calling code and the digits typed.
 */
export async function validatePhone(
  country: CountryCode,
  nationalInput: string,
  options: PhoneOptions = {},
): Promise<PhoneValidation> {
  const {
    timeoutMs = PHONE_VALIDATION_TIMEOUT_MS,
    load = loadPhoneNumberModule,
    clock = globalTimers,
  } = options;
  const digits = nationalInput.replace(/\D/g, '');
  const dialCode: string | undefined = DIAL_CODES[country];
  if (!digits || !dialCode) return { valid: false, message: INVALID_PHONE_MESSAGE };

  const international = nationalInput.trim().startsWith('+');
  const callingCodes = international ? [dialCode, ...leadingCodes(digits)] : [dialCode];
  const parsed = await withinTimeout(
    async () => {
      const phoneNumbers = await load(callingCodes);
      return {
        number: phoneNumbers.parsePhoneNumberFromString(nationalInput, { defaultCountry: country }),
      };
    },
    timeoutMs,
    clock,
  );
  if (!parsed) {
    return { valid: true, e164: international ? `+${digits}` : `+${dialCode}${digits}` };
  }
  if (!parsed.number?.isValid()) return { valid: false, message: INVALID_PHONE_MESSAGE };
  return { valid: true, e164: parsed.number.number, country: parsed.number.country };
}

/**
 * The national format of an E.164 number for display (`'+12133734253'` → `'(213) 373-4253'`).
 * Resolves `e164` unchanged when it does not parse, when the parser fails to load, or when that
 * takes longer than `timeoutMs` (10 s by default).
 */
export async function formatNational(e164: string, options: PhoneOptions = {}): Promise<string> {
  const {
    timeoutMs = PHONE_FORMAT_TIMEOUT_MS,
    load = loadPhoneNumberModule,
    clock = globalTimers,
  } = options;
  const formatted = await withinTimeout(
    async () =>
      (await load(leadingCodes(e164.replace(/\D/g, ''))))
        .parsePhoneNumberFromString(e164)
        ?.formatNational(),
    timeoutMs,
    clock,
  );
  return formatted || e164;
}
