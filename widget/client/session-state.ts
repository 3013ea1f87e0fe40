/**
 * The shapes of the local session state: what is kept, the states it moves through, and the
 * change notice subscribers receive.
 */

import { isSession, isUser, type Session, type User } from './api-types.js';
import { isObject } from './type-checks.js';

/** A live session as the client keeps it (storage, memory, and the other tabs). */
export interface SessionData {
  /** The opaque session token (also in the `velvet_session` cookie). */
  readonly sessionToken: string;
  /** The session JWT (also in the `velvet_session_jwt` cookie). */
  readonly sessionJwt: string;
  readonly session: Session;
  readonly user: User;
}

/**
 * The lifecycle of the local session: signed out, signed in after any successful
 * authenticate, refreshed in the background, destroyed (revoke, unrecoverable error, or
 * failed refresh). Signing in again after `destroyed` starts over at `signed_in`.
 */
export const SessionStatus = {
  SIGNED_OUT: 'signed_out',
  SIGNED_IN: 'signed_in',
  REFRESHED: 'refreshed',
  DESTROYED: 'destroyed',
} as const;

/** One of {@link SessionStatus}. */
export type SessionStatus = (typeof SessionStatus)[keyof typeof SessionStatus];

/** Why the session changed. */
export const SessionChangeReason = {
  /** A call (OTP authenticate, session authenticate) issued a session. */
  AUTHENTICATED: 'authenticated',
  /** The background or focus refresh confirmed and extended the session. */
  REFRESHED: 'refreshed',
  /** The user object was fetched or updated. */
  USER_UPDATED: 'user_updated',
  /** The session was revoked on purpose. */
  REVOKED: 'revoked',
  /** The server answered with an unrecoverable error type. */
  UNRECOVERABLE_ERROR: 'unrecoverable_error',
  /** The background refresh ran out of attempts. */
  REFRESH_FAILED: 'refresh_failed',
  /** The stored session had already expired. */
  EXPIRED: 'expired',
} as const;

/** One of {@link SessionChangeReason}. */
export type SessionChangeReason = (typeof SessionChangeReason)[keyof typeof SessionChangeReason];

/** What subscribers hear on every change of the session. */
export interface SessionChange {
  readonly status: SessionStatus;
  /** The session now held, or `null` once signed out or destroyed. */
  readonly data: SessionData | null;
  readonly reason: SessionChangeReason;
  /** `true` when the change happened in another tab or client instance and was synced here. */
  readonly remote: boolean;
}

/** A subscriber to session changes. */
export type SessionListener = (change: SessionChange) => void;

/** Whether `value` is a complete {@link SessionData} (used on anything read back from storage). */
export function isSessionData(value: unknown): value is SessionData {
  return (
    isObject(value) &&
    typeof value.sessionToken === 'string' &&
    typeof value.sessionJwt === 'string' &&
    isSession(value.session) &&
    isUser(value.user)
  );
}
