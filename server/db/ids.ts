/** Identifiers in Stytch's style: a kind, the project's environment, a UUID. */
import { randomUUID } from 'node:crypto';

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
