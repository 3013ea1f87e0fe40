/**
 * Passcodes: six digits from the operating system's CSPRNG, stored as an
 * HMAC-SHA256 keyed with the server secret (a plain hash of six digits falls
 * to a brute force in milliseconds) and bound to their `method_id`.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** The number of digits of a passcode (spec section 9). */
export const PASSCODE_LENGTH = 6;

/** A new passcode such as `042917`. */
export function generatePasscode(): string {
  return randomInt(0, 10 ** PASSCODE_LENGTH)
    .toString()
    .padStart(PASSCODE_LENGTH, '0');
}

/** The stored form of `code` for `methodId`. */
export function hashPasscode(secret: string, methodId: string, code: string): string {
  return createHmac('sha256', secret).update(`${methodId}:${code}`).digest('hex');
}

/** Compares `code` with a stored hash in constant time. */
export function passcodeMatches(
  secret: string,
  methodId: string,
  code: string,
  storedHash: string,
): boolean {
  const actual = Buffer.from(hashPasscode(secret, methodId, code), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
