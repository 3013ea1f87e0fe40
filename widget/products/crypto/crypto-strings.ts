/**
 * The crypto-wallet product's English texts. They load with the product (not with the element),
 * so pages without wallets download none of them; the spec's texts are exact.
 */
import type { ProductContext } from '../product.js';
import type { StringsOf } from '../shared/product-strings.js';

/** The texts. */
export const cryptoStrings = {
  walletButtonsLabel: 'Crypto wallets',
  continueWith: (wallet: string) => `Continue with ${wallet}`,
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
  errorTitle: 'Looks like there was an error!',
  errorText: 'Your sign in request could not be completed. Please go back and try again.',
  couldNotConnect: '[Error] Could not connect to wallet',
  couldNotSign: '[Error] Could not sign message',
  goBack: 'Go back',
  successTitle: 'Success!',
  successText: 'Your wallet is connected and you are signed in.',
} as const;

/** Their shape. */
export type CryptoStrings = StringsOf<typeof cryptoStrings>;

/** The texts of the widget's locale (English unless a catalogue was loaded). */
export function cryptoTexts(context: ProductContext): CryptoStrings {
  return context.catalogue?.crypto ?? cryptoStrings;
}
