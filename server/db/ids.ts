/** Identifiers in Stytch's style: a kind, the project's environment, a UUID. */
import { createHmac, randomUUID } from 'node:crypto';

/** The kinds of object that carry an id. */
export type IdKind =
  | 'project'
  | 'user'
  | 'phone-number'
  | 'email'
  | 'session'
  | 'passcode'
  | 'magic-link'
  | 'webauthn-registration'
  | 'totp'
  | 'impersonation-token'
  | 'oauth-user-registration'
  | 'request-id';

/** A new id such as `user-test-0b5c…`; `environment` is `test` or `live`. */
export function newId(kind: IdKind, environment: 'test' | 'live'): string {
  return `${kind}-${environment}-${randomUUID()}`;
}

/**
 * An id shaped as `newId`'s that is the same every time for `seed` under `secret`: what an answer
 * names for something that exists nowhere, so that asking twice does not tell it from a real one
 * (whose id stays too). The UUID is 122 bits of an HMAC, marked as version 4.
 */
export function stableId(
  kind: IdKind,
  environment: 'test' | 'live',
  secret: string,
  seed: string,
): string {
  const hex = createHmac('sha256', secret).update(`velvet-id:${kind}:${seed}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  const uuid = [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
  return `${kind}-${environment}-${uuid}`;
}
