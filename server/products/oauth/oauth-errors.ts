/**
 * The OAuth product’s error types: providers, redirect URLs, states, PKCE and the provider’s
 * answers.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const oauthErrors = defineErrors({
  oauth_provider_not_configured: {
    status: 400,
    message: 'This OAuth provider is not set up for the project.',
    fix:
      'Add the provider with its app’s clientId and clientSecret under oauth.providers in the config file ' +
      '(velvet.config.json), put "oauth" in the project’s products, and restart the server.',
  },
  oauth_no_redirect_urls_set: {
    status: 400,
    message: 'The project lists no redirect URL for OAuth sign-ins.',
    fix: 'Add the page that completes the sign-in to oauth.loginRedirectURLs in the config file.',
  },
  oauth_invalid_state: {
    status: 400,
    message:
      'This sign-in request expired or was already used, or did not come from this server. Please start again.',
  },
  oauth_provider_error: {
    status: 401,
    message: 'The provider did not sign you in. Please try again.',
  },
  oauth_invalid_id_token: {
    status: 401,
    message:
      'The provider’s ID token could not be verified (signature, issuer, audience, expiry or nonce). Please try again.',
  },
  oauth_provider_unreachable: {
    status: 502,
    message:
      'The provider could not be reached or gave an answer that could not be read. Please try again.',
    fix:
      'Check the provider’s clientId and clientSecret, the redirect URL registered with its app, and that the ' +
      'server can reach the provider’s endpoints.',
  },
  oauth_token_not_found: {
    status: 404,
    message:
      'The OAuth token could not be authenticated: it was already used, it expired, or it is not valid. Please sign in again.',
  },
  oauth_pkce_expected_code_verifier: {
    status: 400,
    message:
      'This sign-in was started with a pkce code_challenge: send its code_verifier, from the browser that started it.',
  },
  oauth_pkce_mismatch: {
    status: 400,
    message:
      'The pkce code_verifier does not match the code_challenge this sign-in was started with.',
  },
  oauth_user_registration_not_found: {
    status: 404,
    message: 'The OAuth provider account could not be found.',
  },
  oauth_attach_token_not_found: {
    status: 404,
    message:
      'The OAuth attach token is not valid: it was already used, it expired, or it was made for another provider. Please start again.',
    fix: 'Call oauth.attach(provider) again right before the same provider’s start, and pass its oauth_attach_token once.',
  },
  oauth_account_linked_to_another_user: {
    status: 409,
    message:
      'This provider account already signs in another user, so it cannot be linked to yours.',
  },
} as const satisfies Record<string, ErrorCode>);

type OAuthErrors = typeof oauthErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends OAuthErrors {}
}
