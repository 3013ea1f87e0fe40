/** Opaque session tokens: 256 random bits, stored only as their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** A new session token (43 characters of base64url). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a session token. A 256-bit random token needs no slow hash. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
