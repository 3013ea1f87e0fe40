/**
 * The passkey product's English texts. They load with the product's chunk, not with the element,
 * so pages without passkeys download none of them. A page overrides any of them by key through
 * the element's `strings`, as it does the core texts. The spec's texts (section 8) are exact.
 */
export const passkeysEn = {
  loginWithPasskey: 'Login with a Passkey',
  passkeyUnknownError: 'Unknown error occurred during passkey authentication. Please try again.',
  passkeyNotFound:
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  passkeyDuplicate:
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  passkeyNotCreated:
    'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  passkeyNoUser:
    'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  passkeyDeleteWarning: 'Once deleted, the passkey cannot be restored.',
  passkeyNoAutofill: 'Browser does not support WebAuthn autofill',
  passkeySuccessTitle: 'Success!',
  passkeySuccessText: 'You have successfully logged in with your Passkey.',
  registerTitle: 'Set up a new Passkey',
  registerText:
    'Passkeys let you sign in with your face, fingerprint or screen lock: nothing to type, nothing to phish.',
  createPasskey: 'Create a Passkey',
  skip: 'Skip',
  registrationSuccessTitle: 'Passkey successfully created!',
  yourPasskeys: 'Your Passkeys',
  noPasskeys: 'You have no passkeys yet.',
  rename: 'Edit',
  renameLabel: (name: string) => `Edit ${name}`,
  passkeyName: 'Passkey name',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete ${name}`,
  setUpAnother: 'Set up another Passkey',
  done: 'Done',
} as const;

/** The passkey texts' shape. */
export type PasskeyStrings = {
  [K in keyof typeof passkeysEn]: (typeof passkeysEn)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

/**
 * The texts of `base` (a locale's, English by default) with the page's overrides (only known
 * keys of the same type).
 */
export function passkeyStrings(
  overrides: Readonly<Record<string, unknown>>,
  base: PasskeyStrings = passkeysEn,
): PasskeyStrings {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (key in passkeysEn && typeof value === typeof (passkeysEn as Record<string, unknown>)[key])
      merged[key] = value;
  }
  return merged as PasskeyStrings;
}

/** The passkey product's `velvet-event` types (see `PasskeyEventType` in `events.ts`). */
export const PasskeyEvent = {
  Authenticate: 'PASSKEY_AUTHENTICATE',
  Register: 'PASSKEY_REGISTER',
  Skip: 'PASSKEY_SKIP',
  Done: 'PASSKEY_DONE',
} as const;
