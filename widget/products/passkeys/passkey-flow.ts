/** What the passkey product's pieces share: the session length, success, texts, the screens. */
import type { WebAuthnAuthenticateResponse } from '../../client/webauthn-client.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import {
  PasskeyEvent,
  type PasskeyLoginStrings,
  passkeyLoginEn,
  passkeyStrings,
} from './passkey-strings.js';

/** How many times the autofill sign-in is tried on the main screen (spec section 9). */
export const AUTOFILL_ATTEMPTS = 5;

/** The passkey texts, with the page's overrides. */
export function textsOf(context: ProductContext): PasskeyLoginStrings {
  return passkeyStrings(passkeyLoginEn, context.pageStrings, context.catalogue?.passkeys);
}

/** Whether the config has a product with an email or phone field (where autofill shows). */
export function hasFieldProduct(context: ProductContext): boolean {
  return context.config.products.some(
    (product) => product === 'otp' || product === 'emailMagicLinks' || product === 'passwords',
  );
}

/** A sign-in succeeded: tell the page, clear the error, show the confirmation. */
export function signedIn(context: ProductContext, response: WebAuthnAuthenticateResponse): void {
  context.emitEvent(PasskeyEvent.Authenticate, { ...response });
  context.dispatch({ type: 'clear-error' });
  context.dispatch({ type: 'transition', screen: Screen.PasskeyConfirmation });
}

/** Loads the confirmation screen (a chunk of its own). */
export function loadPasskeyScreens(): Promise<unknown> {
  return import('./passkey-confirmation-screen.js');
}
