/**
 * The OAuth product's English texts. They load with the product, so pages without OAuth download
 * none of them; 'Continue with X' is the spec's text (section 2). A page overrides them through
 * the element's `strings`, as it does the core catalogue's.
 */
import type { ProductContext } from '../product.js';
import { type StringsOf, withProductOverrides } from '../shared/product-strings.js';

/** The texts. */
export const oauthStrings = {
  /** The list's name for screen readers. */
  oauthButtonsLabel: 'Sign in with a provider',
  /**
   * A provider's button, given the provider's name (a known provider's label; for an unknown
   * provider, whose button reads nothing (spec section 2), its type, as the screen reader's name).
   */
  continueWithProvider: (provider: string) => `Continue with ${provider}`,
  oauthSuccessTitle: 'Success!',
  oauthSuccessText: 'You are signed in.',
} as const;

/** Their shape. */
export type OAuthStrings = StringsOf<typeof oauthStrings>;

/** The texts of the widget's locale (English unless a catalogue was loaded), with the page's overrides. */
export function oauthTexts(context: ProductContext): OAuthStrings {
  return withProductOverrides(context.catalogue?.oauth ?? oauthStrings, context.pageStrings);
}
