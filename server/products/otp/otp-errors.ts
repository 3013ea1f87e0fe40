/**
 * The passcode product’s error types: wrong, expired and over-tried passcodes, and sends refused
 * or undelivered.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const otpErrors = defineErrors({
  otp_code_not_found: {
    status: 404,
    message: 'The passcode is incorrect or was already used. Please try again.',
  },
  otp_code_expired: { status: 401, message: 'Your code has expired.' },
  otp_attempts_exceeded: {
    status: 429,
    message: 'Too many wrong tries for this passcode. Please request a new code.',
  },
  otp_send_rate_limited: {
    status: 429,
    message: 'Too many passcodes were requested. Please wait a few minutes and try again.',
  },
  delivery_failed: {
    status: 502,
    message: 'The passcode could not be delivered. Please try again.',
  },
} as const satisfies Record<string, ErrorCode>);

type OtpErrors = typeof otpErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends OtpErrors {}
}
