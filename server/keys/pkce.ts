/**
 * PKCE (RFC 7636) with S256 only, written once for every flow that binds a secret to the browser
 * that started it: magic links, password resets, OAuth, One Tap and the identity provider.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** What a verifier may be: 43 to 128 unreserved characters (RFC 7636 section 4.1). */
export const CODE_VERIFIER_PATTERN = '^[A-Za-z0-9._~-]{43,128}$';
/** What an S256 challenge is: 43 characters of base64url. */
export const CODE_CHALLENGE_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** The JSON schema of a `code_challenge` field. */
export const codeChallenge = { type: 'string', pattern: CODE_CHALLENGE_PATTERN } as const;
/** The JSON schema of a `code_verifier` field. */
export const codeVerifier = { type: 'string', pattern: CODE_VERIFIER_PATTERN } as const;

const VERIFIER = new RegExp(CODE_VERIFIER_PATTERN);

/** `base64url(sha256(verifier))`: the S256 challenge of `verifier`. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'utf8').digest('base64url');
}

/**
 * Whether `verifier` is a well-formed verifier and the one `challenge` was made from (S256,
 * compared in constant time).
 */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(s256(verifier));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
