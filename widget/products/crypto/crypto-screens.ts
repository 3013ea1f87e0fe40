/**
 * `<velvet-crypto-screen>`: the crypto-wallet screens after the main one (spec sections 2 and 4).
 * Crypto Connect asks the wallet for its address and the server for a challenge; Crypto Sign
 * Message has the wallet sign it and the server check it; both move on by themselves, and any
 * failure goes to Crypto Error with the spec's message. Crypto Other Screen lists the wallets
 * that did not fit on the main screen, Crypto Setup Wallet says where to get one, and Crypto
 * Confirmation ends the flow.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '../../components/back-button.js';
import { sessionMinutes } from '../../config/widget-config.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import { CryptoEventType } from './crypto-events.js';
import { cryptoTexts } from './crypto-strings.js';
import './wallet-buttons.js';
import { connectWallet, signWithWallet } from './wallet-actions.js';
import { chainOf, WALLET_DOWNLOADS } from './wallets.js';

/** Which screen the element shows. */
export type CryptoScreenKind = 'connect' | 'sign' | 'other' | 'setup' | 'error' | 'confirmation';

const successIcon = html`<svg
  class="velvet-confirmation__icon"
  part="success-icon"
  viewBox="0 0 48 48"
  width="48"
  height="48"
  aria-hidden="true"
>
  <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" stroke-width="3" />
  <path
    d="M14 24.5l7 7 13-14"
    fill="none"
    stroke="currentColor"
    stroke-width="3.5"
    stroke-linecap="round"
    stroke-linejoin="round"
  />
</svg>`;

/** One of the crypto screens, by `kind`. */
@customElement('velvet-crypto-screen')
export class VelvetCryptoScreen extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  /** The screen to show. */
  @property() kind: CryptoScreenKind = 'connect';

  /** Counts wallet steps, so a step the user left (back, or a newer step) is dropped. */
  private step = 0;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.step += 1;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('kind')) return;
    if (this.kind === 'connect') void this.connect();
    else if (this.kind === 'sign') void this.sign();
    else if (this.kind === 'confirmation') this.context.completeFlow();
  }

  /** Crypto Connect: the wallet's address, then the challenge for it. */
  private async connect(): Promise<void> {
    const step = ++this.step;
    const { context } = this;
    const option = context.state.crypto.walletOption;
    try {
      const address = await context.busy(connectWallet(option));
      const client = await context.busy(context.client());
      const started = await context.busy(
        client.cryptoWallets.authenticateStart({
          crypto_wallet_address: address,
          crypto_wallet_type: chainOf(option),
        }),
      );
      if (step !== this.step) return;
      context.dispatch({
        type: 'update-crypto-state',
        crypto: { walletAddress: address, walletChallenge: started.challenge },
      });
      context.emitEvent(CryptoEventType.AuthenticateStart, { ...started });
      context.dispatch({ type: 'transition', screen: Screen.CryptoSignMessage });
    } catch (error) {
      if (step === this.step) this.fail(error, cryptoTexts(context).couldNotConnect);
    }
  }

  /** Crypto Sign Message: the wallet signs the challenge, the server checks it. */
  private async sign(): Promise<void> {
    const step = ++this.step;
    const { context } = this;
    const { walletOption, walletAddress, walletChallenge } = context.state.crypto;
    try {
      const signature = await context.busy(
        signWithWallet(walletOption, walletChallenge, walletAddress),
      );
      const client = await context.busy(context.client());
      const response = await context.busy(
        client.cryptoWallets.authenticate({
          crypto_wallet_address: walletAddress,
          crypto_wallet_type: chainOf(walletOption),
          signature,
          session_duration_minutes: sessionMinutes(context.config),
        }),
      );
      if (step !== this.step) return;
      context.dispatch({ type: 'update-crypto-state', crypto: { walletChallenge: '' } });
      context.emitEvent(CryptoEventType.Authenticate, {
        request_id: response.request_id,
        user_id: response.user_id,
        user: response.user,
        session: response.session,
      });
      context.dispatch({ type: 'transition', screen: Screen.CryptoConfirmation });
    } catch (error) {
      if (step === this.step) this.fail(error, cryptoTexts(context).couldNotSign);
    }
  }

  /** Tells the page what failed, and shows Crypto Error with the spec's message. */
  private fail(error: unknown, message: string): void {
    const { context } = this;
    context.reportError(error);
    context.dispatch({ type: 'update-crypto-state', crypto: { walletChallenge: '' } });
    context.dispatch({ type: 'transition', screen: Screen.CryptoError });
    context.dispatch({ type: 'set-error', error: { message } });
  }

  private readonly toMain = (): void => {
    this.context.dispatch({ type: 'transition', screen: Screen.Main });
  };

  protected override render(): unknown {
    const back = html`<velvet-back-button
      label=${this.context.strings.back}
      @velvet-back=${this.toMain}
    ></velvet-back-button>`;
    return html`<div class="velvet-screen velvet-crypto velvet-crypto--${this.kind}">
      ${this.kind === 'confirmation' ? nothing : back} ${this.body()}
    </div>`;
  }

  private body(): TemplateResult {
    const t = cryptoTexts(this.context);
    const title = (text: string) => html`<h2 class="velvet-title" part="title">${text}</h2>`;
    const text = (value: string) => html`<p class="velvet-text" part="text">${value}</p>`;
    const goBack = html`<button
      type="button"
      class="velvet-button velvet-button--secondary"
      part="button"
      @click=${this.toMain}
    >
      ${t.cryptoGoBack}
    </button>`;
    switch (this.kind) {
      case 'connect':
      case 'sign': {
        const connecting = this.kind === 'connect';
        return html`<div class="velvet-crypto__waiting" role="status">
            ${title(connecting ? t.connectTitle : t.signTitle)}
            ${text(connecting ? t.connectText : t.signText)}
          </div>
          <p class="velvet-text velvet-crypto__help" part="text">${t.troubleHelp}</p>
          ${goBack}`;
      }
      case 'other':
        return html`${title(t.otherTitle)}
          <velvet-crypto-wallet-buttons
            .context=${this.context}
            kind="other"
          ></velvet-crypto-wallet-buttons>`;
      case 'setup':
        return html`${title(t.setUpNewWallet)} ${text(t.setupText)}
          <ul class="velvet-crypto__buttons" aria-label=${t.setupLinksLabel}>
            ${WALLET_DOWNLOADS.map(
              ({ option, url }) =>
                html`<li>
                  <a
                    class="velvet-button velvet-button--secondary velvet-crypto__button"
                    part="button"
                    href=${url}
                    target="_blank"
                    rel="noopener noreferrer"
                    >${t.getWallet(option)}<span class="velvet-crypto__new-tab">
                      ${t.opensInNewTab}</span
                    ></a
                  >
                </li>`,
            )}
          </ul>
          ${goBack}`;
      case 'error':
        return html`${title(t.cryptoErrorTitle)}
          <p class="velvet-crypto__error" part="error" role="alert">
            ${this.context.state.error?.message ?? t.couldNotConnect}
          </p>
          ${text(t.cryptoErrorText)} ${goBack}`;
      case 'confirmation':
        return html`<div class="velvet-confirmation" role="status">
          ${successIcon} ${title(t.cryptoSuccessTitle)} ${text(t.cryptoSuccessText)}
        </div>`;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-crypto-screen': VelvetCryptoScreen;
  }
}
