/**
 * `<velvet-otp-authenticate>`: the passcode screen (spec section 2). Six boxes that submit
 * themselves when full, `Verifying passcode...` while the code is checked, an error that stays
 * on the screen, the countdown in m:ss and the resend link, whose every resend (by text message,
 * WhatsApp or email) shows the spec's toast 'Email resent'.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { TimerHandle } from '../../client/clock.js';
import '../../components/back-button.js';
import '../../components/otp-input.js';
import type { OtpCompleteDetail, VelvetOtpInput } from '../../components/otp-input.js';
import type { ToastStore } from '../../components/toast-store.js';
import type { VelvetToaster } from '../../components/toaster.js';
import { sessionMinutes } from '../../config/widget-config.js';
import { VelvetEventType } from '../../events.js';
import { Screen } from '../../state/screen.js';
import type { OtpState } from '../../state/widget-state.js';
import { isValidPasscode } from '../../validation/passcode.js';
import { formatNational } from '../../validation/phone.js';
import type { ProductContext } from '../product.js';
import { COUNTDOWN_TICK_MS, formatRemaining, RESEND_FEEDBACK_MS } from './countdown.js';
import { otpExpiresAt, sendOptions } from './otp-flow.js';
import { otpScreenStyles } from './otp-screens.styles.js';
import { passcodeStrings } from './passcode-strings.js';
import { formError } from './send-form.js';

/** The resend link: a link, a send under way, or `Code sent` for 2 seconds. */
type ResendState = 'idle' | 'sending' | 'sent';

let nextId = 1;

/**
 * The toaster and its store, loaded when the guest first asks for a resend (the only toast of
 * the screen), not with the screen.
 */
const loadToaster = () =>
  Promise.all([
    import('../../components/toast-store.js'),
    import('../../components/toaster.js'),
  ]).then(([store]) => store.ToastStore);

/** The passcode screen. Shown after a passcode was sent; reads the OTP state of the widget. */
@customElement('velvet-otp-authenticate')
export class VelvetOtpAuthenticate extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  @state() private verifying = false;
  @state() private error: string | undefined;
  @state() private resend: ResendState = 'idle';
  @state() private now = 0;
  @state() private shownDestination = '';

  private toasts: ToastStore | undefined;
  private toaster: Promise<ToastStore | undefined> | undefined;
  private readonly ids = nextId++;
  private tick: TimerHandle | undefined;
  private resendTimer: TimerHandle | undefined;
  private formattedFor = '';
  /** The expiry the countdown runs to; a resend moves it. */
  private countingTo: number | undefined;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  private get otp(): OtpState | undefined {
    return this.context.state.otp;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.countingTo = undefined;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.context.clock.clearTimeout(this.tick);
    this.context.clock.clearTimeout(this.resendTimer);
    this.tick = undefined;
    this.resendTimer = undefined;
  }

  protected override willUpdate(): void {
    this.context.adoptStyles(otpScreenStyles);
    const otp = this.otp;
    if (otp && otp.expiresAt !== this.countingTo) {
      this.countingTo = otp.expiresAt;
      this.startCountdown();
    }
    if (otp && otp.destination !== this.formattedFor) {
      this.formattedFor = otp.destination;
      this.shownDestination = otp.destination;
      if (otp.type !== 'email') {
        const destination = otp.destination;
        void formatNational(destination, { clock: this.context.clock }).then((formatted) => {
          if (this.formattedFor === destination) this.shownDestination = formatted;
        });
      }
    }
  }

  /** Ticks once a second, on the second of the expiry, until the code has expired. */
  private startCountdown(): void {
    const clock = this.context.clock;
    clock.clearTimeout(this.tick);
    this.now = clock.now();
    const left = (this.otp?.expiresAt ?? 0) - this.now;
    if (left <= 0) return;
    const delay = left % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS;
    this.tick = clock.setTimeout(() => this.startCountdown(), delay);
  }

  protected override render(): unknown {
    const otp = this.otp;
    const { strings } = this.context;
    if (!otp) return nothing;
    const texts = passcodeStrings(this.context);
    const left = otp.expiresAt - this.now;
    const expired = left <= 0;
    const errorId = `velvet-otp-authenticate-${this.ids}-error`;
    const resendLabel =
      this.resend === 'sending'
        ? texts.sendingCode
        : this.resend === 'sent'
          ? texts.codeSent
          : texts.resendCode;
    return html`<div class="velvet-screen velvet-otp-authenticate">
      <velvet-back-button label=${strings.back} @velvet-back=${this.onBack}></velvet-back-button>
      <h2 class="velvet-title" part="title">${texts.enterPasscode}</h2>
      <p class="velvet-text" part="text">${texts.passcodeSentTo(this.shownDestination)}</p>
      <velvet-otp-input
        .label=${texts.passcodeGroupLabel}
        .digitLabel=${texts.passcodeDigitLabel}
        ?disabled=${this.verifying || expired}
        ?invalid=${this.error !== undefined}
        described-by=${this.error ? errorId : ''}
        @velvet-otp-complete=${this.onComplete}
      ></velvet-otp-input>
      ${
        this.verifying
          ? html`<p class="velvet-text velvet-otp-authenticate__verifying" role="status">
            ${texts.verifyingPasscode}
          </p>`
          : nothing
      }
      ${formError(errorId, this.error)}
      ${
        expired
          ? html`<p class="velvet-text velvet-otp-authenticate__expired" role="alert">
            ${texts.codeExpired}
          </p>`
          : html`<p class="velvet-text velvet-otp-authenticate__countdown">
            ${texts.codeExpiresIn(formatRemaining(left, this.context.locale))}
          </p>`
      }
      <p class="velvet-text velvet-otp-authenticate__resend">
        ${strings.didNotGetIt}
        <button
          class="velvet-link"
          part="link"
          type="button"
          aria-live="polite"
          ?disabled=${this.resend !== 'idle'}
          @click=${this.onResend}
        >
          ${resendLabel}
        </button>
      </p>
      ${
        this.toasts
          ? html`<velvet-toaster
            .store=${this.toasts}
            dismiss-label=${strings.dismiss}
          ></velvet-toaster>`
          : nothing
      }
    </div>`;
  }

  /**
   * The toasts, once the toaster is on the page with its (empty) live region, so screen readers
   * announce the first toast; `undefined` when the toaster could not load (the resend link's
   * own `Code sent` still says it).
   */
  private showToasts(): Promise<ToastStore | undefined> {
    this.toaster ??= loadToaster().then(
      async (Store) => {
        this.toasts = new Store(this.context.clock);
        this.requestUpdate();
        await this.updateComplete;
        await this.querySelector<VelvetToaster>('velvet-toaster')?.updateComplete;
        return this.toasts;
      },
      () => {
        this.toaster = undefined;
        return undefined;
      },
    );
    return this.toaster;
  }

  private get input(): VelvetOtpInput | null {
    return this.querySelector('velvet-otp-input');
  }

  private readonly onBack = (): void => {
    this.context.dispatch({ type: 'update-otp-state', otp: undefined });
    this.context.dispatch({ type: 'transition', screen: Screen.Main });
  };

  private readonly onComplete = async (event: CustomEvent<OtpCompleteDetail>): Promise<void> => {
    const otp = this.otp;
    if (this.verifying || !otp) return;
    const context = this.context;
    const code = event.detail.code;
    if (!isValidPasscode(code)) {
      this.error = passcodeStrings(context).invalidPasscode;
      return;
    }
    this.error = undefined;
    this.verifying = true;
    try {
      const client = await context.busy(context.client());
      const response = await context.busy(
        client.otps.authenticate(code, otp.methodId, {
          session_duration_minutes: sessionMinutes(context.config),
        }),
      );
      context.emitEvent(VelvetEventType.OtpAuthenticate, {
        request_id: response.request_id,
        user_id: response.user_id,
        method_id: response.method_id,
        user: response.user,
        session: response.session,
      });
      context.dispatch({ type: 'transition', screen: Screen.OtpConfirmation });
    } catch (error) {
      this.error = context.reportError(error);
      this.verifying = false;
      await this.updateComplete;
      this.input?.clear();
      this.input?.focus();
    }
  };

  private readonly onResend = async (): Promise<void> => {
    const otp = this.otp;
    if (this.resend !== 'idle' || !otp) return;
    const context = this.context;
    this.resend = 'sending';
    // Loads while the code is sent, so the toast comes with the answer.
    const toasts = this.showToasts();
    try {
      const client = await context.busy(context.client());
      const response =
        otp.type === 'email'
          ? await context.busy(
              client.otps.email.loginOrCreate(otp.destination, sendOptions(context)),
            )
          : await context.busy(
              client.otps[otp.type].loginOrCreate(otp.destination, sendOptions(context)),
            );
      if (otp.type === 'email') {
        client.telemetry.logEvent('email_sent', {
          email: otp.destination,
          type: 'login_or_create_otp',
        });
      }
      // The spec's toast follows every resend, whatever the channel.
      (await toasts)?.success(passcodeStrings(context).emailResent);
      context.dispatch({
        type: 'update-otp-state',
        otp: { ...otp, methodId: response.method_id, expiresAt: otpExpiresAt(context) },
      });
      context.emitEvent(VelvetEventType.OtpResend, { ...response });
      this.error = undefined;
      this.resend = 'sent';
      this.resendTimer = context.clock.setTimeout(() => {
        this.resend = 'idle';
      }, RESEND_FEEDBACK_MS);
    } catch (error) {
      this.error = context.reportError(error);
      this.resend = 'idle';
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-otp-authenticate': VelvetOtpAuthenticate;
  }
}
