/**
 * `<velvet-password-reset-form>`: the Password Reset Form of a page opened from a reset link.
 * It reads `stytch_token_type` (through the token the product kept at load): `reset_password`
 * shows a new password's field with the strength meter, whose submit sets the password and
 * signs in; `login` signs in with the token at once (the automatic token login). Either ends on
 * Password Confirmation.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import {
  passwordFormError as formError,
  passwordSubmit as submitButton,
} from './password-form-parts.js';
import './new-password-field.js';
import { sessionMinutes } from '../../config/widget-config.js';
import type { PasswordValidityDetail, VelvetNewPassword } from './new-password-field.js';
import { currentLinkToken, forgetLinkToken } from './password-flow.js';
import { passwordStrings } from './password-strings.js';
import { passwordScreenStyles } from './passwords.styles.js';

let nextId = 1;

/** The Password Reset Form. */
@customElement('velvet-password-reset-form')
export class VelvetPasswordResetForm extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  @state() private submitting = false;
  @state() private valid = false;
  @state() private error: string | undefined;

  private readonly ids = nextId++;
  /** The link that opened the page, as the product kept it at load. */
  private readonly opened = currentLinkToken();
  private loginStarted = false;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(): void {
    this.context.adoptStyles(passwordScreenStyles);
  }

  protected override firstUpdated(): void {
    const link = this.opened;
    if (link?.kind === 'login' && !this.loginStarted) {
      this.loginStarted = true;
      void this.run(async () => {
        const context = this.context;
        const client = await context.busy(context.client());
        forgetLinkToken();
        const response = await context.busy(
          client.magicLinks.authenticate(link.token, {
            session_duration_minutes: sessionMinutes(context.config),
          }),
        );
        context.emitEvent('MAGIC_LINK_AUTHENTICATE', { ...response });
        context.dispatch({ type: 'transition', screen: Screen.PasswordConfirmation });
      });
    }
  }

  protected override render(): unknown {
    const t = passwordStrings(this.context);
    const errorId = `velvet-password-reset-form-${this.ids}-error`;
    if (this.opened?.kind === 'login') {
      return html`<div class="velvet-screen velvet-password-reset-form">
        <h2 class="velvet-title" part="title">${t.signingIn}</h2>
        ${formError(errorId, this.error)}
      </div>`;
    }
    return html`<div class="velvet-screen velvet-password-reset-form">
      <h2 class="velvet-title" part="title">${t.resetTitle}</h2>
      <p class="velvet-text" part="text">${t.resetText}</p>
      <form
        class="velvet-form"
        part="form"
        novalidate
        @submit=${this.onSubmit}
        @velvet-password-validity=${this.onValidity}
      >
        <velvet-new-password
          .context=${this.context}
          email=${this.context.state.password.email}
          ?disabled=${this.submitting}
        ></velvet-new-password>
        ${formError(errorId, this.error)}
        ${submitButton(t.resetSubmit, this.submitting || !this.valid)}
      </form>
      ${nothing}
    </div>`;
  }

  private readonly onValidity = (event: CustomEvent<PasswordValidityDetail>): void => {
    this.valid = event.detail.valid;
  };

  private async run(work: () => Promise<void>): Promise<void> {
    if (this.submitting) return;
    this.submitting = true;
    this.error = undefined;
    try {
      await work();
    } catch (error) {
      this.error = this.context.reportError(error);
    } finally {
      this.submitting = false;
    }
  }

  private readonly onSubmit = (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const field = this.querySelector<VelvetNewPassword>('velvet-new-password');
    const link = currentLinkToken();
    if (!field || !this.valid) return Promise.resolve();
    if (!link) {
      this.error = passwordStrings(this.context).linkMissing;
      return Promise.resolve();
    }
    const password = field.value;
    return this.run(async () => {
      const context = this.context;
      const client = await context.busy(context.client());
      const response = await context.busy(
        client.passwords.resetByEmail({
          token: link.token,
          password,
          session_duration_minutes: sessionMinutes(context.config),
        }),
      );
      forgetLinkToken();
      context.emitEvent('PASSWORD_RESET_BY_EMAIL', { ...response });
      context.dispatch({ type: 'transition', screen: Screen.PasswordConfirmation });
    });
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-password-reset-form': VelvetPasswordResetForm;
  }
}
