/** What the passcode product's send forms (phone and email) and passcode screen share. */
import { html, nothing, type TemplateResult } from 'lit';
import type { OtpSendResponse } from '../../client/api-types.js';
import { linkedText } from '../../components/linked-text.js';
import type { VelvetEventType } from '../../events.js';
import { Screen } from '../../state/screen.js';
import type { OtpMethod } from '../../state/widget-state.js';
import type { ProductContext } from '../product.js';
import { otpExpiresAt } from './otp-flow.js';

/** How the links in an error message look (spec section 8: they are clickable). */
export const ERROR_LINK = { className: 'velvet-form__error-link', part: 'error-link' } as const;

/**
 * The error under a form's field (announced as it appears), or nothing. Its `http(s)` links are
 * clickable; the rest is text.
 */
export function formError(id: string, error: string | undefined): TemplateResult | typeof nothing {
  return error === undefined
    ? nothing
    : html`<p id=${id} class="velvet-form__error" part="error" role="alert">
        ${linkedText(error, ERROR_LINK)}
      </p>`;
}

/** A form's main button. */
export function submitButton(label: string, busy: boolean): TemplateResult {
  return html`<button
    class="velvet-button velvet-button--primary"
    part="button button-primary"
    type="submit"
    ?disabled=${busy}
  >
    ${label}
  </button>`;
}

/** Records where the passcode went, tells the page, and moves on to the passcode screen. */
export function showPasscodeScreen(
  context: ProductContext,
  sent: { type: OtpMethod; destination: string; response: OtpSendResponse },
  eventType: VelvetEventType,
): void {
  context.dispatch({
    type: 'update-otp-state',
    otp: {
      methodId: sent.response.method_id,
      destination: sent.destination,
      type: sent.type,
      expiresAt: otpExpiresAt(context),
    },
  });
  context.emitEvent(eventType, { ...sent.response });
  context.dispatch({ type: 'transition', screen: Screen.OtpAuthenticate });
}
