/**
 * `<velvet-password-email-sent>`: the screens that follow a reset email, by `kind`:
 * `forgot` (Password Forgot), `breached` (Password Breached), `set-new` (Password Set New,
 * after 'Create a password instead') and `dedupe` (Password Dedupe). Each names the address,
 * offers to send the link again, and goes back to Main.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '../../components/back-button.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import { sendResetEmail } from './password-flow.js';
import { passwordFormError as formError } from './password-form-parts.js';
import { passwordStrings } from './password-strings.js';
import { passwordScreenStyles } from './passwords.styles.js';

/** Which screen this is. */
export type EmailSentKind = 'forgot' | 'breached' | 'set-new' | 'dedupe';

let nextId = 1;

/** A screen that says a reset link is on its way. */
@customElement('velvet-password-email-sent')
export class VelvetPasswordEmailSent extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  /** Which screen. */
  @property() kind: EmailSentKind = 'forgot';

  @state() private resend: 'idle' | 'sending' | 'sent' = 'idle';
  @state() private error: string | undefined;

  private readonly ids = nextId++;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(): void {
    this.context.adoptStyles(passwordScreenStyles);
  }

  protected override render(): unknown {
    const t = passwordStrings(this.context);
    const { strings, state } = this.context;
    const email = state.password.email;
    const [title, text] = {
      forgot: [t.forgotTitle, t.resetLinkSent(email)],
      breached: [t.breachedTitle, t.breachedText(email)],
      'set-new': [t.setNewTitle, t.setNewText(email)],
      dedupe: [t.dedupeTitle, t.dedupeText(email)],
    }[this.kind];
    const errorId = `velvet-password-email-sent-${this.ids}-error`;
    return html`<div class="velvet-screen velvet-password-email-sent" data-kind=${this.kind}>
      <velvet-back-button label=${strings.back} @velvet-back=${this.onBack}></velvet-back-button>
      <h2 class="velvet-title" part="title">${title}</h2>
      <p class="velvet-text" part="text">${text}</p>
      ${formError(errorId, this.error)}
      <p class="velvet-text" part="text">
        ${strings.didNotGetIt}
        <button
          class="velvet-link"
          part="link"
          type="button"
          ?disabled=${this.resend === 'sending'}
          @click=${this.onResend}
        >
          ${t.resendLink}
        </button>
      </p>
      <p class="velvet-text" role="status">${this.resend === 'sent' ? t.linkResent : nothing}</p>
    </div>`;
  }

  private readonly onBack = (): void => {
    this.context.dispatch({ type: 'transition', screen: Screen.Main });
  };

  private readonly onResend = async (): Promise<void> => {
    if (this.resend === 'sending') return;
    this.resend = 'sending';
    this.error = undefined;
    try {
      await sendResetEmail(this.context);
      this.resend = 'sent';
    } catch (error) {
      this.error = this.context.reportError(error);
      this.resend = 'idle';
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-password-email-sent': VelvetPasswordEmailSent;
  }
}
