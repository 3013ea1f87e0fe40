/**
 * `<velvet-passkey-login>`: the passkey product's part of the main screen. It shows the
 * 'Login with a Passkey' button when the browser cannot offer passkeys in autofill or no email
 * or phone field is there to offer them in; otherwise it runs the autofill sign-in (conditional
 * mediation) in the background: up to five attempts, each failure counting down, cancelled when
 * the main screen goes away.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { VelvetClient } from '../../client/velvet-client.js';
import type { WebAuthnAuthenticateResponse } from '../../client/webauthn-client.js';
import { sessionMinutes } from '../../config/widget-config.js';
import type { ProductContext } from '../product.js';
import { autofillOptions } from './autofill-options.js';
import { isCancelled, signInFailure } from './passkey-errors.js';
import {
  AUTOFILL_ATTEMPTS,
  hasFieldProduct,
  loadPasskeyScreens,
  signedIn,
  textsOf,
} from './passkey-flow.js';

/** Whether the browser offers passkeys in autofill (conditional mediation). */
async function autofillAvailable(): Promise<boolean> {
  const api = globalThis.PublicKeyCredential as
    | { isConditionalMediationAvailable?: () => Promise<boolean> }
    | undefined;
  try {
    return (await api?.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

/** The passkey button or the autofill sign-in, first on the main screen. */
@customElement('velvet-passkey-login')
export class VelvetPasskeyLogin extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  /** `button` once the button is to show, `autofill` while autofill runs; unknown at first. */
  @state() private mode: 'button' | 'autofill' | undefined;
  @state() private submitting = false;
  @state() private error: string | undefined;

  /** Autofill attempts left. */
  attemptsLeft = AUTOFILL_ATTEMPTS;
  private controller: AbortController | undefined;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.controller = new AbortController();
    void this.start(this.controller.signal);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The main screen is gone: the pending autofill request goes with it.
    this.controller?.abort();
    this.controller = undefined;
  }

  private async start(signal: AbortSignal): Promise<void> {
    const autofill = await autofillAvailable();
    if (signal.aborted) return;
    if (!autofill || !hasFieldProduct(this.context)) {
      this.mode = 'button';
      return;
    }
    this.mode = 'autofill';
    await this.runAutofill(signal);
  }

  /** The widget's field that carries `webauthn` in its `autocomplete`, once it is there. */
  private async eligibleInput(signal: AbortSignal): Promise<boolean> {
    // The widget's shadow root when it has one, else the element.
    const root = this.getRootNode();
    const scope: ParentNode | null =
      root instanceof ShadowRoot ? root : (this.closest('velvet-login') ?? null);
    // The forms are other products' chunks: give them a moment to arrive.
    for (let waited = 0; waited < 5000 && !signal.aborted; waited += 100) {
      if (scope?.querySelector("input[autocomplete*='webauthn']")) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  private async runAutofill(signal: AbortSignal): Promise<void> {
    if (!(await this.eligibleInput(signal))) {
      if (!signal.aborted)
        console.error(`<velvet-login>: ${textsOf(this.context).passkeyNoAutofill}`);
      return;
    }
    while (this.attemptsLeft > 0 && !signal.aborted) {
      if (await this.autofillOnce(signal)) return;
    }
  }

  /**
   * One autofill request: signs in with the passkey the browser offers. Resolves to true when
   * the autofill is over (signed in, aborted, or nothing offered), false after a failure that
   * used up one attempt.
   */
  private async autofillOnce(signal: AbortSignal): Promise<boolean> {
    try {
      const response = await this.autofillSignIn(signal);
      if (signal.aborted || !response) return true;
      void loadPasskeyScreens();
      signedIn(this.context, response);
      return true;
    } catch (error) {
      if (signal.aborted) return true;
      this.attemptsLeft -= 1;
      if (!isCancelled(error)) this.showFailure(error);
      return false;
    }
  }

  /**
   * The autofill ceremony. Its request options come without the client library where they can
   * (`autofill-options.ts`), which then loads only once a passkey is picked; otherwise the client
   * library runs the whole ceremony (`null` when it does not load: no autofill then).
   */
  private async autofillSignIn(signal: AbortSignal): Promise<WebAuthnAuthenticateResponse | null> {
    const context = this.context;
    const minutes = { session_duration_minutes: sessionMinutes(context.config) };
    const publicKey = await autofillOptions(context, signal);
    if (signal.aborted) return null;
    if (publicKey) {
      const credential = await navigator.credentials.get({
        publicKey,
        signal,
        mediation: 'conditional',
      });
      if (!credential) return null;
      return (await context.client()).webauthn.authenticateWith(
        credential as PublicKeyCredential,
        minutes,
      );
    }
    let client: VelvetClient;
    try {
      client = await context.client();
    } catch {
      return null;
    }
    return client.webauthn.authenticate({
      ...minutes,
      is_passkey: true,
      conditional_mediation: true,
      disable_input_check: true,
      signal,
    });
  }

  private showFailure(error: unknown): void {
    const failure = signInFailure(error, textsOf(this.context));
    this.error = this.context.reportError({
      error_type: failure.errorType,
      error_message: failure.message,
    });
  }

  private readonly onClick = async (): Promise<void> => {
    if (this.submitting) return;
    const context = this.context;
    this.error = undefined;
    this.submitting = true;
    try {
      void loadPasskeyScreens();
      const client = await context.busy(context.client());
      const response = await context.busy(
        client.webauthn.authenticate({
          session_duration_minutes: sessionMinutes(context.config),
          is_passkey: true,
        }),
      );
      if (!response) {
        this.showFailure(undefined);
        return;
      }
      signedIn(context, response);
    } catch (error) {
      if (!isCancelled(error)) this.showFailure(error);
    } finally {
      this.submitting = false;
    }
  };

  protected override render(): unknown {
    const texts = textsOf(this.context);
    const error = this.error
      ? html`<p class="velvet-form__error" part="error" role="alert">${this.error}</p>`
      : nothing;
    if (this.mode !== 'button') return error;
    return html`<div class="velvet-section velvet-passkey-login">
      <button
        class="velvet-button velvet-button--secondary"
        part="button"
        type="button"
        ?disabled=${this.submitting}
        @click=${this.onClick}
      >
        <svg class="velvet-passkey-login__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="9" cy="7" r="4" fill="none" stroke="currentColor" stroke-width="2" />
          <path d="M2 21v-1a6 6 0 0 1 9-5.2" fill="none" stroke="currentColor" stroke-width="2" />
          <circle cx="17.5" cy="13.5" r="2.5" fill="none" stroke="currentColor" stroke-width="2" />
          <path d="M17.5 16v6l1.5-1.5-1-1.5 1-1.5" fill="none" stroke="currentColor" stroke-width="2" />
        </svg>
        ${texts.loginWithPasskey}
      </button>
      ${error}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-passkey-login': VelvetPasskeyLogin;
  }
}
