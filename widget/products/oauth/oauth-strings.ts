/**
 * The OAuth product's English texts. They load with the product, so pages without OAuth download
 * none of them; 'Continue with X' is the spec's text (section 2).
 */
import { providerLabel } from '../../client/oauth-provider-names.js';

export const oauthStrings = {
  /** The list's name for screen readers. */
  buttonsLabel: 'Sign in with a provider',
  /** A known provider's button; an unknown provider's reads nothing (spec section 2). */
  continueWith: (provider: string) => {
    const label = providerLabel(provider);
    return label ? `Continue with ${label}` : '';
  },
  /** What a screen reader says for an unknown provider's (visually empty) button. */
  unknownProviderName: (provider: string) => `Continue with ${provider}`,
  successTitle: 'Success!',
  successText: 'You are signed in.',
} as const;
