/**
 * Magic-link tokens: 256 random bits (43 characters of base64url), stored only as their SHA-256,
 * and the PKCE S256 check of RFC 7636.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new token for a link. */
export function newMagicLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. A 256-bit random token needs no slow hash. */
export function hashMagicLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `verifier` is the one `challenge` (S256: base64url of its SHA-256) was made from. */
export function pkceVerifierMatches(verifier: string, challenge: string): boolean {
  const actual = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
