/**
 * The impersonation product’s error types: tokens that cannot start a session.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const impersonationErrors = defineErrors({
  impersonation_token_not_found: {
    status: 404,
    message: 'The impersonation token is not valid: it was already used, or it never existed.',
  },
  impersonation_token_expired: {
    status: 401,
    message: 'The impersonation token expired. Mint a new one.',
  },
} as const satisfies Record<string, ErrorCode>);

type ImpersonationErrors = typeof impersonationErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends ImpersonationErrors {}
}
