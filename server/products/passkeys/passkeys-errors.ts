/**
 * The passkey product’s error types: WebAuthn domains, credentials, challenges and registrations.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const passkeysErrors = defineErrors({
  invalid_webauthn_domain: {
    status: 400,
    message: 'This domain may not be used for passkeys in this project.',
    fix:
      'The domain (RP ID) must be the hostname of one of the project’s authorizedOrigins (or of the server’s own ' +
      'origin), or a parent domain of one, and contain the page asking. Add the page’s origin to authorizedOrigins.',
  },
  invalid_public_key_credential: {
    status: 400,
    message:
      'Invalid public key credential. Please confirm you’re passing a correctly formatted public key credential.',
  },
  webauthn_challenge_not_found: {
    status: 400,
    message:
      'The passkey request expired or was already used, or belongs to another user or project. Please try again.',
  },
  webauthn_registration_not_found: {
    status: 404,
    message:
      'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  },
  duplicate_webauthn_registration: {
    status: 409,
    message:
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  },
  unable_to_auth_webauthn_registration: {
    status: 401,
    message: 'WebAuthn registration could not be authenticated.',
  },
} as const satisfies Record<string, ErrorCode>);

type PasskeysErrors = typeof passkeysErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends PasskeysErrors {}
}
