/**
 * `<velvet-oauth-confirmation>`: the success screen after an OAuth redirect's token signed the
 * person in. It fires the authenticate-flow-complete event (once per sign-in).
 */
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ProductContext } from '../product.js';
import { oneTapTexts } from './one-tap-flow.js';

/** `Success!` and `You are signed in with Google.` */
@customElement('velvet-oauth-confirmation')
export class VelvetOAuthConfirmation extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override firstUpdated(): void {
    this.context.completeFlow();
  }

  protected override render(): unknown {
    const texts = oneTapTexts(this.context);
    return html`<div class="velvet-screen velvet-confirmation" role="status">
      <h2 class="velvet-title" part="title">${texts.oauthSuccessTitle}</h2>
      <p class="velvet-text" part="text">${texts.oauthSuccessText}</p>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-oauth-confirmation': VelvetOAuthConfirmation;
  }
}
