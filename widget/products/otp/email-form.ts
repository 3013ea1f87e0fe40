/**
 * `<velvet-otp-email-form>`: the Email tab of the main screen when passcodes go by email. The
 * address is checked against the spec's pattern in the browser (no call is made for a bad one),
 * then the passcode is sent and the passcode screen follows.
 */
import { html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '../../components/email-input.js';
import type { VelvetEmailInput } from '../../components/email-input.js';
import { VelvetEventType } from '../../events.js';
import { isValidEmail } from '../../validation/email.js';
import type { ProductContext } from '../product.js';
import { loadOtpScreens, sendOptions } from './otp-flow.js';
import { formError, showPasscodeScreen, submitButton } from './send-form.js';

let nextId = 1;

/** The email form: the address field, error text and `Continue with email`. */
@customElement('velvet-otp-email-form')
export class VelvetOtpEmailForm extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  @state() private submitting = false;
  @state() private error: string | undefined;

  private readonly errorId = `velvet-otp-email-form-${nextId++}-error`;

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
      ${formError(this.errorId, this.error)}
      ${submitButton(strings.continueWithEmail, this.submitting)}
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
      void loadOtpScreens();
      const client = await context.busy(context.client());
      const { loginTemplateId, signupTemplateId } = context.config.otpOptions ?? {};
      const response = await context.busy(
        client.otps.email.loginOrCreate(email, {
          ...sendOptions(context),
          ...(loginTemplateId ? { login_template_id: loginTemplateId } : {}),
          ...(signupTemplateId ? { signup_template_id: signupTemplateId } : {}),
        }),
      );
      client.telemetry.logEvent('email_sent', { email, type: 'login_or_create_otp' });
      showPasscodeScreen(
        context,
        { type: 'email', destination: email, response },
        VelvetEventType.OtpEmailLoginOrCreate,
      );
    } catch (error) {
      this.error = context.reportError(error);
    } finally {
      this.submitting = false;
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-otp-email-form': VelvetOtpEmailForm;
  }
}
