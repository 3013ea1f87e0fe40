/**
 * Google One Tap’s error types: its Google client, its prompts and the ID tokens Google signs.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const oneTapErrors = defineErrors({
  oauth_config_not_found: {
    status: 404,
    message: 'No Google OAuth client is configured for this project.',
    fix: 'Add oauth.providers.google.clientId (your Google Cloud OAuth client id) to the project in the config file.',
  },
  oauth_callback_id_not_found: {
    status: 404,
    message:
      'This One Tap prompt was not started here, was used already, or expired. Please try again.',
  },
  invalid_id_token: {
    status: 401,
    message: 'The Google ID token could not be verified.',
    fix:
      'Check that oauth.providers.google.clientId is the client id the page gives Google, and (in tests) that ' +
      'issuer and jwksUri name the token’s issuer and keys.',
  },
  id_token_expired: { status: 401, message: 'The Google ID token has expired. Please try again.' },
  id_token_nonce_mismatch: {
    status: 401,
    message: 'The Google ID token was not issued for this sign-in (its nonce does not match).',
  },
  oauth_email_not_verified: {
    status: 401,
    message: 'Google has not verified this account’s email address, so it cannot sign in.',
  },
} as const satisfies Record<string, ErrorCode>);

type OneTapErrors = typeof oneTapErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends OneTapErrors {}
}
