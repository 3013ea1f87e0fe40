/**
 * `<velvet-otp-confirmation>`: the passcode product's success screen (spec section 2). It fires
 * the authenticate-flow-complete event (once per sign-in: the element keeps count).
 */
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ProductContext } from '../product.js';
import { otpScreenStyles } from './otp-screens.styles.js';
import { passcodeStrings } from './passcode-strings.js';

/** `Success!` and `Your passcode has been successfully verified.` */
@customElement('velvet-otp-confirmation')
export class VelvetOtpConfirmation extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(): void {
    this.context.adoptStyles(otpScreenStyles);
  }

  protected override firstUpdated(): void {
    this.context.completeFlow();
  }

  protected override render(): unknown {
    const texts = passcodeStrings(this.context);
    return html`<div class="velvet-screen velvet-confirmation" role="status">
      <svg
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
      </svg>
      <h2 class="velvet-title" part="title">${texts.otpSuccessTitle}</h2>
      <p class="velvet-text" part="text">${texts.otpSuccessText}</p>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-otp-confirmation': VelvetOtpConfirmation;
  }
}
