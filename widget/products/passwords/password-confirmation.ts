/** `<velvet-password-confirmation>`: Password Confirmation, 'Success!'; completes the flow once. */
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ProductContext } from '../product.js';
import { passwordStrings } from './password-strings.js';
import { passwordScreenStyles } from './passwords.styles.js';

/** The Password Confirmation screen. */
@customElement('velvet-password-confirmation')
export class VelvetPasswordConfirmation extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(): void {
    this.context.adoptStyles(passwordScreenStyles);
  }

  protected override firstUpdated(): void {
    this.context.completeFlow();
  }

  protected override render(): unknown {
    const t = passwordStrings(this.context);
    return html`<div class="velvet-screen velvet-confirmation" role="status">
      <h2 class="velvet-title" part="title">${t.successTitle}</h2>
      <p class="velvet-text" part="text">${t.successText}</p>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-password-confirmation': VelvetPasswordConfirmation;
  }
}
