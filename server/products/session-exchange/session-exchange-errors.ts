/**
 * The session exchange’s error types: access tokens and trusted issuers’ tokens that cannot start
 * a session.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const sessionExchangeErrors = defineErrors({
  user_not_found: { status: 404, message: 'The user could not be found.' },
  invalid_access_token: {
    status: 401,
    message: 'The access token is not valid: it expired, or this project did not issue it.',
  },
  trusted_auth_token_profile_not_found: {
    status: 404,
    message: 'The project has no trusted token profile with this profile_id.',
    fix: 'List the profile under sessions.attestProfiles in the config file (issuer, audience, jwksUrl, userClaim).',
  },
  invalid_trusted_auth_token: {
    status: 401,
    message: 'The token is not valid for this trusted token profile.',
  },
  trusted_auth_token_already_used: {
    status: 401,
    message:
      'This token was accepted already: a trusted token starts one session. Ask its issuer for a new one.',
  },
  trusted_auth_token_issuer_unavailable: {
    status: 502,
    message: 'The token issuer’s keys could not be fetched. Please try again.',
  },
} as const satisfies Record<string, ErrorCode>);

type SessionExchangeErrors = typeof sessionExchangeErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends SessionExchangeErrors {}
}
