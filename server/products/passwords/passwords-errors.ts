/**
 * The passwords product’s error types: wrong, weak, breached and unreadable passwords, and resets.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const passwordsErrors = defineErrors({
  unauthorized_password: {
    status: 401,
    message: 'The email or password is incorrect. Please try again.',
  },
  reset_password: {
    status: 400,
    message:
      'This account has no password yet. We have sent a link to your email to set one, so we know it is you.',
    fix: 'The widget answers this by sending a password reset email (the Dedupe screen).',
  },
  session_too_old_to_reset_password: {
    status: 400,
    message:
      'To change your password, please sign in again first: the session must have used a password, an email link or an email passcode in the last 5 minutes.',
    fix: 'Sign the user in again (password, email magic link or email passcode), then call POST /passwords/session/reset within 5 minutes.',
  },
  weak_password: {
    status: 400,
    message: 'This password is too weak. Please choose a stronger one.',
    fix: 'POST /passwords/strength_check tells what the project’s policy still asks of a password.',
  },
  breached_password: {
    status: 400,
    message:
      'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  },
  invalid_password: {
    status: 400,
    message: 'The password must be text (valid Unicode, sent as UTF-8).',
  },
  password_reset_token_not_found: {
    status: 404,
    message: 'This reset link is not valid or was already used. Please request a new one.',
  },
  password_reset_token_expired: {
    status: 401,
    message: 'This reset link has expired. Please request a new one.',
  },
  reset_redirect_url_not_allowed: {
    status: 400,
    message: 'The redirect URL is not on the project’s list of password reset URLs.',
    fix:
      'List the exact URL in passwords.resetRedirectUrls of the project in the config file; ' +
      'the first listed is used when a request names none.',
  },
  login_redirect_url_not_allowed: {
    status: 400,
    message: 'The login redirect URL is not on the project’s list of login redirect URLs.',
    fix:
      'List the exact URL in emailMagicLinks.loginRedirectURLs (or passwords.resetRedirectUrls) of the ' +
      'project in the config file, or send one that is listed.',
  },
} as const satisfies Record<string, ErrorCode>);

type PasswordsErrors = typeof passwordsErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends PasswordsErrors {}
}
