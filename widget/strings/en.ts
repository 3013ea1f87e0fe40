/**
 * The widget's English texts: one typed catalogue (the passcode screens' are in their chunk,
 * `widget/products/otp/passcode-strings.ts`). The spec's texts are
 * exact; a page overrides any of them through the element's `strings`.
 */
import { withProductOverrides } from '../products/shared/product-strings.js';

export const en = {
  mainTitle: 'Sign up or log in',
  tabText: 'Text',
  tabWhatsApp: 'WhatsApp',
  tabEmail: 'Email',
  phoneLabel: 'Phone number',
  phonePlaceholder: '(123) 456-7890',
  countryLabel: 'Country code',
  emailLabel: 'Email',
  emailPlaceholder: 'example@email.com',
  continueWithText: 'Continue with text message',
  continueWithWhatsApp: 'Continue with WhatsApp',
  continueWithEmail: 'Continue with email',
  invalidEmail: 'Invalid email address, please try again.',
  invalidPhone: 'Invalid phone number, please try again.',
  countryNotAllowed: (country: string, allowed: string) =>
    `Text messages cannot be sent to phone numbers in ${country}. Please use a number from ${allowed}.`,
  didNotGetIt: 'Didn’t get it?',
  genericError: 'Looks like there was an error!',
  genericErrorAdvice: 'Please use the back arrow to try again.',
  loadFailed: 'Part of the sign-in did not load. Please check your connection and try again.',
  tryAgain: 'Try again',
  back: 'Back',
  loading: 'Loading',
  dismiss: 'Dismiss',
  methodTabsLabel: 'Sign-in method',
  noProducts: 'No sign-in method is available.',
  divider: 'or',
} as const;

/** The catalogue's shape: every text, or a function for texts with values. */
export type Strings = {
  [K in keyof typeof en]: (typeof en)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

/**
 * The texts of `base` (English, or a loaded locale's core catalogue) with a page's overrides on
 * top (unknown keys and wrong types are ignored), as the products' texts take them.
 */
export function withOverrides(
  overrides: Partial<Strings> | undefined,
  base: Strings = en,
): Strings {
  return withProductOverrides(base, overrides ?? {});
}
