/**
 * `<velvet-new-password>`: a new password's field (`autocomplete="new-password"`), checked by the
 * server on every keystroke (spec section 5), with the strength meter and the breach warning.
 * Only the newest answer counts. It fires `velvet-password-validity` with `{valid}` whenever
 * the server's `valid_password` for the current text changes; a form keeps its submit disabled
 * until it is true. An `invalid_email` answer shows its message.
 *
 * The checks follow the spec's data-fetching timings (`shared/data-fetching.ts`): the same text
 * checked again within 2 s (typed, then erased and typed back) reuses the answer; a check
 * without an answer after 3 s (5 s on a slow network) says it is still checking; a check that
 * failed for want of the server (unreachable, or a 5xx) is sent once more after 5 s (10 s
 * slow) if the text is still the same.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { TimerHandle } from '../../client/clock.js';
import type { StrengthCheckResponse } from '../../client/passwords-client.js';
import type { ProductContext } from '../product.js';
import {
  DedupedReads,
  isSlowNetwork,
  loadingTimeoutMs,
  retryIntervalMs,
} from '../shared/data-fetching.js';
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

/** Whether `error` came from a missing or failing server (worth asking again), by its shape. */
function serverTrouble(error: unknown): boolean {
  const status = (error as { status_code?: unknown } | null)?.status_code;
  return errorType(error) === 'api_unreachable' || (typeof status === 'number' && status >= 500);
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
  /** Whether the current check has waited past the loading timeout. */
  @state() private slow = false;

  /** The password as typed. */
  value = '';
  /** Whether the server found the current text valid. */
  valid = false;

  private checks = 0;
  private readonly ids = nextId++;
  private answers: DedupedReads<StrengthCheckResponse> | undefined;
  private timers: TimerHandle[] = [];

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.clearTimers();
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
      ${
        this.slow
          ? html`<p class="velvet-password-field__checking" role="status">${t.strengthChecking}</p>`
          : nothing
      }
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

  private clearTimers(): void {
    for (const timer of this.timers) this.context.clock.clearTimeout(timer);
    this.timers = [];
  }

  private readonly onInput = (event: Event): void => {
    const password = (event.target as HTMLInputElement).value;
    this.value = password;
    void this.check(password);
  };

  /**
   * Checks `password` with the server; only the newest check's answer counts. A first attempt
   * that found no server is retried once after the retry interval (`retry` is then false).
   */
  private async check(password: string, retry = true): Promise<void> {
    const check = ++this.checks;
    this.clearTimers();
    this.slow = false;
    this.setValid(false);
    if (password === '') {
      this.result = undefined;
      this.error = undefined;
      return;
    }
    const clock = this.context.clock;
    const slowNetwork = isSlowNetwork();
    this.timers.push(
      clock.setTimeout(() => {
        if (check === this.checks) this.slow = true;
      }, loadingTimeoutMs(slowNetwork)),
    );
    this.answers ??= new DedupedReads(() => clock.now());
    try {
      const client = await this.context.client();
      const email = this.email;
      const result = await this.answers.get(JSON.stringify([password, email]), () =>
        client.passwords.strengthCheck({ password, ...(email ? { email } : {}) }),
      );
      if (check !== this.checks) return;
      this.clearTimers();
      this.slow = false;
      this.result = result;
      this.error = undefined;
      this.setValid(result.valid_password);
    } catch (error) {
      if (check !== this.checks) return;
      this.clearTimers();
      this.slow = false;
      this.result = undefined;
      this.error =
        errorType(error) === 'invalid_email'
          ? (this.context.catalogue?.errors.invalid_email ?? (error as Error).message)
          : this.context.reportError(error);
      if (!retry || !serverTrouble(error)) return;
      this.timers.push(
        clock.setTimeout(() => {
          if (check === this.checks && this.isConnected) void this.check(password, false);
        }, retryIntervalMs(slowNetwork)),
      );
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-new-password': VelvetNewPassword;
  }
}
