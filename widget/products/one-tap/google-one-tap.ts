/**
 * `<velvet-google-one-tap>`: Google One Tap in the widget. It starts a prompt with the server
 * (client id and nonce), loads Google's script, initializes it with the client id, the nonce, the
 * callback and `cancel_on_tap_outside`, and prompts at the provider's position: floating (Google
 * draws it), or embedded in a box 47 px high that follows the prompt's size. A chosen account's
 * ID token goes to the server, and the page goes to the redirect URL it answers. Cancelling ends
 * the pending state and resets the height to 47; every error state is reported to the developer
 * as 'One Tap could not load: <reason>' (console, `velvet-error`, and in the widget unless the
 * prompt shows alone).
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { OAuthProviderConfig } from '../../config/widget-config.js';
import { completingOAuth } from '../oauth/index.js';
import type { ProductContext } from '../product.js';
import {
  type CredentialResponse,
  type GoogleAccountsId,
  type IdConfiguration,
  loadGoogleIdentity,
  type PromptMomentNotification,
} from './google-identity.js';
import { googleScriptOf, oneTapNavigation, startOneTap, submitOneTap } from './one-tap-flow.js';
import {
  browserHasFedCM,
  ONE_TAP_EMBEDDED_HEIGHT_PX,
  OneTapError,
  type OneTapFailure,
  type OneTapMode,
  OneTapPosition,
  oneTapErrorOf,
  oneTapMode,
} from './one-tap-rules.js';
import { loadOneTapTranslation, type OneTapStrings, oneTapTexts } from './one-tap-strings.js';

/** The id of the embedded prompt's parent (Google finds it by id, so it stays in light DOM). */
export const ONE_TAP_PARENT_ID = 'google-parent-prompt';

/** What `render` of Stytch's One Tap client answers: success, or why not. */
type RenderResult = { success: true } | { success: false; reason: string };

/**
 * Google One Tap.
 * @summary The Google One Tap prompt of the OAuth product.
 * @csspart one-tap - The embedded prompt's box.
 */
@customElement('velvet-google-one-tap')
export class VelvetGoogleOneTap extends LitElement {
  /** The widget's context. */
  @property({ attribute: false }) context!: ProductContext;
  /** The Google provider of `oauthOptions` (its `position` and `cancel_on_tap_outside`). */
  @property({ attribute: false }) provider!: OAuthProviderConfig;
  /** The prompt shows alone: no box, no messages in the widget (they still reach the console). */
  @property({ type: Boolean }) alone = false;
  /** Shown when the prompt cannot be (the OAuth product's Google button). */
  @property({ attribute: false }) fallback: TemplateResult | typeof nothing = nothing;
  /** Whether the browser has Google's native prompt; read from the browser unless set. */
  @property({ attribute: false }) fedcm = browserHasFedCM();

  /** Waiting for Google to draw the embedded prompt. */
  @state() pending = false;
  /** The prompt could show (false after a cancel or a failure). */
  @state() canDisplay = true;
  /** The embedded box's height in px. */
  @state() height = ONE_TAP_EMBEDDED_HEIGHT_PX;
  /** The current error state. */
  @state() error: OneTapError = OneTapError.None;
  /** The developer-facing message of the current failure, shown unless the prompt is alone. */
  @state() message = '';

  private google: GoogleAccountsId | undefined;
  /** The texts in the widget's locale (its own chunk), for `translationOf`, once loaded. */
  private translation: OneTapStrings | undefined;
  private translationOf = 'en';
  private translating: Promise<void> = Promise.resolve();
  private resizes = 0;
  private resizeTimer: ReturnType<typeof setTimeout> | undefined;
  private observer: ResizeObserver | undefined;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** How the prompt renders at the provider's position. */
  get mode(): OneTapMode {
    return oneTapMode(this.provider?.position, this.fedcm);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.pending = this.mode === 'embedded';
    void this.attempt().catch((error: unknown) => {
      console.error('<velvet-login>: Unable to render One Tap prompt', error);
      this.canDisplay = false;
      this.pending = false;
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.google?.cancel();
    this.observer?.disconnect();
    clearTimeout(this.resizeTimer);
  }

  protected override updated(): void {
    const parent = this.querySelector<HTMLElement>(`#${ONE_TAP_PARENT_ID}`);
    if (parent && !this.observer) {
      this.observer = new ResizeObserver(([entry]) => entry && this.onResize(entry));
      this.observer.observe(parent);
    }
  }

  /** Follows the embedded prompt's height; the first two changes wait 100 ms (they come fast). */
  private onResize(entry: ResizeObserverEntry): void {
    clearTimeout(this.resizeTimer);
    const apply = () => {
      const measured = entry.contentRect.height;
      this.height = measured === 0 || !this.canDisplay ? this.height : measured;
    };
    if (this.resizes > 1) apply();
    else this.resizeTimer = setTimeout(apply, 100);
    this.resizes += 1;
  }

  /** The texts in the widget's language, with the page's overrides. */
  private texts(): OneTapStrings {
    return oneTapTexts(this.context, this.translation);
  }

  protected override willUpdate(): void {
    const locale = this.context?.locale ?? 'en';
    if (locale === this.translationOf) return;
    this.translationOf = locale;
    this.translating = loadOneTapTranslation(locale).then(
      (translation) => {
        if (this.translationOf !== locale) return;
        this.translation = translation;
        this.requestUpdate();
      },
      (error: unknown) => console.error('<velvet-login>: the One Tap texts did not load.', error),
    );
  }

  private async attempt(): Promise<void> {
    // Its messages in the widget's language from the first: the translation comes first.
    this.willUpdate();
    await this.translating;
    const mode = this.mode;
    if (!mode || completingOAuth()) {
      this.pending = false;
      return;
    }
    const client = await this.context.client();
    let started: Awaited<ReturnType<typeof startOneTap>>;
    try {
      started = await startOneTap(client);
    } catch (error) {
      const state = oneTapErrorOf((error as { error_type?: unknown })?.error_type);
      if (state) this.fail(state);
      else this.failWith(this.context.reportError(error));
      return;
    }
    if (started.google_client_id === '') {
      this.fail(OneTapError.OAuthConfigNotFound);
      return;
    }
    let google: GoogleAccountsId;
    try {
      google = await loadGoogleIdentity(googleScriptOf(started));
    } catch {
      const inLanguage = (texts: OneTapStrings) =>
        texts.oneTapCouldNotLoad(texts.oneTapScriptFailed);
      this.failWith(inLanguage(this.texts()), inLanguage);
      return;
    }
    if (!this.isConnected) return;
    this.google = google;
    const result = await this.prompt(google, started, mode);
    if (!this.isConnected) {
      google.cancel();
      return;
    }
    this.canDisplay = result.success;
    this.pending = false;
    if (result.success) return;
    if (result.reason === 'unregistered_origin') this.fail(OneTapError.OriginNotAllowedForClient);
    else if (result.reason === 'invalid_client') this.fail(OneTapError.InvalidClient);
    else console.error('<velvet-login>: Unable to render One Tap prompt', result);
  }

  /** `initialize` then `prompt`, resolved by the first moment that decides (Stytch's `render`). */
  private prompt(
    google: GoogleAccountsId,
    started: Awaited<ReturnType<typeof startOneTap>>,
    mode: Exclude<OneTapMode, false>,
  ): Promise<RenderResult> {
    const embedded = mode === 'embedded';
    const config: IdConfiguration = {
      client_id: started.google_client_id,
      nonce: started.nonce,
      callback: (response) => void this.onCredential(started, response),
      auto_select: false,
      context: 'use',
      itp_support: true,
      use_fedcm_for_prompt: this.provider.position !== OneTapPosition.forceLegacyEmbedded,
      cancel_on_tap_outside: this.provider.cancel_on_tap_outside ?? true,
    };
    if (embedded) {
      config.prompt_parent_id = ONE_TAP_PARENT_ID;
      config.cancel_on_tap_outside = false;
    }
    google.initialize(config);
    return new Promise((resolve) => {
      google.prompt((notification: PromptMomentNotification) => {
        if (notification.isSkippedMoment()) {
          const reason = notification.getSkippedReason?.() ?? 'unknown_reason';
          if (reason === 'user_cancel') this.onCancelled();
          resolve({ success: false, reason });
          return;
        }
        const outcome = displayOutcome(notification, embedded);
        if (outcome) resolve(outcome);
      });
    });
  }

  /** The cancel callback: the pending state ends and the box goes back to 47 px. */
  private onCancelled(): void {
    this.pending = false;
    this.canDisplay = false;
    this.height = ONE_TAP_EMBEDDED_HEIGHT_PX;
  }

  private async onCredential(
    started: Awaited<ReturnType<typeof startOneTap>>,
    response: CredentialResponse,
  ): Promise<void> {
    try {
      const client = await this.context.client();
      const redirect = await this.context.busy(
        submitOneTap(client, this.context, started, response.credential),
      );
      oneTapNavigation.assign(redirect);
    } catch (error) {
      this.context.dispatch({
        type: 'set-error',
        error: { message: this.context.reportError(error) },
      });
    }
  }

  /**
   * Enters an error state and tells the developer why. The widget's message follows its
   * language: a catalogue that arrives after the failure translates it.
   */
  private fail(error: OneTapFailure): void {
    const message = this.failureText(this.texts(), error);
    console.error(`<velvet-login>: ${message}`);
    this.context.reportError({ error_type: error, error_message: message });
    this.failed = (texts) => this.failureText(texts, error);
    this.message = message;
    this.error = error;
    this.canDisplay = false;
    this.pending = false;
  }

  /** The message of the failure `error`. */
  private failureText(texts: OneTapStrings, error: OneTapFailure): string {
    const reasons: Record<OneTapFailure, string> = {
      [OneTapError.OriginNotAllowedForClient]: texts.oneTapHostNotAllowed(location.host),
      [OneTapError.InvalidClient]: texts.oneTapInvalidClient,
      [OneTapError.OAuthConfigNotFound]: texts.oneTapNoClient,
      [OneTapError.NoLoginRedirectUrlsSet]: texts.oneTapNoLoginUrls,
      [OneTapError.NoSignupRedirectUrlsSet]: texts.oneTapNoSignupUrls,
      [OneTapError.DefaultProviderNotAllowed]: texts.oneTapDefaultProvider,
    };
    return texts.oneTapCouldNotLoad(reasons[error]);
  }

  /** A failure's message in the widget's current language (`message` when it has none). */
  private failed: ((texts: OneTapStrings) => string) | undefined;

  /** A failure that is not one of the error states (already reported). */
  private failWith(message: string, inLanguage?: (texts: OneTapStrings) => string): void {
    this.failed = inLanguage;
    this.message = message;
    this.canDisplay = false;
    this.pending = false;
  }

  protected override render(): unknown {
    if (this.alone) return html`<div class="velvet-one-tap--alone" hidden></div>`;
    const texts = this.texts();
    const message = this.failed?.(texts) ?? this.message;
    const alert = message
      ? html`<velvet-alert variant="error" text=${message}></velvet-alert>`
      : nothing;
    if (message) void import('../../components/alert.js');
    if (this.mode !== 'embedded') return html`${alert}${this.fallback}`;
    return html`${alert}
      <div
        class="velvet-one-tap${this.pending ? ' velvet-one-tap--pending' : ''}"
        part="one-tap"
        style="height: ${this.height}px"
        aria-busy=${this.pending ? 'true' : 'false'}
      >
        ${
          this.pending
            ? html`<span class="velvet-one-tap__pending" role="status">${texts.oneTapPending}</span>`
            : nothing
        }
        ${this.canDisplay ? html`<div id=${ONE_TAP_PARENT_ID}></div>` : this.fallback}
      </div>`;
  }
}

/**
 * What a prompt moment other than a skip decides: not displayed (an embedded prompt whose
 * notification cannot say counts as not displayed), or displayed; `undefined` for a dismissal,
 * which decides nothing.
 */
function displayOutcome(
  notification: PromptMomentNotification,
  embedded: boolean,
): RenderResult | undefined {
  if ((!notification.isNotDisplayed && embedded) || notification.isNotDisplayed?.()) {
    return {
      success: false,
      reason: notification.getNotDisplayedReason?.() ?? 'unknown_reason',
    };
  }
  return notification.isDismissedMoment() ? undefined : { success: true };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-google-one-tap': VelvetGoogleOneTap;
  }
}
