/**
 * Who may change how a user signs in: the one rule every route that adds or removes a sign-in
 * method or a factor, mints recovery codes or changes the password applies (through
 * `signInChangesHook`), and how long an impersonated session may last.
 *
 * - **Second factors guard second factors** (Stytch's rule). Once the user has a verified
 *   authenticator app (TOTP), such a change needs a session that proved it: a `totp` factor or a
 *   `recovery_code` factor (a recovery code proves the user holds codes issued with the app).
 *   Otherwise `403 insufficient_factors`. A user without one may add their first second factor
 *   from any session (Stytch: "if a User does not have enough registered factors to complete MFA,
 *   they are permitted to add a second auth factor"). Passkeys, wallets, phone numbers and email
 *   addresses are ways to sign in on their own here, so they are first factors and do not count.
 * - **Impersonation stays what it is.** An impersonated session (factor `impersonated`) may never
 *   make such a change (`403 unauthorized_action`), nor grant an application access to the
 *   account (`assertNotImpersonated`: a grant's refresh tokens, and a full-access token exchanged
 *   for a session, would outlive it), and never lasts past `IMPERSONATED_SESSION_MAX_MINUTES` from
 *   its start: an extension is cut to that end.
 */
import { ApiError } from '../../http/api-error.js';
import type { UserRecord } from '../users/index.js';
import type { SessionRecord } from './sessions-repository.js';
import './sessions-errors.js';

/** The longest an impersonated session lasts, from its start, whatever extends it (minutes). */
export const IMPERSONATED_SESSION_MAX_MINUTES = 60;

/** The session factor types that prove the user's second factor. */
const SECOND_FACTOR_TYPES: ReadonlySet<unknown> = new Set(['totp', 'recovery_code']);

/** Whether `session` was started by impersonation (`POST /impersonation/authenticate`). */
export function isImpersonated(session: SessionRecord): boolean {
  return session.authenticationFactors.some((factor) => factor.type === 'impersonated');
}

/** Whether the user has a second factor enrolled: a verified authenticator app. */
export function hasSecondFactor(user: UserRecord): boolean {
  return user.totps.some((totp) => totp.verified);
}

/** Whether `session` proved the user's second factor (a TOTP code or a recovery code). */
export function provedSecondFactor(session: SessionRecord): boolean {
  return session.authenticationFactors.some((factor) => SECOND_FACTOR_TYPES.has(factor.type));
}

/**
 * The latest instant `session` may be extended to: its start plus
 * `IMPERSONATED_SESSION_MAX_MINUTES` for an impersonated session, unbounded otherwise.
 */
export function latestExpiry(session: SessionRecord): number {
  return isImpersonated(session)
    ? session.startedAt + IMPERSONATED_SESSION_MAX_MINUTES * 60_000
    : Number.POSITIVE_INFINITY;
}

/**
 * Refuses an impersonated session what only the user's own session may do.
 * @throws ApiError `unauthorized_action`, with `message` when given.
 */
export function assertNotImpersonated(session: SessionRecord, message?: string): void {
  if (isImpersonated(session)) throw new ApiError('unauthorized_action', message);
}

/**
 * Refuses a change to how `user` signs in (adding or removing a method or a factor, minting
 * recovery codes, changing the password) from `session`, unless the session may make it.
 * @throws ApiError `unauthorized_action` for an impersonated session, `insufficient_factors`
 *   when the user has a second factor the session did not prove.
 */
export function assertMayChangeSignIn(session: SessionRecord, user: UserRecord): void {
  assertNotImpersonated(session);
  if (hasSecondFactor(user) && !provedSecondFactor(session)) {
    throw new ApiError('insufficient_factors');
  }
}
