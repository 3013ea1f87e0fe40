/**
 * The magic-link product's English texts. They load with the product; a page overrides them
 * through the element's `strings`, as it does the core catalogue's.
 */
import type { ProductContext } from '../product.js';
import { type StringsOf, withProductOverrides } from '../shared/product-strings.js';

/** The texts. */
export const magicLinkEn = {
  checkYourEmail: 'Check your email',
  magicLinkSentTo: (email: string) => `An email was sent to ${email}.`,
  openMailLabel: 'Open your email',
  openMail: (provider: string) => `Open ${provider}`,
  tryAgain: 'Try again',
  magicLinkSuccessTitle: 'Success!',
  magicLinkSuccessText: 'You are signed in.',
} as const;

/** Their shape. */
export type MagicLinkStrings = StringsOf<typeof magicLinkEn>;

/** The texts with the page's overrides. */
export function magicLinkStrings(context: ProductContext): MagicLinkStrings {
  return withProductOverrides(context.catalogue?.magicLinks ?? magicLinkEn, context.pageStrings);
}
