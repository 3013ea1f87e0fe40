/**
 * The identity provider screen's texts (spec sections 2, 4, 6 and 8): English here, the other
 * languages in the locale catalogues (`widget/strings/`), and a page's overrides by key through
 * the element's `strings`.
 */
import { type StringsOf, withProductOverrides } from '../shared/product-strings.js';

/** Every text of the consent and logout screens, in English. */
export const IDP_STRINGS_EN = {
  /** The consent title for the standard scopes. */
  consentTitle: (clientName: string) => `Sign in to ${clientName} with your account`,
  /** The consent title when the application asks for other scopes. */
  consentTitleWantsAccess: (clientName: string) => `${clientName} wants to access your account`,
  consentGrantable: (clientName: string) => `${clientName} will be able to:`,
  consentUngrantable: 'It also asked for access that it cannot be given:',
  /** The application's name when it has none (spec section 9). */
  defaultClientName: 'The App',
  /**
   * What a scope lets the application do: the server's English description (`described`) here;
   * a translation's own words for the standard scopes.
   */
  scopeDescription: (_scope: string, described: string) => described,
  allow: 'Allow',
  deny: 'Deny',
  denied: 'Access to the application was denied.',
  noSession: 'No active session detected. Please log in to continue.',
  /** Instead of `noSession` when the application asks for a fresh sign-in (`prompt=login`, `max_age`). */
  signInAgain: 'Please sign in again to continue.',
  missingParameter: (param: string) =>
    `Required parameter is missing: ${param}. Please reach out to the application developer.`,
  logoutTitle: 'Are you sure you want to log out of your account?',
  yes: 'Yes',
  no: 'No',
  notLoggedOut: 'You have not been logged out. You may close this page.',
  redirecting: 'Returning you to the application…',
  loading: 'Loading',
} as const;

/** Their shape. */
export type IdpStrings = StringsOf<typeof IDP_STRINGS_EN>;

/** The languages with a translation of these texts besides English, each its own chunk. */
const TRANSLATIONS: Readonly<Record<string, () => Promise<{ default: IdpStrings }>>> = {
  es: () => import('../../strings/idp-es.js'),
  fr: () => import('../../strings/idp-fr.js'),
};

/** The texts in the language of `locale` (`es`, `fr-CA`…); `undefined` for English and others. */
export async function loadIdpTranslation(locale: string): Promise<IdpStrings | undefined> {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  const load = Object.hasOwn(TRANSLATIONS, language) ? TRANSLATIONS[language] : undefined;
  return load ? (await load()).default : undefined;
}

/** The texts of `base` (English, or a loaded locale's) with the page's overrides. */
export function idpStrings(
  overrides: Readonly<Record<string, unknown>>,
  base: IdpStrings = IDP_STRINGS_EN,
): IdpStrings {
  return withProductOverrides(base, overrides);
}
