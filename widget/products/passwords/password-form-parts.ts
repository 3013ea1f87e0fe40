/**
 * The error line and main button of the password forms. They match the passcode forms'
 * (`widget/products/otp/send-form.ts`) but are kept here: importing that module from another
 * product's chunk makes the bundler split the passcode product's first-render chunk in three,
 * which costs an SMS-only page about 800 bytes before its first render.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { linkedText } from '../../components/linked-text.js';

/** The error under a field (announced as it appears; links clickable), or nothing. */
export function passwordFormError(
  id: string,
  error: string | undefined,
): TemplateResult | typeof nothing {
  return error === undefined
    ? nothing
    : html`<p id=${id} class="velvet-form__error" part="error" role="alert">
        ${linkedText(error, { className: 'velvet-form__error-link', part: 'error-link' })}
      </p>`;
}

/** A form's main button. */
export function passwordSubmit(label: string, disabled: boolean): TemplateResult {
  return html`<button
    class="velvet-button velvet-button--primary"
    part="button button-primary"
    type="submit"
    ?disabled=${disabled}
  >
    ${label}
  </button>`;
}
