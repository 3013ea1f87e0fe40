/**
 * `<velvet-crypto-wallet-buttons>`: a button per wallet the browser has (spec section 2). On the
 * main screen it shows as many as the slot rule allows, then 'Continue with other Crypto Wallet'
 * when more were found (the other-wallet screen lists those), else 'Set up a new crypto wallet'.
 */
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import { walletSlots } from '../shared/main-screen-buttons.js';
import { loadCryptoScreens } from './crypto-flow.js';
import { cryptoTexts } from './crypto-strings.js';
import { type DetectedWallet, detectWallets } from './wallet-providers.js';

/** The wallet buttons of the main screen (`kind="main"`) or of the other-wallet screen. */
@customElement('velvet-crypto-wallet-buttons')
export class VelvetCryptoWalletButtons extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  /** `main`: the first wallets, by the slot rule; `other`: the ones that did not fit. */
  @property() kind: 'main' | 'other' = 'main';

  private wallets: DetectedWallet[] = [];
  /** Set while this element asks the wallets to announce themselves (they answer at once). */
  private detecting = false;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A wallet extension may announce itself after the page loads.
    window.addEventListener('eip6963:announceProvider', this.onAnnounce);
    this.detect();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('eip6963:announceProvider', this.onAnnounce);
  }

  /** A wallet announced itself on its own (not in answer to us): look again. */
  private readonly onAnnounce = (): void => {
    if (!this.detecting) queueMicrotask(() => this.detect());
  };

  private detect(): void {
    this.detecting = true;
    let found: DetectedWallet[];
    try {
      found = detectWallets();
    } finally {
      this.detecting = false;
    }
    const same =
      found.length === this.wallets.length &&
      found.every((wallet, index) => wallet.option === this.wallets[index]?.option);
    if (!same) {
      this.wallets = found;
      this.requestUpdate();
    }
  }

  private choose(option: string): void {
    void loadCryptoScreens();
    const { dispatch } = this.context;
    dispatch({
      type: 'update-crypto-state',
      crypto: { walletOption: option, walletAddress: '', walletChallenge: '' },
    });
    dispatch({ type: 'transition', screen: Screen.CryptoConnect });
  }

  private go(screen: Screen): void {
    void loadCryptoScreens();
    this.context.dispatch({ type: 'transition', screen });
  }

  protected override render(): unknown {
    const slots = walletSlots(this.context.config);
    const main = this.kind === 'main';
    const shown = main ? this.wallets.slice(0, slots) : this.wallets.slice(slots);
    const overflow = main && this.wallets.length > slots;
    const button = (label: string, onClick: () => void) =>
      html`<li>
        <button
          type="button"
          class="velvet-button velvet-button--secondary velvet-crypto__button"
          part="button"
          @click=${onClick}
        >
          ${label}
        </button>
      </li>`;
    const cryptoStrings = cryptoTexts(this.context);
    return html`<ul class="velvet-crypto__buttons" aria-label=${cryptoStrings.walletButtonsLabel}>
      ${shown.map(({ option }) =>
        button(main ? cryptoStrings.continueWithWallet(option) : option, () => this.choose(option)),
      )}
      ${
        overflow
          ? button(cryptoStrings.continueWithOtherWallet, () => this.go(Screen.CryptoOtherScreen))
          : button(cryptoStrings.setUpNewWallet, () => this.go(Screen.CryptoSetupWallet))
      }
    </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-crypto-wallet-buttons': VelvetCryptoWalletButtons;
  }
}
