/**
 * Values the fuzz test puts anywhere a request carries data: edge strings and numbers, odd keys,
 * random JSON.
 */
import type { Random } from './random.js';

/**
 * Strings at the edges: empty, control characters, NUL, lone surrogates, injections, phone numbers
 * and emails just right and just wrong, lengths at the usual limits.
 */
export const EDGE_STRINGS = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  'null',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀',
  'é',
  '\u202e\u0645',
  '\ufeff',
  '\n\r\t\v\f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '%s%n%x',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '+14155552671',
  '+14155550100',
  '4155552671',
  '+1415555267',
  '+999999999999999',
  '+14155552671\u0000',
  '+1 (415) 555-2671 ext. 9',
  '+447911123456',
  'ada@example.com',
  ' ADA@Example.COM ',
  'a@b',
  '@',
  'a@b.c\u0000m',
  '123456',
  '000000',
  '12345',
  '1234567',
  '１２３４５６',
  'phone-number-test-00000000-0000-4000-8000-000000000000',
  'email-test-00000000-0000-4000-8000-000000000000',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(128),
  'x'.repeat(129),
  'x'.repeat(255),
  'x'.repeat(4097),
] as const;

/** Numbers at the edges: zeros, the usual limits and one past them, fractions, huge values. */
const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  4,
  5,
  59,
  60,
  61,
  527_040,
  527_041,
  1.5,
  0.1,
  1e-7,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
] as const;

/** Keys that a careless merge could turn into prototype pollution. */
export const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  '\u0000',
  '😀',
  'a.b',
  '$where',
];

/** A random JSON value of any type, at most `depth` levels deep. */
export function jsonValue(random: Random, depth = 3): unknown {
  const kind = random.int(0, depth > 0 ? 8 : 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick(EDGE_NUMBERS);
    case 3:
      return random.int(-1_000_000, 1_000_000) / random.pick([1, 1, 7, 1000]);
    case 4:
    case 5:
      return random.pick(EDGE_STRINGS);
    case 6:
      return random.text(random.int(0, 40));
    case 7:
      return Array.from({ length: random.int(0, 5) }, () => jsonValue(random, depth - 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(0, 5); i > 0; i--) {
        const key = random.chance(0.3) ? random.pick(ODD_KEYS) : random.text(random.int(1, 12));
        object[key] = jsonValue(random, depth - 1);
      }
      return object;
    }
  }
}
