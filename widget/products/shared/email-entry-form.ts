/**
 * `<velvet-email-entry-form>`: the Email tab's one form, shared by the products that start from an
 * email address (magic links; passwords and email passcodes may use it too). It owns the field,
 * the spec's validation (section 5: 'Invalid email address, please try again.' and no call for a
 * bad address), the submitting state and the error under the field; what a submit does is the
 * `action` the configured product gives it.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '../../components/email-input.js';
import type { VelvetEmailInput } from '../../components/email-input.js';
import { linkedText } from '../../components/linked-text.js';
import { isValidEmail } from '../../validation/email.js';
import type { ProductContext } from '../product.js';

/** What a submit of a valid address does; a rejection's message is shown under the field. */
export type EmailAction = (email: string, context: ProductContext) => Promise<void>;

let nextId = 1;

/** The email field, its error text and `Continue with email`; the submit runs `action`. */
@customElement('velvet-email-entry-form')
export class VelvetEmailEntryForm extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  /** What a submit of a valid address does. */
  @property({ attribute: false }) action!: EmailAction;

  @state() private submitting = false;
  @state() private error: string | undefined;

  private readonly errorId = `velvet-email-entry-form-${nextId++}-error`;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render(): unknown {
    const { strings } = this.context;
    return html`<form class="velvet-form" part="form" novalidate @submit=${this.onSubmit}>
      <velvet-email-input
        ?webauthn=${this.context.config.products.includes('passkeys')}
        .label=${strings.emailLabel}
        .placeholder=${strings.emailPlaceholder}
        described-by=${this.error ? this.errorId : ''}
        ?invalid=${this.error !== undefined}
        ?disabled=${this.submitting}
        @input=${this.onEdit}
      ></velvet-email-input>
      ${
        this.error === undefined
          ? nothing
          : html`<p id=${this.errorId} class="velvet-form__error" part="error" role="alert">
            ${linkedText(this.error, { className: 'velvet-form__error-link', part: 'error-link' })}
          </p>`
      }
      <button
        class="velvet-button velvet-button--primary"
        part="button button-primary"
        type="submit"
        ?disabled=${this.submitting}
      >
        ${strings.continueWithEmail}
      </button>
    </form>`;
  }

  private readonly onEdit = (): void => {
    if (this.error !== undefined) this.error = undefined;
  };

  private readonly onSubmit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const input = this.querySelector<VelvetEmailInput>('velvet-email-input');
    if (this.submitting || !input) return;
    const context = this.context;
    const email = input.value.trim();
    if (!isValidEmail(email)) {
      this.error = context.strings.invalidEmail;
      return;
    }
    this.error = undefined;
    this.submitting = true;
    try {
      await this.action(email, context);
    } catch (error) {
      this.error = context.reportError(error);
    } finally {
      this.submitting = false;
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-email-entry-form': VelvetEmailEntryForm;
  }
}
