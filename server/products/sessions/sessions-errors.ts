/**
 * The sessions product’s error types: a session longer than the project allows, and changes to how
 * a user signs in that its session may not make.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const sessionsErrors = defineErrors({
  session_duration_too_long: {
    status: 400,
    message: 'session_duration_minutes is longer than this project allows.',
    fix:
      'The message and the body (max_session_duration_minutes) give the longest session the project allows. ' +
      'Ask for that or less, or raise sessions.maxDurationMinutes in the config file.',
  },
  insufficient_factors: {
    status: 403,
    message:
      'This account has an authenticator app: enter a code from it (or a recovery code) before changing how it signs in.',
    fix:
      'Once a user has a verified authenticator app, adding or removing a sign-in method or factor, getting new recovery ' +
      'codes and changing the password need a session that passed it: call POST /totps/authenticate (or POST /totps/recover) ' +
      'with the session first, then repeat the call.',
  },
  unauthorized_action: {
    status: 403,
    message:
      'An impersonated session cannot add or remove sign-in methods or factors, or change the password.',
    fix: 'Impersonation is for looking at what the user sees; the user makes these changes from their own session.',
  },
} as const satisfies Record<string, ErrorCode>);

type SessionsErrors = typeof sessionsErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends SessionsErrors {}
}
