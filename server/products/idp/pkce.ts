/** PKCE (RFC 7636) with S256 only, and the hashing of codes and tokens at rest. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a verifier may be: 43 to 128 unreserved characters (RFC 7636 section 4.1). */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
/** What an S256 challenge is: 43 characters of base64url. */
export const CODE_CHALLENGE_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** Whether `verifier` is the one `challenge` was made from (S256, compared in constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER_PATTERN.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

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
