/**
 * The phone-number parser, a lazy chunk the phone form loads on first use: a small parser of
 * our own over libphonenumber's metadata for only the calling codes asked for, each a small
 * chunk of its own (`velvet:phone-metadata`, made by `scripts/phone-metadata.mjs`). A page that
 * texts the US and Canada downloads calling code 1's numbering plans, not the world's, and none
 * of libphonenumber-js's code.
 *
 * It follows libphonenumber-js's `parsePhoneNumberFromString()` (version 1.13, with its `min`
 * metadata) step by step, for what the widget asks of it: whether a number is valid, its E.164
 * form, its country and its national format. `phone-parser.test.ts` checks it against
 * libphonenumber-js on libphonenumber's example numbers of every country, and variants of them
 * (too short, too long, wrong prefix, international, with the national or the IDD prefix).
 *
 * Differences, on purpose: a number with an extension (`x123`, `ext. 5`) or a `tel:` URI with a
 * `phone-context` does not parse (an SMS cannot go to an extension); numbers of non-geographic
 * calling codes (`+800`) do not either, as before.
 */
import { loadCallingCode, type NumberingPlan } from 'velvet:phone-metadata';
import type { ParsedPhoneNumber, PhoneNumberModule } from './phone.js';

/** The numbering plans of each calling code loaded so far, the main country first. */
const plansByCode = new Map<string, readonly NumberingPlan[]>();
/** The numbering plan of each country loaded so far. */
const plansByCountry = new Map<string, NumberingPlan>();

/** Each calling code's load, started once (dropped again when it fails, so a retry reloads). */
const loads = new Map<string, Promise<unknown>>();

function loadOnce(code: string): Promise<unknown> {
  let load = loads.get(code);
  if (!load) {
    load = loadCallingCode(code).then((plans) => {
      // No plans is a failed load (a chunk without its data), so validation falls back.
      if (!plans?.[0]) throw new Error(`no phone metadata for calling code ${code}`);
      plansByCode.set(code, plans);
      for (const plan of plans) plansByCountry.set(plan[0], plan);
    });
    load.catch(() => loads.delete(code));
    loads.set(code, load);
  }
  return load;
}

/** Digits of every script libphonenumber reads: ASCII, full-width, Arabic-Indic, Persian. */
const DIGITS = '0-9\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9';
/** Punctuation allowed between the digits: dashes, slashes, dots, spaces, brackets, tildes. */
const PUNCTUATION =
  '\\-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D\\[\\]~\u2053\u223C\uFF5E';
/** Where a number starts in a text: its `+` or its first digit. */
const NUMBER_START = new RegExp(`[+\uFF0B${DIGITS}]`);
/** What follows a number's last digit in a text. */
const AFTER_NUMBER = new RegExp(`[^${DIGITS}#]+$`);
/** A text that can be a phone number: two digits, or a `+`, three digits or more and punctuation. */
const VIABLE = new RegExp(
  `^[${DIGITS}]{2}$|^[+\uFF0B]?(?:[${PUNCTUATION}]*[${DIGITS}]){3,}[${PUNCTUATION}${DIGITS}]*$`,
);
/** The first zero of each script's digits. */
const ZEROS = [0x30, 0xff10, 0x660, 0x6f0];

/** The shortest and the longest national number (libphonenumber's limits). */
const MIN_NATIONAL_LENGTH = 2;
const MAX_NATIONAL_LENGTH = 17;
/** The longest text parsed. */
const MAX_TEXT_LENGTH = 250;

/** Whether all of `text` matches `pattern`. */
function matchesEntirely(text: string, pattern: string): boolean {
  return new RegExp(`^(?:${pattern})$`).test(text);
}

/** Whether `text` starts with a match of `pattern`. */
function startsWith(text: string, pattern: string): boolean {
  return text.search(pattern) === 0;
}

/** The text's `+` (when first) and digits, all as ASCII. */
function digitsOf(text: string): string {
  let result = '';
  for (const char of text) {
    if (char === '+') {
      if (!result) result = '+';
      continue;
    }
    const code = char.charCodeAt(0);
    const zero = ZEROS.find((start) => code >= start && code <= start + 9);
    if (zero !== undefined) result += code - zero;
  }
  return result;
}

/** The plan of a calling code's main country. */
function mainPlan(callingCode: string): NumberingPlan | undefined {
  return plansByCode.get(callingCode)?.[0];
}

/**
 * Whether `nationalNumber` is a number of one of `plan`'s types (libphonenumber's
 * `getNumberType()` is not `undefined`).
 */
function hasType(nationalNumber: string, plan: NumberingPlan): boolean {
  const types = plan[8];
  return (
    matchesEntirely(nationalNumber, plan[3]) &&
    types !== 0 &&
    types.some(([pattern, lengths = plan[4]]) => {
      if (lengths && !lengths.includes(nationalNumber.length)) return false;
      return matchesEntirely(nationalNumber, pattern);
    })
  );
}

/** Whether `nationalNumber` is valid in `plan` (libphonenumber's `isValidNumber()`). */
function isValidIn(nationalNumber: string, plan: NumberingPlan): boolean {
  return plan[8] ? hasType(nationalNumber, plan) : matchesEntirely(nationalNumber, plan[3]);
}

/**
 * The country of `nationalNumber` among those of `callingCode`: the only one, else the first
 * whose leading digits it starts with, or, for countries without them, whose types it matches.
 */
function countryOf(callingCode: string, nationalNumber: string): string | undefined {
  const plans = plansByCode.get(callingCode);
  if (!plans) return undefined;
  if (plans.length === 1) return plans[0]?.[0];
  return plans.find((plan) =>
    plan[7]
      ? nationalNumber !== '' && startsWith(nationalNumber, plan[7])
      : hasType(nationalNumber, plan),
  )?.[0];
}

/** The national number with the national prefix (and carrier code) removed, as written. */
function withoutNationalPrefix(number: string, plan: NumberingPlan): string {
  const prefix = plan[5];
  if (!number || !prefix) return number;
  const pattern = new RegExp(`^(?:${prefix})`);
  const match = pattern.exec(number);
  if (!match) return number;
  const lastGroup = match.length > 1 ? match[match.length - 1] : undefined;
  const transform = plan[6];
  return transform && lastGroup
    ? number.replace(pattern, transform)
    : number.slice(match[0].length);
}

/**
 * The national number of `number` (digits after the calling code) in `plan`: without its
 * national prefix, unless removing it makes a valid-looking number invalid or of an impossible
 * length (libphonenumber's `extractNationalNumber()`).
 */
function nationalNumberOf(number: string, plan: NumberingPlan): string {
  const national = withoutNationalPrefix(number, plan);
  if (national === number) return number;
  if (matchesEntirely(number, plan[3]) && !matchesEntirely(national, plan[3])) return number;
  if (plan[4]) {
    // Of the country the shorter number belongs to, else of `plan`: shorter than the longest
    // number there, and of no possible length, it is no number with its prefix removed.
    const country = countryOf(plan[1], national);
    const lengths = country ? plansByCountry.get(country)?.[4] : plan[4];
    const longest = lengths ? (lengths[lengths.length - 1] ?? 0) : 0;
    if (lengths && national.length <= longest && !lengths.includes(national.length)) {
      return number;
    }
  }
  return national;
}

/** Whether `nationalNumber` is longer than any of `plan`'s. */
function tooLong(nationalNumber: string, plan: NumberingPlan): boolean {
  const lengths = plan[4];
  return lengths !== 0 && nationalNumber.length > (lengths[lengths.length - 1] ?? 0);
}

/** A calling code and the digits after it. */
interface Split {
  readonly callingCode?: string;
  readonly rest: string;
}

/**
 * The calling code of `number` (a `+` and digits, or digits) and the digits after it: after
 * the `+`, after the default country's IDD prefix (`011 44…` in the US), or, written without
 * either, when the default country's code starts a number too long or invalid without it.
 * `undefined` when it starts with `+` or an IDD prefix but no calling code loaded.
 */
function splitCallingCode(number: string, home: NumberingPlan | undefined): Split | undefined {
  if (number[0] === '+') return splitInternational(number);
  const withoutIdd = home ? withoutIddPrefix(number, home) : undefined;
  if (!withoutIdd || withoutIdd === number) return splitNational(number, home);
  return splitInternational(`+${withoutIdd}`);
}

/**
 * `splitCallingCode` for a number written without `+` or an IDD prefix: the default country's
 * code split off when it starts a number too long or invalid without it, else no code.
 */
function splitNational(number: string, home: NumberingPlan | undefined): Split {
  if (home && number.startsWith(home[1])) {
    const shorter = number.slice(home[1].length);
    const shorterNational = nationalNumberOf(shorter, home);
    const national = nationalNumberOf(number, home);
    if (
      (!matchesEntirely(national, home[3]) && matchesEntirely(shorterNational, home[3])) ||
      tooLong(national, home)
    ) {
      return { callingCode: home[1], rest: shorter };
    }
  }
  return { rest: number };
}

/** `splitCallingCode` for `+` and digits: the loaded calling code they start with, if any. */
function splitInternational(international: string): Split | undefined {
  if (international[1] === '0') return undefined;
  for (let end = 2; end <= 4 && end <= international.length; end++) {
    const callingCode = international.slice(1, end);
    if (plansByCode.has(callingCode)) return { callingCode, rest: international.slice(end) };
  }
  return undefined;
}

/** `number` without the IDD prefix of `plan` it starts with, unless a `0` follows it. */
function withoutIddPrefix(number: string, plan: NumberingPlan): string | undefined {
  const idd = plan[2];
  if (!idd) return undefined;
  const match = new RegExp(idd).exec(number);
  if (match?.index !== 0) return undefined;
  const rest = number.slice(match[0].length);
  return /^\D*0/.test(rest) ? undefined : rest;
}

/** The national format of `nationalNumber` in `plan` (libphonenumber's `formatNational()`). */
function formatIn(nationalNumber: string, plan: NumberingPlan): string {
  const main = mainPlan(plan[1]);
  const formats = plan[9] || main?.[9] || [];
  const format = formats.find(
    ([pattern, , leadingDigits]) =>
      (!leadingDigits || startsWith(nationalNumber, leadingDigits)) &&
      matchesEntirely(nationalNumber, pattern),
  );
  if (!format) return nationalNumber;
  const [pattern, groups, , ownRule] = format;
  const rule = ownRule || plan[10] || main?.[10];
  return nationalNumber.replace(
    new RegExp(pattern),
    rule ? groups.replace(/(\$\d)/, rule) : groups,
  );
}

/**
 * The part of `text` written as a phone number: from its first `+` or digit to its last digit
 * (or `#`); `undefined` when it cannot be one.
 */
function writtenNumber(text: string): string | undefined {
  if (text.length > MAX_TEXT_LENGTH) return undefined;
  const start = text.search(NUMBER_START);
  if (start < 0) return undefined;
  const written = text.slice(start).replace(AFTER_NUMBER, '');
  if (written.length < MIN_NATIONAL_LENGTH || !VIABLE.test(written)) return undefined;
  return written;
}

/**
 * Parses `text` as libphonenumber-js's `parsePhoneNumberFromString(text, {defaultCountry})`
 * does: `undefined` when it is no phone number of a loaded calling code, else the number, which
 * may still be invalid. A default country whose calling code is not loaded is ignored.
 */
export function parsePhoneNumber(
  text: string,
  defaultCountry?: string,
): ParsedPhoneNumber | undefined {
  const written = writtenNumber(text);
  if (written === undefined) return undefined;

  const home = defaultCountry === undefined ? undefined : plansByCountry.get(defaultCountry);
  const split = splitCallingCode(digitsOf(written), home);
  if (!split) return undefined;
  let callingCode = split.callingCode;
  let country: string | undefined;
  let plan: NumberingPlan | undefined;
  if (callingCode) {
    plan = mainPlan(callingCode);
  } else if (split.rest && home) {
    country = home[0];
    plan = home;
    callingCode = home[1];
  }
  if (!plan || !callingCode || !split.rest) return undefined;

  const nationalNumber = nationalNumberOf(split.rest, plan);
  country = countryOf(callingCode, nationalNumber) ?? country;
  if (nationalNumber.length < MIN_NATIONAL_LENGTH || nationalNumber.length > MAX_NATIONAL_LENGTH) {
    return undefined;
  }
  const numberPlan = (country && plansByCountry.get(country)) || plan;
  return {
    number: `+${callingCode}${nationalNumber}`,
    country,
    isValid: () => isValidIn(nationalNumber, numberPlan),
    formatNational: () => formatIn(nationalNumber, numberPlan),
  };
}

/**
 * A parser that knows the countries of `callingCodes` (`['1']`, `['44']`; each must be a calling
 * code of a country, as `phone.ts` asks). Numbers of other calling codes do not parse.
 * @throws when a code's chunk fails to load or holds no numbering plan
 */
export async function createPhoneParser(
  callingCodes: readonly string[],
): Promise<PhoneNumberModule> {
  await Promise.all(callingCodes.map(loadOnce));
  return {
    parsePhoneNumberFromString: (text, options) => parsePhoneNumber(text, options?.defaultCountry),
  };
}
