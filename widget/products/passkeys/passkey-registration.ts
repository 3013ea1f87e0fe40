/**
 * `<velvet-passkey-registration>`: the passkey registration component, for a page whose user is
 * signed in. Register New Passkey ('Create a Passkey', or 'Skip'), then Passkey Registration
 * Success: the user's passkeys, each renamed (edit, then save) or deleted (after a confirmation
 * that says it cannot be undone), another one set up, or Done.
 */
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { User, WebAuthnRegistration } from '../../client/api-types.js';
import type { VelvetClient } from '../../client/velvet-client.js';
import '../../components/alert.js';
import { alertStyles } from '../../components/alert.styles.js';
import type { WidgetTheme } from '../../config/widget-config.js';
import { sessionMinutes } from '../../config/widget-config.js';
import { loadClient } from '../../element/client-loader.js';
import {
  configConverter,
  INVALID_CONFIG_ERROR,
  UnparsableConfig,
  unparsableConfigMessage,
} from '../../element/config-attribute.js';
import { adoptOnce, styleSheet } from '../../element/style-sheets.js';
import { velvetLoginStyles } from '../../element/velvet-login.styles.js';
import type {
  VelvetCallbacks,
  VelvetErrorDetail,
  VelvetEventDetail,
  VelvetEventType,
} from '../../events.js';
import { Screen } from '../../state/screen.js';
import type { LocaleCatalogue } from '../../strings/catalogue.js';
import { themeProperties } from '../../theme/theme.js';
import { isCancelled, registrationFailure } from './passkey-errors.js';
import {
  PasskeyEvent,
  type PasskeyStrings,
  passkeyStrings,
  passkeysEn,
} from './passkey-strings.js';
import { passkeysStyles } from './passkeys.styles.js';

/** The element's tag. */
export const PASSKEY_REGISTRATION_TAG = 'velvet-passkey-registration';

/** What the component is configured with: the widget config's theme, session options and locale. */
export interface PasskeyRegistrationConfig extends WidgetTheme {
  sessionOptions?: { sessionDurationMinutes: number };
  /** The language of its texts, as the widget's `locale` (`en`, `es`, `fr`). */
  locale?: string;
  theme?: WidgetTheme;
}

/** The screens of this component. */
type RegistrationScreen =
  | typeof Screen.RegisterNewPasskey
  | typeof Screen.PasskeyRegistrationSuccess;

let nextId = 1;

/**
 * Lets a signed-in user create, rename and delete passkeys.
 *
 * @summary Passkey registration: create, list, rename, delete.
 *
 * @event {CustomEvent<VelvetEventDetail>} velvet-event - `PASSKEY_REGISTER` when a passkey was
 *   created, `PASSKEY_SKIP`, `PASSKEY_DONE`. Bubbles and crosses shadow roots.
 * @event {CustomEvent<VelvetErrorDetail>} velvet-error - A step failed: `{message, errorType}`.
 *
 * @csspart container - The box.
 * @csspart title - The heading.
 * @csspart text - Body text.
 * @csspart button - Buttons; `button-primary` too for the main action.
 * @csspart link - Text buttons (Skip, Edit, Delete).
 * @csspart input - The name field while renaming.
 */
@customElement(PASSKEY_REGISTRATION_TAG)
export class VelvetPasskeyRegistration extends LitElement {
  /** The project's public token. */
  @property({ attribute: 'public-token' }) publicToken = '';
  /** Where the Velvet API is; the page's origin by default. */
  @property({ attribute: 'api-base' }) apiBase: string | undefined;
  /** The theme and `sessionOptions`, as the widget config has them; as an attribute, JSON. */
  @property({ converter: configConverter }) config: PasskeyRegistrationConfig = {};
  /** The page's client library instance, to share its session. */
  @property({ attribute: false }) client: VelvetClient | undefined;
  /** `{onEvent, onError}`, called next to the events. */
  @property({ attribute: false }) callbacks: VelvetCallbacks = {};
  /** Texts to use instead of the catalogue's (English, or the `locale` of `config`), by key. */
  @property({ attribute: false }) strings: Partial<PasskeyStrings> = {};

  /** The current screen (the element's to change). @readonly */
  @state() screen: RegistrationScreen = Screen.RegisterNewPasskey;
  @state() private user: User | null | undefined;
  @state() private busy = false;
  @state() private error: string | undefined;
  @state() private created = false;
  @state() private editing: string | undefined;
  @state() private draft = '';
  @state() private confirmingDelete: string | undefined;

  private texts: PasskeyStrings = passkeyStrings(passkeysEn, {});
  /** The configured locale, and its catalogue once loaded (none for English). */
  private locale = 'en';
  private catalogue: LocaleCatalogue | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly ids = nextId++;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const root = this.getRootNode();
    const host = root instanceof ShadowRoot || root instanceof Document ? root : document;
    for (const css of [velvetLoginStyles, alertStyles, passkeysStyles]) {
      adoptOnce(host, styleSheet(css, 'light', PASSKEY_REGISTRATION_TAG));
    }
    // Once connected again; the first time at the first update (`willUpdate`), when Lit has
    // applied the properties a page set before this element was defined.
    if (this.hasUpdated) void this.connectClient();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const config: unknown = this.config;
    if (changed.has('config') && !(config instanceof UnparsableConfig)) this.applyLocale();
    if (changed.has('strings'))
      this.texts = passkeyStrings(passkeysEn, this.strings ?? {}, this.catalogue?.passkeys);
    if (config instanceof UnparsableConfig) {
      // The theme falls back to the defaults, and the page hears why.
      this.config = {};
      this.fail({
        error_type: INVALID_CONFIG_ERROR,
        error_message: unparsableConfigMessage(PASSKEY_REGISTRATION_TAG, config),
      });
    }
    if (!this.hasUpdated) void this.connectClient();
  }

  private async connectClient(): Promise<void> {
    const client = await this.getClient();
    this.unsubscribe?.();
    this.user = client.user.getSync();
    this.unsubscribe = client.user.onChange((user) => {
      this.user = user;
      if (user && this.error === this.texts.passkeyNoUser) this.error = undefined;
    });
    if (!this.user)
      this.fail({ error_type: 'no_current_session', error_message: this.texts.passkeyNoUser });
  }

  /** Loads the catalogue of the config's `locale` (a chunk of its own; none for English). */
  private applyLocale(): void {
    const locale = typeof this.config?.locale === 'string' ? this.config.locale : 'en';
    if (locale === this.locale) return;
    this.locale = locale;
    this.catalogue = undefined;
    this.requestUpdate('strings');
    import('../../strings/load-catalogue.js')
      .then((loader) => loader.loadCatalogue(locale, this))
      .then((catalogue) => {
        if (this.locale !== locale) return;
        this.catalogue = catalogue;
        this.requestUpdate('strings');
      })
      .catch((error: unknown) => console.error(`<${PASSKEY_REGISTRATION_TAG}>:`, error));
  }

  private getClient(): Promise<VelvetClient> {
    return this.client ? Promise.resolve(this.client) : loadClient(this.publicToken, this.apiBase);
  }

  private emit(type: VelvetEventType, data: Record<string, unknown>): void {
    const detail: VelvetEventDetail = { type, data };
    this.dispatchEvent(new CustomEvent('velvet-event', { detail, bubbles: true, composed: true }));
    this.callbacks?.onEvent?.(detail);
  }

  private fail(failure: { error_type: string; error_message: string }): void {
    // A translated locale's words for the server's error types it knows.
    const errors = this.catalogue?.errors as Readonly<Record<string, unknown>> | undefined;
    const translated = errors?.[failure.error_type];
    const message = typeof translated === 'string' ? translated : failure.error_message;
    const detail: VelvetErrorDetail = { message, errorType: failure.error_type };
    this.error = message;
    this.dispatchEvent(new CustomEvent('velvet-error', { detail, bubbles: true, composed: true }));
    this.callbacks?.onError?.(detail);
  }

  private apiFailure(error: unknown): void {
    const body = error as { error_type?: unknown; error_message?: unknown; message?: unknown };
    this.fail({
      error_type: typeof body?.error_type === 'string' ? body.error_type : 'unknown_error',
      error_message:
        typeof body?.error_message === 'string'
          ? body.error_message
          : typeof body?.message === 'string'
            ? body.message
            : this.texts.passkeyNotCreated,
    });
  }

  private async run(work: (client: VelvetClient) => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = undefined;
    try {
      await work(await this.getClient());
    } finally {
      this.busy = false;
    }
  }

  private readonly onCreate = () =>
    this.run(async (client) => {
      try {
        const response = await client.webauthn.register({
          is_passkey: true,
          session_duration_minutes: sessionMinutes(this.config),
        });
        this.created = true;
        this.emit(PasskeyEvent.Register, { ...response });
        this.screen = Screen.PasskeyRegistrationSuccess;
      } catch (error) {
        if (
          isCancelled(error) &&
          !(error instanceof DOMException && error.name === 'NotAllowedError')
        )
          return;
        const failure = registrationFailure(error, this.texts);
        this.fail({ error_type: failure.errorType, error_message: failure.message });
      }
    });

  private readonly onSkip = (): void => {
    this.error = undefined;
    this.created = false;
    this.emit(PasskeyEvent.Skip, {});
    this.screen = Screen.PasskeyRegistrationSuccess;
  };

  private readonly onAnother = (): void => {
    this.error = undefined;
    this.editing = undefined;
    this.confirmingDelete = undefined;
    this.screen = Screen.RegisterNewPasskey;
  };

  private readonly onDone = (): void => this.emit(PasskeyEvent.Done, {});

  private startEdit(registration: WebAuthnRegistration): void {
    this.confirmingDelete = undefined;
    this.editing = registration.webauthn_registration_id;
    this.draft = registration.name ?? '';
    void this.updateComplete.then(() =>
      this.querySelector<HTMLInputElement>('.velvet-passkey-list__input')?.focus(),
    );
  }

  private saveName(id: string): Promise<void> {
    const name = this.draft.trim();
    if (!name) return Promise.resolve();
    return this.run(async (client) => {
      try {
        await client.webauthn.update({ webauthn_registration_id: id, name });
        this.editing = undefined;
      } catch (error) {
        this.apiFailure(error);
      }
    });
  }

  private deletePasskey(id: string): Promise<void> {
    return this.run(async (client) => {
      try {
        await client.user.deleteWebauthnRegistration(id);
        this.confirmingDelete = undefined;
      } catch (error) {
        this.apiFailure(error);
      }
    });
  }

  protected override render(): unknown {
    const theme = { ...this.config, ...this.config?.theme };
    const style = Object.entries(themeProperties(theme))
      .map(([name, value]) => `${name}: ${value}`)
      .join('; ');
    return html`<div class="velvet-container" part="container" style=${style}>
      ${this.user === null ? this.renderNoUser() : this.user === undefined ? nothing : this.renderScreen()}
    </div>`;
  }

  private renderNoUser() {
    return html`<div class="velvet-screen">
      <velvet-alert variant="error" text=${this.texts.passkeyNoUser}></velvet-alert>
    </div>`;
  }

  private renderError() {
    return this.error
      ? html`<velvet-alert variant="error" text=${this.error}></velvet-alert>`
      : nothing;
  }

  private renderScreen() {
    const t = this.texts;
    if (this.screen === Screen.RegisterNewPasskey) {
      return html`<div class="velvet-screen">
        <h2 class="velvet-title" part="title">${t.registerTitle}</h2>
        <p class="velvet-text" part="text">${t.registerText}</p>
        ${this.renderError()}
        <button class="velvet-button velvet-button--primary" part="button button-primary" type="button" ?disabled=${this.busy} @click=${this.onCreate}>
          ${t.createPasskey}
        </button>
        <button class="velvet-link" part="link" type="button" ?disabled=${this.busy} @click=${this.onSkip}>${t.skip}</button>
      </div>`;
    }
    const registrations = this.user?.webauthn_registrations ?? [];
    const headingId = `velvet-passkey-registration-${this.ids}-list`;
    return html`<div class="velvet-screen">
      <h2 class="velvet-title" part="title">${this.created ? t.registrationSuccessTitle : t.yourPasskeys}</h2>
      ${this.renderError()}
      ${this.created ? html`<h3 class="velvet-text" id=${headingId} part="text">${t.yourPasskeys}</h3>` : nothing}
      ${
        registrations.length === 0
          ? html`<p class="velvet-text" part="text">${t.noPasskeys}</p>`
          : html`<ul class="velvet-passkey-list" aria-label=${t.yourPasskeys}>
              ${registrations.map((registration) => this.renderItem(registration))}
            </ul>`
      }
      <button class="velvet-button velvet-button--secondary" part="button" type="button" ?disabled=${this.busy} @click=${this.onAnother}>
        ${t.setUpAnother}
      </button>
      <button class="velvet-button velvet-button--primary" part="button button-primary" type="button" ?disabled=${this.busy} @click=${this.onDone}>
        ${t.done}
      </button>
    </div>`;
  }

  private renderItem(registration: WebAuthnRegistration) {
    const t = this.texts;
    const id = registration.webauthn_registration_id;
    const name = registration.name || id;
    if (this.editing === id) {
      const inputId = `velvet-passkey-registration-${this.ids}-name`;
      return html`<li class="velvet-passkey-list__item">
        <form class="velvet-passkey-list__confirm" @submit=${(event: Event) => {
          event.preventDefault();
          void this.saveName(id);
        }}>
          <label class="velvet-text" for=${inputId}>${t.passkeyName}</label>
          <input
            id=${inputId}
            class="velvet-passkey-list__input"
            part="input"
            type="text"
            maxlength="128"
            required
            .value=${this.draft}
            ?disabled=${this.busy}
            @input=${(event: Event) => {
              this.draft = (event.target as HTMLInputElement).value;
            }}
            @keydown=${(event: KeyboardEvent) => {
              if (event.key === 'Escape') this.editing = undefined;
            }}
          />
          <div class="velvet-passkey-list__actions">
            <button class="velvet-button velvet-button--primary" part="button button-primary" type="submit" ?disabled=${this.busy || !this.draft.trim()}>${t.save}</button>
            <button class="velvet-button velvet-button--secondary" part="button" type="button" @click=${() => {
              this.editing = undefined;
            }}>${t.cancel}</button>
          </div>
        </form>
      </li>`;
    }
    return html`<li class="velvet-passkey-list__item">
      <span class="velvet-passkey-list__name">${name}</span>
      <span class="velvet-passkey-list__actions">
        <button class="velvet-link" part="link" type="button" aria-label=${t.renameLabel(name)} ?disabled=${this.busy} @click=${() => this.startEdit(registration)}>${t.rename}</button>
        <button class="velvet-link" part="link" type="button" aria-label=${t.deleteLabel(name)} ?disabled=${this.busy} @click=${() => {
          this.editing = undefined;
          this.confirmingDelete = id;
        }}>${t.delete}</button>
      </span>
      ${
        this.confirmingDelete === id
          ? html`<div class="velvet-passkey-list__confirm" role="alertdialog" aria-label=${t.deleteLabel(name)}>
              <p class="velvet-text" part="text">${t.passkeyDeleteWarning}</p>
              <div class="velvet-passkey-list__actions">
                <button class="velvet-button velvet-button--primary" part="button button-primary" type="button" ?disabled=${this.busy} @click=${() => this.deletePasskey(id)}>${t.delete}</button>
                <button class="velvet-button velvet-button--secondary" part="button" type="button" @click=${() => {
                  this.confirmingDelete = undefined;
                }}>${t.cancel}</button>
              </div>
            </div>`
          : nothing
      }
    </li>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-passkey-registration': VelvetPasskeyRegistration;
  }
}
