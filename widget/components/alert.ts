import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { requestStyles } from '../element/style-sheets.js';
import { alertStyles } from './alert.styles.js';
import { linkedText } from './linked-text.js';

/** The alert's looks and urgency. */
export const AlertVariant = {
  ERROR: 'error',
  WARNING: 'warning',
  SUCCESS: 'success',
} as const;

/** One of {@link AlertVariant}'s values. */
export type AlertVariant = (typeof AlertVariant)[keyof typeof AlertVariant];

const icons: Readonly<Record<AlertVariant, TemplateResult>> = {
  error: html`<svg class="velvet-alert__icon" part="alert-icon" viewBox="0 0 24 24" width="20"
    height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9" fill="none"
    stroke="currentColor" stroke-width="2"/><path d="M12 7v6" stroke="currentColor"
    stroke-width="2" stroke-linecap="round"/><circle cx="12" cy="16.5" r="1.25"
    fill="currentColor"/></svg>`,
  warning: html`<svg class="velvet-alert__icon" part="alert-icon" viewBox="0 0 24 24" width="20"
    height="20" aria-hidden="true" focusable="false"><path d="M12 3.5 2.5 20h19z" fill="none"
    stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M12 10v4.5"
    stroke="currentColor" stroke-width="2" stroke-linecap="round"/><circle cx="12" cy="17.25"
    r="1.25" fill="currentColor"/></svg>`,
  success: html`<svg class="velvet-alert__icon" part="alert-icon" viewBox="0 0 24 24" width="20"
    height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9" fill="none"
    stroke="currentColor" stroke-width="2"/><path d="m8 12.5 2.75 2.75L16.5 9.5" fill="none"
    stroke="currentColor" stroke-width="2" stroke-linecap="round"
    stroke-linejoin="round"/></svg>`,
};

function isVariant(value: string): value is AlertVariant {
  return Object.values<string>(AlertVariant).includes(value);
}

/**
 * @summary A message box in three variants: error, warning and success.
 *
 * The text is rendered as text (never as HTML); `http://` and `https://` URLs in it become
 * links that open in a new tab, so a provider's help links in an error message are clickable.
 *
 * The live region (`role="alert"` for errors, `role="status"` otherwise) is always rendered,
 * so a message that arrives later is announced; with empty `text` it is empty and nothing is
 * shown. An unknown variant renders as an error. Renders into its own light DOM (no shadow
 * root), so the widget's one stylesheet reaches it.
 *
 * @csspart alert - The box around the icon and the message.
 * @csspart alert-icon - The variant's icon `<svg>` (hidden from assistive technology).
 * @csspart alert-message - The message text.
 * @csspart alert-link - Each link in the message.
 *
 * @cssproperty --velvet-error - The error variant's colour.
 * @cssproperty --velvet-success - The success variant's colour.
 * @cssproperty --velvet-warning - The warning variant's colour (default #8a5a00).
 * @cssproperty --velvet-text - The message colour.
 * @cssproperty --velvet-font-family - The message font.
 * @cssproperty --velvet-primary - The links' focus ring.
 */
@customElement('velvet-alert')
export class VelvetAlert extends LitElement {
  /** The look and urgency: `error` (the default), `warning` or `success`. */
  @property({ reflect: true }) variant: AlertVariant = AlertVariant.ERROR;

  /** The message. Empty renders nothing visible. */
  @property() text = '';

  /** Renders into the element itself: the widget has one root and one stylesheet. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Its CSS comes with it: the widget around it adopts it. */
  override connectedCallback(): void {
    super.connectedCallback();
    requestStyles(this, alertStyles);
  }

  protected override render(): unknown {
    const variant = isVariant(this.variant) ? this.variant : AlertVariant.ERROR;
    const role = variant === AlertVariant.ERROR ? 'alert' : 'status';
    return html`<div class="velvet-alert-region" role=${role}>
      ${this.text === '' ? nothing : this.renderBox(variant)}
    </div>`;
  }

  private renderBox(variant: AlertVariant): TemplateResult {
    return html`<div class="velvet-alert velvet-alert--${variant}" part="alert">
      ${icons[variant]}
      <span class="velvet-alert__message" part="alert-message">${linkedText(this.text, {
        className: 'velvet-alert__link',
        part: 'alert-link',
      })}</span>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-alert': VelvetAlert;
  }
}
