/**
 * `<velvet-password-screen>`: the Password screen (create or log in), after the user search.
 * - `password` users log in (`autocomplete="current-password"`); 'Forgot password?' emails a
 *   reset link (Password Forgot); a password found in a breach since gets `reset_password`,
 *   a reset email and Password Breached.
 * - `new` users create one (`autocomplete="new-password"`) with the strength meter; submit
 *   stays disabled until the server reports `valid_password`.
 * - `passwordless` users, with magic links configured, are offered a login link or 'Create a
 *   password instead' (Password Set New); without magic links they get the create form, whose
 *   `reset_password` answer sends a reset email and shows Password Dedupe.
 * Each success shows Password Confirmation. A hidden `username` field carries the email, so
 * password managers save and fill the pair (with and without shadow DOM).
 */
import { html, LitElement, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '../../components/back-button.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import {
  passwordFormError as formError,
  passwordSubmit as submitButton,
} from './password-form-parts.js';
import './new-password-field.js';
import { sessionMinutes } from '../../config/widget-config.js';
import {
  errorType,
  type PasswordValidityDetail,
  type VelvetNewPassword,
} from './new-password-field.js';
import { sendResetEmail } from './password-flow.js';
import { passwordStrings } from './password-strings.js';
import { passwordScreenStyles } from './passwords.styles.js';

let nextId = 1;

/** The hidden field that names the account for password managers. */
export function usernameField(email: string): TemplateResult {
  return html`<input
    class="velvet-password-username"
    type="email"
    name="username"
    autocomplete="username"
    .value=${email}
    readonly
    tabindex="-1"
    aria-hidden="true"
  />`;
}

/** The Password screen. */
@customElement('velvet-password-screen')
export class VelvetPasswordScreen extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  @state() private submitting = false;
  @state() private valid = false;
  @state() private error: string | undefined;

  private readonly ids = nextId++;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(): void {
    this.context.adoptStyles(passwordScreenStyles);
  }

  private get mode(): 'login' | 'create' | 'passwordless' {
    const { type } = this.context.state.password;
    if (type === 'password') return 'login';
    if (type === 'passwordless' && this.context.config.products?.includes('emailMagicLinks')) {
      return 'passwordless';
    }
    return 'create';
  }

  protected override render(): unknown {
    const t = passwordStrings(this.context);
    const { strings, state } = this.context;
    const email = state.password.email;
    const mode = this.mode;
    const errorId = `velvet-password-screen-${this.ids}-error`;
    const header = (title: string, text: string) =>
      html`<velvet-back-button label=${strings.back} @velvet-back=${this.onBack}></velvet-back-button>
        <h2 class="velvet-title" part="title">${title}</h2>
        <p class="velvet-text" part="text">${text}</p>`;
    if (mode === 'passwordless') {
      return html`<div class="velvet-screen velvet-password-screen">
        ${header(t.passwordlessTitle, t.passwordlessText(email))}
        ${formError(errorId, this.error)}
        <button
          class="velvet-button velvet-button--primary"
          part="button button-primary"
          type="button"
          ?disabled=${this.submitting}
          @click=${this.onEmailLink}
        >
          ${t.emailMeALink}
        </button>
        <button class="velvet-link" part="link" type="button" @click=${this.onCreateInstead}>
          ${t.createPasswordInstead}
        </button>
      </div>`;
    }
    if (mode === 'login') {
      const inputId = `velvet-password-screen-${this.ids}-input`;
      return html`<div class="velvet-screen velvet-password-screen">
        ${header(t.loginTitle, t.loginText(email))}
        <form class="velvet-form" part="form" novalidate @submit=${this.onLogin}>
          ${usernameField(email)}
          <div class="velvet-password-field">
            <label class="velvet-password-field__label" for=${inputId}>${t.passwordLabel}</label>
            <input
              id=${inputId}
              class="velvet-password-field__input"
              part="input"
              type="password"
              name="password"
              autocomplete="current-password"
              required
              ?disabled=${this.submitting}
              aria-invalid=${this.error ? 'true' : 'false'}
              aria-describedby=${errorId}
              @input=${this.onLoginInput}
            />
          </div>
          ${formError(errorId, this.error)}
          ${submitButton(t.continue, this.submitting || !this.valid)}
        </form>
        <div class="velvet-password-actions">
          <button class="velvet-link" part="link" type="button" @click=${this.onForgot}>
            ${t.forgotPassword}
          </button>
        </div>
      </div>`;
    }
    return html`<div class="velvet-screen velvet-password-screen">
      ${header(t.createTitle, t.createText(email))}
      <form
        class="velvet-form"
        part="form"
        novalidate
        @submit=${this.onCreate}
        @velvet-password-validity=${this.onValidity}
      >
        ${usernameField(email)}
        <velvet-new-password
          .context=${this.context}
          email=${email}
          ?disabled=${this.submitting}
        ></velvet-new-password>
        ${formError(errorId, this.error)}
        ${submitButton(t.continue, this.submitting || !this.valid)}
      </form>
    </div>`;
  }

  private readonly onBack = (): void => {
    this.context.dispatch({ type: 'clear-error' });
    this.context.dispatch({ type: 'transition', screen: Screen.Main });
  };

  private readonly onValidity = (event: CustomEvent<PasswordValidityDetail>): void => {
    this.valid = event.detail.valid;
  };

  private readonly onLoginInput = (event: Event): void => {
    this.valid = (event.target as HTMLInputElement).value !== '';
    this.error = undefined;
  };

  /** Runs a submit: the busy state, and the error under the field when it fails. */
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

  private readonly onLogin = (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const input = this.querySelector<HTMLInputElement>('input[name=password]');
    const password = input?.value ?? '';
    if (!password) return Promise.resolve();
    return this.run(async () => {
      const context = this.context;
      const client = await context.busy(context.client());
      try {
        const response = await context.busy(
          client.passwords.authenticate({
            email: context.state.password.email,
            password,
            session_duration_minutes: sessionMinutes(context.config),
          }),
        );
        context.emitEvent('PASSWORD_AUTHENTICATE', { ...response });
        context.dispatch({ type: 'transition', screen: Screen.PasswordConfirmation });
      } catch (error) {
        if (errorType(error) !== 'reset_password') throw error;
        await sendResetEmail(context, client);
        context.dispatch({ type: 'transition', screen: Screen.PasswordBreached });
      }
    });
  };

  private readonly onCreate = (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const field = this.querySelector<VelvetNewPassword>('velvet-new-password');
    if (!field || !this.valid) return Promise.resolve();
    const password = field.value;
    return this.run(async () => {
      const context = this.context;
      const client = await context.busy(context.client());
      try {
        const response = await context.busy(
          client.passwords.create({
            email: context.state.password.email,
            password,
            session_duration_minutes: sessionMinutes(context.config),
          }),
        );
        context.emitEvent('PASSWORD_CREATE', { ...response });
        context.dispatch({ type: 'transition', screen: Screen.PasswordConfirmation });
      } catch (error) {
        // The address has an account without a password: only its inbox may add one (Dedupe).
        if (errorType(error) !== 'reset_password') throw error;
        await sendResetEmail(context, client);
        context.dispatch({ type: 'transition', screen: Screen.PasswordDedupe });
      }
    });
  };

  private readonly onForgot = (): Promise<void> =>
    this.run(async () => {
      await sendResetEmail(this.context);
      this.context.dispatch({ type: 'transition', screen: Screen.PasswordForgot });
    });

  private readonly onCreateInstead = (): Promise<void> =>
    this.run(async () => {
      await sendResetEmail(this.context);
      this.context.dispatch({ type: 'transition', screen: Screen.PasswordSetNew });
    });

  private readonly onEmailLink = (): Promise<void> =>
    this.run(async () => {
      const { sendMagicLink } = await import('../magic-links/index.js');
      await sendMagicLink(this.context.state.password.email, this.context);
    });
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-password-screen': VelvetPasswordScreen;
  }
}
