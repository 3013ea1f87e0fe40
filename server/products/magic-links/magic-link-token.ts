/**
 * Magic-link tokens: 256 random bits (43 characters of base64url), stored only as their SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new token for a link. */
export function newMagicLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. A 256-bit random token needs no slow hash. */
export function hashMagicLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
