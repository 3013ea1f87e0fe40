/** The spec's passcode rule (sections 5 and 9): exactly six digits. */

/** How many digits a passcode has. */
export const PASSCODE_LENGTH = 6;

/** Exactly {@link PASSCODE_LENGTH} ASCII digits, nothing else. */
export const PASSCODE_PATTERN = /^[0-9]{6}$/;

/** The message shown when {@link isValidPasscode} fails. */
export const INVALID_PASSCODE_MESSAGE = 'Invalid passcode, please try again.';

/** Whether `text` is exactly six ASCII digits (no spaces, signs or other scripts' digits). */
export function isValidPasscode(text: string): boolean {
  return PASSCODE_PATTERN.test(text);
}
