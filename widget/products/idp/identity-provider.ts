/**
 * `<velvet-identity-provider>`: the IDP Consent screen (spec sections 2, 4, 6 and 8), for the
 * page an application sends its users to when they sign in "with Velvet" (the server's
 * authorization and end-session endpoints serve one). It reads the request from the page's URL:
 * consent, or logout when `post_logout_redirect_uri` is present.
 *
 * Consent: preflight, then either an automatic submit (the user consented before) or a prompt
 * with the application's name and scopes, Allow or Deny. Without a session it says so and shows
 * `<velvet-login>` (the page loads `velvet.js` too) with the same client, and goes on once the
 * user has signed in; when the request asks for a fresh sign-in (`prompt=login`, `max_age`) it
 * says 'Please sign in again to continue.' instead. OAuth buttons start the provider's sign-in,
 * and the Email tab sends a magic link, with this page's address as the redirect (unless the
 * config names one), so the provider's callback or the link returns to the same request
 * (`?stytch_token_type=oauth&token=…`, `?stytch_token_type=magic_links&token=…`): the form
 * authenticates that token (with the PKCE verifier it kept, when it used one), removes it from
 * the address, and the consent follows. Logout: preflight, then 'Are you sure…?', Yes (revokes
 * the session and returns to the application) or No.
 *
 * Built on its own (see `REGISTRATION_MODE` in `widget/vite.config.ts`), so sign-in pages
 * download nothing of it.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { IdpClient, type ScopeResult } from '../../client/idp-client.js';
import type { VelvetClient } from '../../client/velvet-client.js';
import { alertStyles } from '../../components/alert.styles.js';
import type { VelvetConfig } from '../../config/widget-config.js';
import { loadClient } from '../../element/client-loader.js';
import {
  configConverter,
  INVALID_CONFIG_ERROR,
  UnparsableConfig,
  unparsableConfigMessage,
} from '../../element/config-attribute.js';
import { adoptOnce, styleSheet } from '../../element/style-sheets.js';
import { velvetLoginStyles } from '../../element/velvet-login.styles.js';
import type { VelvetCallbacks, VelvetErrorDetail } from '../../events.js';
import { Screen } from '../../state/screen.js';
import type { LocaleCatalogue } from '../../strings/catalogue.js';
import { themeProperties } from '../../theme/theme.js';
import { idpStyles } from './idp.styles.js';
import {
  asksBeyondStandard,
  type ConsentRequest,
  type IdpRequest,
  type LogoutRequest,
  readIdpRequest,
} from './idp-request.js';
import { type IdpStrings, idpStrings, loadIdpTranslation } from './idp-strings.js';

/** The element's tag. */
export const IDENTITY_PROVIDER_TAG = 'velvet-identity-provider';

/** The error types that mean "sign in first". */
const NO_SESSION_ERRORS = new Set([
  'user_unauthenticated',
  'session_not_found',
  'unauthorized_credentials',
  'no_current_session',
]);

/** The error type of `prompt=login` or `max_age`: the session must authenticate again. */
const REAUTHENTICATE_ERROR = 'reauthentication_required';

/** Why the sign-in form shows: no session, one too old, or a provider's token to authenticate. */
export type SignInReason = 'no-session' | 'reauthenticate' | 'returning';

/** The token type each product that returns to this page puts in its address. */
const RETURN_TOKEN_TYPES = { oauth: 'oauth', emailMagicLinks: 'magic_links' } as const;

/**
 * Whether `search` is the return of a sign-in the form offers (`products`): a provider's
 * (`stytch_token_type=oauth&token=…`) or a magic link's (`stytch_token_type=magic_links&token=…`).
 */
function isSignInReturn(search: string, products: readonly string[]): boolean {
  const params = new URLSearchParams(search);
  const type = params.get('stytch_token_type');
  if (!params.get('token')) return false;
  return Object.entries(RETURN_TOKEN_TYPES).some(
    ([product, tokenType]) => tokenType === type && products.includes(product),
  );
}

/**
 * The address an OAuth sign-in or a magic link comes back to: this page's (the authorization
 * request), without a token of an earlier return and without a fragment.
 */
export function returnAddress(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('token');
  url.searchParams.delete('stytch_token_type');
  url.hash = '';
  return url.href;
}

/**
 * A message box in the widget's alert style. Not `<velvet-alert>`: `velvet.js` on the same page
 * defines that element, and a name can be defined once.
 */
function alert(variant: 'error' | 'warning', text: string): TemplateResult {
  return html`<div
    class="velvet-alert velvet-alert--${variant}"
    part="alert"
    role=${variant === 'error' ? 'alert' : 'status'}
  >${text}</div>`;
}

/** Where the screen is: plain data, rendered by `render()`. */
export type IdpView =
  | { readonly step: 'loading' }
  | { readonly step: 'missing'; readonly param: string }
  | { readonly step: 'sign-in'; readonly reason: SignInReason }
  | {
      readonly step: 'consent';
      readonly clientName: string;
      readonly grantable: ScopeResult[];
      readonly ungrantable: ScopeResult[];
    }
  | { readonly step: 'denied' }
  | { readonly step: 'error'; readonly message: string; readonly errorType?: string }
  | { readonly step: 'logout-confirm' }
  | { readonly step: 'not-logged-out' }
  | { readonly step: 'redirecting' };

/**
 * The identity provider's consent and logout screen.
 *
 * @summary IDP Consent: Allow or Deny an application; confirm a logout.
 *
 * @event {CustomEvent<VelvetErrorDetail>} velvet-error - A call failed: `{message, errorType}`.
 *   Bubbles and crosses shadow roots.
 *
 * @csspart container - The box.
 * @csspart title - The heading.
 * @csspart text - Body text.
 * @csspart alert - The error or warning message.
 * @csspart scopes - The lists of scopes.
 * @csspart button - Buttons; `button-primary` too for Allow and Yes.
 */
@customElement(IDENTITY_PROVIDER_TAG)
export class VelvetIdentityProvider extends LitElement {
  /** The project's public token. */
  @property({ attribute: 'public-token' }) publicToken = '';
  /** Where the Velvet API is; the page's origin by default. */
  @property({ attribute: 'api-base' }) apiBase: string | undefined;
  /** The sign-in widget's config (products, options, theme), used when no one is signed in; as an attribute, JSON. */
  @property({ converter: configConverter }) config: VelvetConfig = { products: ['otp'] };
  /** The page's client library instance, to share its session. */
  @property({ attribute: false }) client: VelvetClient | undefined;
  /** `{onEvent, onError}`; `onError` is called next to `velvet-error`. */
  @property({ attribute: false }) callbacks: VelvetCallbacks = {};
  /** Texts to use instead of the catalogue's (English, or the `locale` of `config`), by key. */
  @property({ attribute: false }) strings: Partial<IdpStrings> = {};
  /** The query to read the request from; the page's own by default. */
  @property({ attribute: false }) search: string = globalThis.location?.search ?? '';
  /** How to leave for the application; `location.assign` by default. */
  @property({ attribute: false }) navigate: (url: string) => void = (url) =>
    globalThis.location.assign(url);

  /** The current view (the element's to change). @readonly */
  @state() view: IdpView = { step: 'loading' };
  /** The screen the widget shows (spec section 2). */
  readonly screen = Screen.IdpConsent;
  @state() private busy = false;
  /** The client in use, handed to the sign-in form so both share one session. */
  @state() private resolvedClient: VelvetClient | undefined;

  private texts: IdpStrings = idpStrings({});
  /** The configured locale, and its catalogue once loaded (none for English). */
  private locale = 'en';
  private catalogue: LocaleCatalogue | undefined;
  /** This element's own texts in the locale, once loaded (none for English). */
  private translation: IdpStrings | undefined;
  private request: IdpRequest | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Whether the request was read once (at the first update with a usable config). */
  private started = false;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const root = this.getRootNode();
    const host = root instanceof ShadowRoot || root instanceof Document ? root : document;
    for (const css of [velvetLoginStyles, alertStyles, idpStyles]) {
      adoptOnce(host, styleSheet(css, 'light', IDENTITY_PROVIDER_TAG));
    }
    // Once connected again; the first time at the first update (`willUpdate`), when Lit has
    // applied the properties a page set before this element was defined.
    if (this.started) void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const config: unknown = this.config;
    if (changed.has('config') && !(config instanceof UnparsableConfig)) this.applyLocale();
    if (changed.has('strings')) this.texts = idpStrings(this.strings ?? {}, this.translation);
    if (config instanceof UnparsableConfig) {
      // The sign-in form would run on the defaults: the error replaces the screen instead.
      this.config = { products: ['otp'] };
      this.failed({
        error_type: INVALID_CONFIG_ERROR,
        error_message: unparsableConfigMessage(IDENTITY_PROVIDER_TAG, config),
      });
      return;
    }
    if (!this.started) void this.start();
  }

  /**
   * Loads the catalogue of the config's `locale` (for the server's errors) and this element's
   * texts in it (chunks of their own; none for English), as `<velvet-login>` does, and gives the
   * sign-in form the same locale through the config.
   */
  private applyLocale(): void {
    const locale = typeof this.config?.locale === 'string' ? this.config.locale : 'en';
    if (locale === this.locale) return;
    this.locale = locale;
    this.catalogue = undefined;
    this.translation = undefined;
    this.requestUpdate('strings');
    Promise.all([
      import('../../strings/load-catalogue.js').then((loader) =>
        loader.loadCatalogue(locale, this),
      ),
      loadIdpTranslation(locale),
    ])
      .then(([catalogue, translation]) => {
        if (this.locale !== locale) return;
        this.catalogue = catalogue;
        this.translation = translation;
        this.requestUpdate('strings');
      })
      .catch((error: unknown) => console.error('<velvet-identity-provider>:', error));
  }

  private getClient(): Promise<VelvetClient> {
    return this.client ? Promise.resolve(this.client) : loadClient(this.publicToken, this.apiBase);
  }

  /** Reads the URL and runs the preflight. */
  private async start(): Promise<void> {
    this.started = true;
    const request = readIdpRequest(this.search);
    this.request = request;
    if (request.kind === 'missing') {
      this.view = { step: 'missing', param: request.param };
      return;
    }
    const client = await this.getClient();
    this.resolvedClient = client;
    this.unsubscribe?.();
    // Signed in through the form below: go on to the consent.
    this.unsubscribe = client.session.onChange((change) => {
      if (change.data && this.view.step === 'sign-in') void this.preflight(client);
    });
    // Back from a provider or a link: the form authenticates the token first, then the consent
    // follows. (Only when the form offers that product: no other form would take the token.)
    if (request.kind === 'consent' && isSignInReturn(this.search, this.config.products ?? [])) {
      this.view = { step: 'sign-in', reason: 'returning' };
      return;
    }
    await this.preflight(client);
  }

  private async preflight(client: VelvetClient): Promise<void> {
    const request = this.request;
    if (!request || request.kind === 'missing') return;
    await this.run(async () => {
      if (request.kind === 'logout') await this.logoutPreflight(client, request);
      else await this.consentPreflight(client, request);
    });
  }

  private async consentPreflight(client: VelvetClient, request: ConsentRequest): Promise<void> {
    const idp = new IdpClient(client.http);
    const { kind: _kind, ...params } = request;
    try {
      const start = await idp.oauthAuthorizeStart({
        client_id: params.client_id,
        redirect_uri: params.redirect_uri,
        response_type: params.response_type,
        scopes: params.scopes,
        ...(params.prompt ? { prompt: params.prompt } : {}),
        ...(params.max_age !== undefined ? { max_age: params.max_age } : {}),
        ...(params.auth_after !== undefined ? { auth_after: params.auth_after } : {}),
      });
      if (!start.consent_required) {
        await this.decide(client, true);
        return;
      }
      this.view = {
        step: 'consent',
        clientName: start.client.client_name,
        grantable: start.scope_results.filter((r) => r.is_grantable),
        ungrantable: start.scope_results.filter((r) => !r.is_grantable),
      };
    } catch (error) {
      this.failed(error);
    }
  }

  private async logoutPreflight(client: VelvetClient, request: LogoutRequest): Promise<void> {
    const { kind: _kind, ...params } = request;
    try {
      const start = await new IdpClient(client.http).oauthLogoutStart(params);
      this.logoutTarget = start.redirect_uri;
      if (start.consent_required) this.view = { step: 'logout-confirm' };
      else this.leave(start.redirect_uri);
    } catch (error) {
      this.failed(error);
    }
  }

  private logoutTarget = '';

  /** Sends the decision and leaves for the application with its answer. */
  private async decide(client: VelvetClient, granted: boolean): Promise<void> {
    const request = this.request;
    if (request?.kind !== 'consent') return;
    const { kind: _kind, ...params } = request;
    try {
      const answer = await new IdpClient(client.http).oauthAuthorize({
        ...params,
        consent_granted: granted,
      });
      if (!granted) this.view = { step: 'denied' };
      this.leave(answer.redirect_uri, !granted);
    } catch (error) {
      this.failed(error);
    }
  }

  private leave(url: string, keepView = false): void {
    if (!keepView) this.view = { step: 'redirecting' };
    this.navigate(url);
  }

  private failed(error: unknown): void {
    const body = (typeof error === 'object' && error !== null ? error : {}) as {
      error_type?: unknown;
      error_message?: unknown;
      message?: unknown;
    };
    const type = typeof body.error_type === 'string' ? body.error_type : undefined;
    if (type && NO_SESSION_ERRORS.has(type)) {
      this.view = { step: 'sign-in', reason: 'no-session' };
      return;
    }
    if (type === REAUTHENTICATE_ERROR) {
      this.view = { step: 'sign-in', reason: 'reauthenticate' };
      return;
    }
    const message =
      typeof body.error_message === 'string'
        ? body.error_message
        : typeof body.message === 'string'
          ? body.message
          : String(error);
    this.view = type ? { step: 'error', message, errorType: type } : { step: 'error', message };
    const detail: VelvetErrorDetail = type ? { message, errorType: type } : { message };
    this.dispatchEvent(new CustomEvent('velvet-error', { detail, bubbles: true, composed: true }));
    this.callbacks?.onError?.(detail);
  }

  private async run(work: () => Promise<void>): Promise<void> {
    this.busy = true;
    try {
      await work();
    } finally {
      this.busy = false;
    }
  }

  private readonly onAllow = () => this.run(async () => this.decide(await this.getClient(), true));
  private readonly onDeny = () => this.run(async () => this.decide(await this.getClient(), false));
  private readonly onLogoutYes = () =>
    this.run(async () => {
      const client = await this.getClient();
      try {
        await client.session.revoke();
      } catch (error) {
        this.failed(error);
        return;
      }
      this.leave(this.logoutTarget);
    });
  private readonly onLogoutNo = (): void => {
    this.view = { step: 'not-logged-out' };
  };

  protected override render(): TemplateResult {
    const theme = { ...this.config, ...this.config?.theme };
    const style = Object.entries(themeProperties(theme))
      .map(([name, value]) => `${name}: ${value}`)
      .join('; ');
    return html`<div class="velvet-container" part="container" style=${style}>
      <div class="velvet-screen" aria-busy=${this.busy ? 'true' : 'false'}>${this.renderView()}</div>
    </div>`;
  }

  private renderView(): TemplateResult | typeof nothing {
    const t = this.texts;
    const view = this.view;
    switch (view.step) {
      case 'loading':
        return nothing;
      case 'missing':
        return alert('error', t.missingParameter(view.param));
      case 'error':
        return alert('error', this.errorText(view));
      case 'denied':
        return alert('error', t.denied);
      case 'redirecting':
        return html`<p class="velvet-text" part="text">${t.redirecting}</p>`;
      case 'sign-in':
        return html`${
          view.reason === 'returning'
            ? nothing
            : alert('warning', view.reason === 'reauthenticate' ? t.signInAgain : t.noSession)
        }
          <div class="velvet-idp-signin">
            <velvet-login
              public-token=${this.publicToken}
              api-base=${this.apiBase ?? nothing}
              .client=${this.resolvedClient}
              .config=${this.signInConfig()}
            ></velvet-login>
          </div>`;
      case 'consent':
        return this.renderConsent(view);
      case 'logout-confirm':
        return html`<h2 class="velvet-title" part="title">${t.logoutTitle}</h2>
          <div class="velvet-idp-actions">
            <button class="velvet-button velvet-button--primary" part="button button-primary" type="button" ?disabled=${this.busy} @click=${this.onLogoutYes}>${t.yes}</button>
            <button class="velvet-button velvet-button--secondary" part="button" type="button" ?disabled=${this.busy} @click=${this.onLogoutNo}>${t.no}</button>
          </div>`;
      case 'not-logged-out':
        return html`<p class="velvet-text" part="text">${t.notLoggedOut}</p>`;
    }
  }

  /** An error's text: the catalogue's for the server's error types it knows, else its message. */
  private errorText(view: Extract<IdpView, { step: 'error' }>): string {
    const errors = this.catalogue?.errors as Readonly<Record<string, unknown>> | undefined;
    const translated = view.errorType ? errors?.[view.errorType] : undefined;
    return typeof translated === 'string' ? translated : view.message;
  }

  /**
   * The sign-in form's config: the page's, with this page as the OAuth redirect and as the magic
   * links' URL when the config offers that product and names none (the server accepts its own
   * authorization endpoint for both).
   */
  private signInConfig(): VelvetConfig {
    const config = this.config;
    const oauth = config.oauthOptions;
    const products = config.products ?? [];
    const withOAuth = Boolean(oauth) && products.includes('oauth');
    const withLinks = products.includes('emailMagicLinks');
    if ((!withOAuth && !withLinks) || !globalThis.location) return config;
    const here = returnAddress(globalThis.location.href);
    // The same object while nothing changed: the form re-checks a new config.
    const last = this.lastSignInConfig;
    if (last?.from === config && last.here === here) return last.config;
    const links = config.emailMagicLinksOptions ?? {};
    const withReturn: VelvetConfig = {
      ...config,
      ...(oauth &&
        withOAuth && {
          oauthOptions: {
            ...oauth,
            loginRedirectURL: oauth.loginRedirectURL ?? here,
            signupRedirectURL: oauth.signupRedirectURL ?? oauth.loginRedirectURL ?? here,
          },
        }),
      ...(withLinks && {
        emailMagicLinksOptions: {
          ...links,
          loginRedirectURL: links.loginRedirectURL ?? here,
          signupRedirectURL: links.signupRedirectURL ?? links.loginRedirectURL ?? here,
        },
      }),
    };
    this.lastSignInConfig = { from: config, here, config: withReturn };
    return withReturn;
  }

  private lastSignInConfig: { from: VelvetConfig; here: string; config: VelvetConfig } | undefined;

  private renderConsent(view: Extract<IdpView, { step: 'consent' }>): TemplateResult {
    const t = this.texts;
    const request = this.request;
    const scopes = request?.kind === 'consent' ? request.scopes : [];
    const name = view.clientName || t.defaultClientName;
    const title = asksBeyondStandard(scopes)
      ? t.consentTitleWantsAccess(name)
      : t.consentTitle(name);
    const list = (results: ScopeResult[]) =>
      html`<ul class="velvet-idp-scopes" part="scopes">
        ${results.map((r) => html`<li>${t.scopeDescription(r.scope, r.description)}</li>`)}
      </ul>`;
    return html`<h2 class="velvet-title" part="title">${title}</h2>
      ${
        view.grantable.length > 0
          ? html`<p class="velvet-text" part="text">${t.consentGrantable(name)}</p>
            ${list(view.grantable)}`
          : nothing
      }
      ${
        view.ungrantable.length > 0
          ? html`<p class="velvet-text" part="text">${t.consentUngrantable}</p>
            ${list(view.ungrantable)}`
          : nothing
      }
      <div class="velvet-idp-actions">
        <button class="velvet-button velvet-button--primary" part="button button-primary" type="button" ?disabled=${this.busy} @click=${this.onAllow}>${t.allow}</button>
        <button class="velvet-button velvet-button--secondary" part="button" type="button" ?disabled=${this.busy} @click=${this.onDeny}>${t.deny}</button>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-identity-provider': VelvetIdentityProvider;
  }
}
