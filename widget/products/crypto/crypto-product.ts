/**
 * The crypto-wallet product (`crypto`): sign-in with Ethereum and Solana wallets. It adds the
 * wallet buttons to the main screen and brings the Crypto Connect, Sign Message, Other Screen,
 * Setup Wallet, Error and Confirmation screens, which load as a chunk of their own.
 */
import { html } from 'lit';
import { Screen } from '../../state/screen.js';
import type { ProductContext, ProductPlugin } from '../product.js';
import { cryptoStyles } from './crypto.styles.js';
import { loadCryptoScreens } from './crypto-flow.js';
import './wallet-buttons.js';

/** A screen of the product, rendered once its chunk is there. */
function screen(kind: string) {
  return (context: ProductContext) => {
    void context.load(loadCryptoScreens);
    return html`<velvet-crypto-screen .context=${context} kind=${kind}></velvet-crypto-screen>`;
  };
}

/** The crypto-wallet product's plugin. */
export const cryptoProduct: ProductPlugin = {
  styles: cryptoStyles,
  mainSection: (context) =>
    html`<div class="velvet-section velvet-section--crypto">
      <velvet-crypto-wallet-buttons .context=${context} kind="main"></velvet-crypto-wallet-buttons>
    </div>`,
  screens: {
    [Screen.CryptoConnect]: screen('connect'),
    [Screen.CryptoSignMessage]: screen('sign'),
    [Screen.CryptoOtherScreen]: screen('other'),
    [Screen.CryptoSetupWallet]: screen('setup'),
    [Screen.CryptoError]: screen('error'),
    [Screen.CryptoConfirmation]: screen('confirmation'),
  },
};
