/** The identity provider screen's texts (spec sections 2, 4, 6 and 8), overridable by key. */

/** Every text of the consent and logout screens. */
export interface IdpStrings {
  /** The consent title for the standard scopes. */
  consentTitle: (clientName: string) => string;
  /** The consent title when the application asks for other scopes. */
  consentTitleWantsAccess: (clientName: string) => string;
  consentGrantable: (clientName: string) => string;
  consentUngrantable: string;
  allow: string;
  deny: string;
  denied: string;
  noSession: string;
  /** Instead of `noSession` when the application asks for a fresh sign-in (`prompt=login`, `max_age`). */
  signInAgain: string;
  missingParameter: (param: string) => string;
  logoutTitle: string;
  yes: string;
  no: string;
  notLoggedOut: string;
  redirecting: string;
  loading: string;
}

/** The English texts. */
export const IDP_STRINGS_EN: IdpStrings = {
  consentTitle: (name) => `Sign in to ${name} with your account`,
  consentTitleWantsAccess: (name) => `${name} wants to access your account`,
  consentGrantable: (name) => `${name} will be able to:`,
  consentUngrantable: 'It also asked for access that it cannot be given:',
  allow: 'Allow',
  deny: 'Deny',
  denied: 'Access to the application was denied.',
  noSession: 'No active session detected. Please log in to continue.',
  signInAgain: 'Please sign in again to continue.',
  missingParameter: (param) =>
    `Required parameter is missing: ${param}. Please reach out to the application developer.`,
  logoutTitle: 'Are you sure you want to log out of your account?',
  yes: 'Yes',
  no: 'No',
  notLoggedOut: 'You have not been logged out. You may close this page.',
  redirecting: 'Returning you to the application…',
  loading: 'Loading',
};

/** The English texts with the page's overrides. */
export function idpStrings(overrides: Partial<IdpStrings>): IdpStrings {
  return { ...IDP_STRINGS_EN, ...overrides };
}
