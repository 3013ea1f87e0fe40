/**
 * The passwords product's English texts. They live in the product's chunk, not in the core
 * catalogue (`widget/strings/en.ts`), so pages without passwords download none of them; a page
 * overrides them through the element's `strings`, as it does the core catalogue's. The spec's
 * texts (section 5) are exact.
 */
import type { ProductContext } from '../product.js';
import { type StringsOf, withProductOverrides } from '../shared/product-strings.js';

/** The texts. */
export const passwordEn = {
  passwordLabel: 'Password',
  createTitle: 'Create an account',
  createText: (email: string) => `Finish creating your account for ${email} by setting a password.`,
  loginTitle: 'Log in',
  loginText: (email: string) => `Enter the password for ${email}.`,
  passwordlessTitle: 'Welcome back',
  passwordlessText: (email: string) => `${email} signs in without a password.`,
  emailMeALink: 'Email me a login link',
  continue: 'Continue',
  forgotPassword: 'Forgot password?',
  createPasswordInstead: 'Create a password instead',
  showPassword: 'Show password',
  strengthLabel: 'Password strength',
  strengthChecking: 'Checking the password…',
  strengthName: (score: number) =>
    ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'][Math.max(0, Math.min(4, score))] ?? '',
  ludsLength: (count: number) =>
    `Must be at least ${count} character${count === 1 ? '' : 's'} long`,
  ludsComplexity: (count: number) =>
    `Must contain ${count} of the following: uppercase letter, lowercase letter, number, symbol`,
  breachWarning:
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  checkYourEmail: 'Check your email',
  forgotTitle: 'Forgot password?',
  resetLinkSent: (email: string) => `A link to reset your password was sent to you at ${email}.`,
  breachedTitle: 'Check your email to reset your password',
  breachedText: (email: string) =>
    `Your password may have been used on a different site that experienced a security issue. To keep your account safe, we sent a link to set a new password to ${email}.`,
  setNewTitle: 'Check your email to set a new password',
  setNewText: (email: string) => `A link to create a password was sent to you at ${email}.`,
  dedupeTitle: 'Check your email to set a new password',
  dedupeText: (email: string) =>
    `We want to make sure your account is secure and that it’s really you logging in. A link to set a password was sent to you at ${email}.`,
  resendLink: 'Resend link',
  linkResent: 'Email resent',
  resetTitle: 'Set a new password',
  resetText: 'Choose a new password for your account.',
  resetSubmit: 'Set password',
  signingIn: 'Signing you in...',
  linkMissing: 'This reset link can no longer be used. Please request a new one.',
  successTitle: 'Success!',
  successText: 'You are signed in.',
} as const;

/** Their shape. */
export type PasswordStrings = StringsOf<typeof passwordEn>;

/** The texts with the page's overrides. */
export function passwordStrings(context: ProductContext): PasswordStrings {
  return withProductOverrides(context.catalogue?.passwords ?? passwordEn, context.pageStrings);
}
