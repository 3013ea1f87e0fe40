/**
 * The users product’s error types: factors and metadata of `/users/*`.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const usersErrors = defineErrors({
  email_id_not_found: { status: 404, message: 'The email address could not be found.' },
  phone_id_not_found: { status: 404, message: 'The phone number could not be found.' },
  metadata_too_large: {
    status: 400,
    message: 'untrusted_metadata may hold at most 4096 bytes of JSON.',
  },
  cannot_delete_last_sign_in_method: {
    status: 409,
    message:
      'This is the last way to sign in to this account, so it cannot be removed. Add another one first.',
    fix:
      'A user keeps at least one email address, phone number, passkey or crypto wallet. Add another (for instance ' +
      'with a passcode sent to a new number while signed in), then delete this one.',
  },
  biometric_registration_not_found: {
    status: 404,
    message: 'The biometric registration could not be found.',
  },
  b2b_endpoint_for_consumer_project: {
    status: 400,
    message:
      'This is a B2B endpoint, and the public token belongs to a consumer project. Use the consumer API instead.',
  },
} as const satisfies Record<string, ErrorCode>);

type UsersErrors = typeof usersErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends UsersErrors {}
}
