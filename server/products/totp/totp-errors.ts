/**
 * The TOTP product’s error types: authenticator apps, their codes and the recovery codes.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const totpErrors = defineErrors({
  totp_not_found: {
    status: 404,
    message: 'No authenticator app is set up for this user, or its set-up expired.',
  },
  active_totp_exists: {
    status: 409,
    message: 'This user already has an authenticator app. Remove it before adding another.',
  },
  totp_code_not_found: {
    status: 401,
    message: 'The authenticator code is incorrect. Please try again.',
  },
  totp_code_already_used: {
    status: 401,
    message: 'This authenticator code was already used. Please wait for the next code.',
  },
  recovery_code_not_found: {
    status: 401,
    message: 'The recovery code is incorrect. Please check it and try again.',
  },
  recovery_code_already_used: {
    status: 401,
    message: 'This recovery code was already used. Each recovery code works once.',
  },
} as const satisfies Record<string, ErrorCode>);

type TotpErrors = typeof totpErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends TotpErrors {}
}
