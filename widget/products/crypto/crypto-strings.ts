/**
 * The crypto-wallet product's English texts. They load with the product (not with the element),
 * so pages without wallets download none of them; the spec's texts are exact. A page overrides
 * them through the element's `strings`, as it does the core catalogue's; their keys are unique
 * among all the catalogues' (`continueWithWallet`, not OAuth's `continueWithProvider`).
 */
import type { ProductContext } from '../product.js';
import { type StringsOf, withProductOverrides } from '../shared/product-strings.js';

/** The texts. */
export const cryptoStrings = {
  walletButtonsLabel: 'Crypto wallets',
  continueWithWallet: (wallet: string) => `Continue with ${wallet}`,
  continueWithOtherWallet: 'Continue with other Crypto Wallet',
  setUpNewWallet: 'Set up a new crypto wallet',
  connectTitle: 'Connecting to your wallet...',
  connectText: 'Approve the connection in your wallet’s window to continue.',
  signTitle: 'Waiting for your signature...',
  signText:
    'Your wallet asks you to sign a message proving the wallet is yours. Signing is free and sends no transaction.',
  troubleHelp: 'Nothing happening? Open your wallet, or go back and try again.',
  otherTitle: 'Continue with other wallet',
  setupText: 'Get a wallet for Ethereum or Solana, then go back to sign in with it.',
  setupLinksLabel: 'Where to get a wallet',
  getWallet: (wallet: string) => `Get ${wallet}`,
  opensInNewTab: '(opens in a new tab)',
  cryptoErrorTitle: 'Looks like there was an error!',
  cryptoErrorText: 'Your sign in request could not be completed. Please go back and try again.',
  couldNotConnect: '[Error] Could not connect to wallet',
  couldNotSign: '[Error] Could not sign message',
  cryptoGoBack: 'Go back',
  cryptoSuccessTitle: 'Success!',
  cryptoSuccessText: 'Your wallet is connected and you are signed in.',
} as const;

/** Their shape. */
export type CryptoStrings = StringsOf<typeof cryptoStrings>;

/** The texts of the widget's locale (English unless a catalogue was loaded), with the page's overrides. */
export function cryptoTexts(context: ProductContext): CryptoStrings {
  return withProductOverrides(context.catalogue?.crypto ?? cryptoStrings, context.pageStrings);
}
