/**
 * The passkey product's English texts: what `<velvet-login>` shows of them. They load with the
 * product's chunk, not with the element, so pages without passkeys download none of them. A page
 * overrides any of them by key through the element's `strings`, as it does the core texts. The
 * spec's texts (section 8) are exact.
 */
export const passkeyLoginEn = {
  loginWithPasskey: 'Login with a Passkey',
  passkeyUnknownError: 'Unknown error occurred during passkey authentication. Please try again.',
  passkeyNotFound:
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  passkeyNoAutofill: 'Browser does not support WebAuthn autofill',
  passkeySuccessTitle: 'Success!',
  passkeySuccessText: 'You have successfully logged in with your Passkey.',
} as const;

/**
 * All the passkey texts: `<velvet-login>`'s ({@link passkeyLoginEn}, which alone loads with its
 * product's chunk) and `<velvet-passkey-registration>`'s.
 */
export const passkeysEn = {
  ...passkeyLoginEn,
  passkeyDuplicate:
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  passkeyNotCreated:
    'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  passkeyNoUser:
    'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  passkeyDeleteWarning: 'Once deleted, the passkey cannot be restored.',
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

/** What `<velvet-login>` shows of the passkey texts. */
export type PasskeyLoginStrings = Pick<PasskeyStrings, keyof typeof passkeyLoginEn>;

/**
 * The texts of `english`'s keys ({@link passkeysEn} or {@link passkeyLoginEn}) from `base` (a
 * locale's, English when none) with the page's overrides (only keys of `english`, each of the
 * same type).
 */
export function passkeyStrings<T extends Partial<PasskeyStrings>>(
  english: T,
  overrides: Readonly<Record<string, unknown>>,
  base?: PasskeyStrings,
): T {
  const merged: Record<string, unknown> = { ...english, ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (key in english && typeof value === typeof (english as Record<string, unknown>)[key])
      merged[key] = value;
  }
  return merged as T;
}

/** The passkey product's `velvet-event` types (see `PasskeyEventType` in `events.ts`). */
export const PasskeyEvent = {
  Authenticate: 'PASSKEY_AUTHENTICATE',
  Register: 'PASSKEY_REGISTER',
  Skip: 'PASSKEY_SKIP',
  Done: 'PASSKEY_DONE',
} as const;
