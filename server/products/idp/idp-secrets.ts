/** The identity provider's codes and tokens: made random, and hashed at rest. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new code or token: 256 random bits, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a code or token (256 random bits need no slow hash). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether `secret` hashes to `sha256Hex` (a client secret), in constant time. */
export function secretMatches(secret: string, sha256Hex: string): boolean {
  const computed = createHash('sha256').update(secret).digest();
  const expected = Buffer.from(sha256Hex, 'hex');
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
