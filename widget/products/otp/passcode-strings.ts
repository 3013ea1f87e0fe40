/**
 * The passcode screens' English texts (entering the code, resending it, the success screen).
 * They load with those screens' chunk, not with the element: a page downloads them when a
 * passcode is sent, not for its first render. A page overrides them by key through the
 * element's `strings`, as it does the core texts. The spec's texts are exact.
 */
import type { ProductContext } from '../product.js';
import { type StringsOf, withProductOverrides } from '../shared/product-strings.js';

/** The texts. */
export const passcodeEn = {
  invalidPasscode: 'Invalid passcode, please try again.',
  codeExpired: 'Your code has expired.',
  verifyingPasscode: 'Verifying passcode...',
  enterPasscode: 'Enter passcode',
  passcodeSentTo: (destination: string) => `A 6-digit passcode was sent to you at ${destination}.`,
  codeExpiresIn: (time: string) => `Your code expires in ${time}.`,
  resendCode: 'Resend code',
  sendingCode: 'Sending...',
  codeSent: 'Code sent',
  emailResent: 'Email resent',
  otpSuccessTitle: 'Success!',
  otpSuccessText: 'Your passcode has been successfully verified.',
  passcodeGroupLabel: 'One-time passcode',
  /** Each box of the passcode: `{index}` and `{count}` are replaced. */
  passcodeDigitLabel: 'Digit {index} of {count}',
} as const;

/** The passcode texts' shape. */
export type PasscodeStrings = StringsOf<typeof passcodeEn>;

/** The texts with the page's overrides. */
export function passcodeStrings(context: ProductContext): PasscodeStrings {
  return withProductOverrides(context.catalogue?.passcodes ?? passcodeEn, context.pageStrings);
}
