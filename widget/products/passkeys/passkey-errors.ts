/**
 * What a failed passkey step shows (spec section 8), and the error type reported with it.
 * A prompt the user closed or cancelled is no error: nothing is shown.
 */
import type { PasskeyStrings } from './passkey-strings.js';

/** A message to show, with the error type `velvet-error` carries. */
export interface PasskeyFailure {
  readonly message: string;
  readonly errorType: string;
}

function errorTypeOf(error: unknown): string | undefined {
  const type = (error as { error_type?: unknown } | null)?.error_type;
  return typeof type === 'string' ? type : undefined;
}

function domName(error: unknown): string | undefined {
  return error instanceof DOMException ? error.name : undefined;
}

/** Whether the user closed the browser's prompt, or the page cancelled the request. */
export function isCancelled(error: unknown): boolean {
  const name = domName(error);
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** A failed sign-in: the not-found message for a deleted passkey, the unknown one otherwise. */
export function signInFailure(
  error: unknown,
  strings: Pick<PasskeyStrings, 'passkeyNotFound' | 'passkeyUnknownError'>,
): PasskeyFailure {
  const type = errorTypeOf(error);
  if (type === 'webauthn_registration_not_found') {
    return { message: strings.passkeyNotFound, errorType: type };
  }
  return { message: strings.passkeyUnknownError, errorType: type ?? 'passkey_unknown_error' };
}

/**
 * The server's refusals of a session that may not add a passkey: one that has not passed the
 * user's authenticator app yet, or an impersonated one. Their message says what to do instead.
 */
const SESSION_MAY_NOT: ReadonlySet<string> = new Set([
  'insufficient_factors',
  'unauthorized_action',
]);

/**
 * A failed registration: the duplicate message, the server's own message when the session may
 * not add a passkey, or the not-created one.
 */
export function registrationFailure(error: unknown, strings: PasskeyStrings): PasskeyFailure {
  const type = errorTypeOf(error);
  if (type === 'duplicate_webauthn_registration' || domName(error) === 'InvalidStateError') {
    return { message: strings.passkeyDuplicate, errorType: 'duplicate_webauthn_registration' };
  }
  const serverMessage = (error as { error_message?: unknown } | null)?.error_message;
  if (type && SESSION_MAY_NOT.has(type) && typeof serverMessage === 'string' && serverMessage) {
    return { message: serverMessage, errorType: type };
  }
  return {
    message: strings.passkeyNotCreated,
    errorType: type ?? domName(error) ?? 'passkey_not_created',
  };
}
