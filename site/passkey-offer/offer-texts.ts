/**
 * The passkey offer's words, in the registration element's keys (`PasskeyStrings`): the same
 * for every guest and nothing about the party, so they may sit in a public chunk.
 */
export const offerTexts = {
  registerTitle: 'Sign in faster next time',
  registerText:
    'Save a passkey on this device and come back with your face, fingerprint or screen lock, without waiting for a text.',
  createPasskey: 'Create a passkey',
  skip: 'No thanks',
  registrationSuccessTitle: 'Passkey saved: next time, no text needed.',
  done: 'Done',
} as const;

/** The offer region's accessible name. */
export const OFFER_LABEL = 'Passkey';

/** The line that replaces the offer once the guest answered it, by answer. */
export const offerOutcomes = {
  skipped: 'No passkey, then: you sign in with a text, and we won’t ask again on this device.',
  done: 'Next time, sign in with your passkey: no text needed.',
} as const;
