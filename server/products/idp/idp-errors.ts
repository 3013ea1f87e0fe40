/**
 * The OpenID Connect provider’s error types: unknown applications and URIs they did not register.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const idpErrors = defineErrors({
  connected_app_not_found: {
    status: 404,
    message: 'No application is registered with this client_id.',
    fix: 'Register the application under idp.clients in the project’s config file (velvet.config.json).',
  },
  invalid_redirect_uri: {
    status: 400,
    message:
      'The redirect_uri is not one of the application’s registered redirect URIs. Please reach out to the application developer.',
    fix: 'Codes go only to URLs listed exactly (scheme, host, port, path and query) in the client’s redirectUris.',
  },
  invalid_post_logout_redirect_uri: {
    status: 400,
    message:
      'The post_logout_redirect_uri is not one of the application’s registered logout URIs. Please reach out to the application developer.',
    fix: 'List it exactly in the client’s postLogoutRedirectUris in the config file.',
  },
  reauthentication_required: {
    status: 401,
    message:
      'The application asks the user to sign in again (prompt=login or max_age): the session’s last authentication is too old.',
    fix: 'Sign the user in again (any product), then repeat the request with the refreshed session.',
  },
  invalid_id_token_hint: {
    status: 400,
    message: 'The id_token_hint was not issued by this project to this application.',
  },
} as const satisfies Record<string, ErrorCode>);

type IdpErrors = typeof idpErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends IdpErrors {}
}
