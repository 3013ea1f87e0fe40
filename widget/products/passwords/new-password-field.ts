/**
 * `<velvet-new-password>`: a new password's field (`autocomplete="new-password"`), checked by the
 * server on every keystroke (spec section 5), with the strength meter and the breach warning.
 * Only the newest answer counts. It fires `velvet-password-validity` with `{valid}` whenever
 * the server's `valid_password` for the current text changes; a form keeps its submit disabled
 * until it is true. An `invalid_email` answer shows its message.
 */
import { html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { StrengthCheckResponse } from '../../client/passwords-client.js';
import type { ProductContext } from '../product.js';
import { passwordFormError as formError } from './password-form-parts.js';
import './password-strength-meter.js';
import { passwordStrings } from './password-strings.js';

/** The detail of `velvet-password-validity`. */
export interface PasswordValidityDetail {
  readonly valid: boolean;
}

let nextId = 1;

/** An API error's `error_type` (read by shape: the client library loads apart from this chunk). */
export function errorType(error: unknown): string | undefined {
  const type = (error as { error_type?: unknown } | null)?.error_type;
  return typeof type === 'string' ? type : undefined;
}

/** A new password's field with the server's strength check. */
@customElement('velvet-new-password')
export class VelvetNewPassword extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  /** The account's email, sent with each check (zxcvbn counts it as guessable). */
  @property() email = '';

  /** Disables the field (while the form submits). */
  @property({ type: Boolean }) disabled = false;

  @state() private result: StrengthCheckResponse | undefined;
  @state() private error: string | undefined;

  /** The password as typed. */
  value = '';
  /** Whether the server found the current text valid. */
  valid = false;

  private checks = 0;
  private readonly ids = nextId++;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Focuses the field. */
  override focus(): void {
    this.querySelector('input')?.focus();
  }

  protected override render(): unknown {
    const t = passwordStrings(this.context);
    const inputId = `velvet-new-password-${this.ids}`;
    const errorId = `${inputId}-error`;
    return html`<div class="velvet-password-field">
      <label class="velvet-password-field__label" for=${inputId}>${t.passwordLabel}</label>
      <input
        id=${inputId}
        class="velvet-password-field__input"
        part="input"
        type="password"
        name="password"
        autocomplete="new-password"
        required
        ?disabled=${this.disabled}
        aria-invalid=${this.error ? 'true' : 'false'}
        aria-describedby=${errorId}
        @input=${this.onInput}
      />
      ${formError(errorId, this.error)}
      <velvet-password-strength
        .texts=${t}
        .result=${this.result}
        .luds=${this.context.bootstrap?.passwordConfig}
      ></velvet-password-strength>
    </div>`;
  }

  private setValid(valid: boolean): void {
    if (valid === this.valid) return;
    this.valid = valid;
    this.dispatchEvent(
      new CustomEvent<PasswordValidityDetail>('velvet-password-validity', {
        detail: { valid },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private readonly onInput = async (event: Event): Promise<void> => {
    const password = (event.target as HTMLInputElement).value;
    this.value = password;
    const check = ++this.checks;
    this.setValid(false);
    if (password === '') {
      this.result = undefined;
      this.error = undefined;
      return;
    }
    try {
      const client = await this.context.client();
      const result = await client.passwords.strengthCheck({
        password,
        ...(this.email ? { email: this.email } : {}),
      });
      if (check !== this.checks) return;
      this.result = result;
      this.error = undefined;
      this.setValid(result.valid_password);
    } catch (error) {
      if (check !== this.checks) return;
      this.result = undefined;
      this.error =
        errorType(error) === 'invalid_email'
          ? (this.context.catalogue?.errors.invalid_email ?? (error as Error).message)
          : this.context.reportError(error);
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-new-password': VelvetNewPassword;
  }
}
