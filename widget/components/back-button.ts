import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { requestStyles } from '../element/style-sheets.js';
import { backButtonStyles } from './back-button.styles.js';

/** The chevron pointing left, drawn in the current text colour. */
const chevronLeft = html`<svg class="velvet-back-button__icon" part="back-button-icon"
  viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path
  d="M15 18l-6-6 6-6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
  stroke-linejoin="round"/></svg>`;

/**
 * @summary The back arrow at the top left of a screen: a native button with an inline chevron.
 *
 * Renders into its own light DOM (no shadow root), so the widget's one stylesheet reaches it.
 * Enter and Space work as on any button.
 *
 * @event velvet-back - The user pressed the button (click, Enter or Space). No detail.
 *
 * @csspart back-button - The `<button>`.
 * @csspart back-button-icon - The chevron `<svg>`.
 *
 * @cssproperty --velvet-primary - The chevron colour and the focus ring.
 * @cssproperty --velvet-button-radius - The corner radius of the focus ring.
 */
@customElement('velvet-back-button')
export class VelvetBackButton extends LitElement {
  /** The button's accessible name, from the string catalogue. */
  @property() label = 'Back';

  /** Renders into the element itself: the widget has one root and one stylesheet. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Its CSS comes with it: the widget around it adopts it. */
  override connectedCallback(): void {
    super.connectedCallback();
    requestStyles(this, backButtonStyles);
  }

  protected override render(): unknown {
    return html`<button
      type="button"
      class="velvet-back-button"
      part="back-button"
      aria-label=${this.label}
      @click=${this.handleClick}
    >
      ${chevronLeft}
    </button>`;
  }

  private handleClick(): void {
    this.dispatchEvent(
      new CustomEvent<BackEventDetail>('velvet-back', {
        bubbles: true,
        composed: true,
        detail: {},
      }),
    );
  }
}

/** The detail of `velvet-back`: empty. */
export type BackEventDetail = Record<string, never>;

declare global {
  interface HTMLElementTagNameMap {
    'velvet-back-button': VelvetBackButton;
  }
  interface HTMLElementEventMap {
    'velvet-back': CustomEvent<BackEventDetail>;
  }
}
