/**
 * The front door of the client library: `new VelvetClient(publicToken, options?)`. One client
 * per page and project; it wires the HTTP client, the session, the resource clients, the
 * bootstrap configuration and telemetry together. Framework-free, no UI.
 */

import type { AuthenticateResponse } from './api-types.js';
import { BootstrapClient } from './bootstrap.js';
import { type Clock, type RandomSource, systemClock } from './clock.js';
import { Messages, PUBLIC_TOKEN_PREFIX } from './constants.js';
import type { CookieJar } from './cookies.js';
import type { CryptoWalletsClient } from './crypto-wallets-client.js';
import { type CaptchaProvider, type FetchLike, HttpClient } from './http-client.js';
import { defaultStorage, type KeyValueStorage } from './key-value-storage.js';
import { lazyClient } from './lazy-client.js';
import type { MagicLinksClient } from './magic-links-client.js';
import type { OAuthClient } from './oauth-client.js';
import { OtpClient } from './otp-client.js';
import type { PasswordsClient } from './passwords-client.js';
import { PkceManager, type RandomValues } from './pkce.js';
import { projectCaptchaToken } from './project-captcha.js';
import { SessionClient } from './session-client.js';
import { SessionManager } from './session-manager.js';
import { SessionChangeReason } from './session-state.js';
import { SessionStorage } from './session-storage.js';
import { Telemetry } from './telemetry.js';
import type { TotpsClient } from './totps-client.js';
import { checkOptions, checkString } from './type-checks.js';
import { UsersClient } from './users-client.js';
import type { WebAuthnClient } from './webauthn-client.js';

/** Options of {@link VelvetClient}; all optional. */
export interface VelvetClientOptions {
  /** Scheme and host of the identity provider; defaults to `location.origin`. */
  readonly apiBase?: string;
  /** The `fetch` to call; tests pass a stub. */
  readonly fetch?: FetchLike;
  /** Time and timers; tests pass a fake clock. */
  readonly clock?: Clock;
  /** `Math.random`-like source for retry jitter. */
  readonly random?: RandomSource;
  /** Random source for PKCE verifiers; `crypto.getRandomValues` by default. */
  readonly randomValues?: RandomValues;
  /** Persistent storage; `localStorage` by default. */
  readonly storage?: KeyValueStorage;
  /** Cookie jar; `document.cookie` by default. */
  readonly cookies?: CookieJar;
  /**
   * Supplies a captcha token (and a dfp telemetry id) when the server asks for them; by default
   * the project's captcha from bootstrap (Cloudflare Turnstile), loaded only when first needed.
   */
  readonly captchaProvider?: CaptchaProvider;
  /** Where warnings (and errors, when it has `error`) go; `console` by default. */
  readonly logger?: Pick<Console, 'warn'> & Partial<Pick<Console, 'error'>>;
  /** Where window events are heard (`focus`, `online`, `offline`, `storage`). */
  readonly windowTarget?: EventTarget | null;
  /** Where `visibilitychange` is heard. */
  readonly documentTarget?: Document | null;
  /** Opens a URL in this tab (OAuth starts); `location.assign` by default. */
  readonly navigate?: (url: string) => void;
  /**
   * HttpOnly-cookie mode, for a page served by the identity provider's own server (the invitation
   * site): the session is the server's `HttpOnly` cookie. No session token or JWT reaches page
   * script: none in `document.cookie`, storage or answers, and `session.getTokens()` is `null`;
   * requests go with credentials and say `X-Velvet-Session`. Only with the API on the page's
   * own origin (no `apiBase`); with an `apiBase` it is ignored, and the session is kept as usual.
   */
  readonly httpOnlyCookies?: boolean;
}

const liveTokens = new Set<string>();
let warnedDuplicate = false;

/**
 * Warns of a client made where it cannot work or was likely not meant: outside a browser, with
 * a public token that does not look like one, or a second client for a token (once a page).
 */
function warnOfMisuse(publicToken: string, logger: Pick<Console, 'warn'>): void {
  if (typeof window === 'undefined') logger.warn(Messages.SERVER_ENVIRONMENT);
  if (!publicToken.startsWith(PUBLIC_TOKEN_PREFIX)) {
    logger.warn(
      `The public token '${publicToken}' does not start with '${PUBLIC_TOKEN_PREFIX}'. ` +
        'Check that you copied the public token of your project.',
    );
  }
  if (liveTokens.has(publicToken) && !warnedDuplicate) {
    warnedDuplicate = true;
    logger.warn(Messages.DUPLICATE_CLIENT);
  }
}

/**
 * The headless client: `client.otps`, `client.session`, `client.user`, and the rest.
 *
 * The session, user, passcode, bootstrap and telemetry clients come with it; every other
 * product's client is a lazy chunk (`lazyClient`) that loads on its first call, so a page
 * downloads only the clients it calls. Their methods are the same, and all return promises.
 */
export class VelvetClient {
  /** The project's public token. */
  readonly publicToken: string;
  /** One-time passcodes by SMS, WhatsApp and email. */
  readonly otps: OtpClient;
  /** Passwords: create, log in, strength, resets. */
  readonly passwords: PasswordsClient;
  /** Sign-in links by email. */
  readonly magicLinks: MagicLinksClient;
  /** The session: read, subscribe, authenticate, revoke. */
  readonly session: SessionClient;
  /** The signed-in user. */
  readonly user: UsersClient;
  /** Authenticator apps (TOTP) and their recovery codes, for the signed-in user (loaded at first use). */
  readonly totps: TotpsClient;
  /** Sign-in with a token minted by `npm run impersonate` on the server's host. */
  readonly impersonation: {
    authenticate(options: { readonly impersonation_token: string }): Promise<AuthenticateResponse>;
  };
  /** Passkeys and WebAuthn devices: register, sign in (button or autofill), rename. */
  readonly webauthn: WebAuthnClient;
  /** The project configuration (cache first, then the server, else the fallback). */
  readonly bootstrap: BootstrapClient;
  /** Sign-in with Ethereum and Solana wallets. */
  readonly cryptoWallets: CryptoWalletsClient;
  /** Sign-in through OAuth providers (`client.oauth.google.start()`, `client.oauth.authenticate`). */
  readonly oauth: OAuthClient;
  /** The telemetry header and the batched analytics events. */
  readonly telemetry: Telemetry;
  /** PKCE verifiers of the redirect flows. */
  readonly pkce: PkceManager;
  /** The HTTP client every call goes through (for products without their own client yet). */
  readonly http: HttpClient;
  private readonly sessions: SessionManager;
  private disposed = false;

  constructor(publicToken: string, options: VelvetClientOptions = {}) {
    checkString('public_token', publicToken);
    checkOptions('new VelvetClient', options, "{ apiBase: 'https://id.example.com' }");
    const logger = options.logger ?? console;
    warnOfMisuse(publicToken, logger);
    liveTokens.add(publicToken);

    this.publicToken = publicToken;
    const clock = options.clock ?? systemClock;
    const storage = options.storage ?? defaultStorage();
    this.telemetry = new Telemetry({ clock, storage });
    const apiBase = resolveApiBase(options.apiBase, logger);
    // HttpOnly-cookie mode only with the API on the page's own origin (the default `apiBase`).
    const httpOnly = options.httpOnlyCookies === true && options.apiBase === undefined;
    this.http = new HttpClient({
      publicToken,
      apiBase,
      ...(httpOnly ? { cookieSession: () => this.sessions?.data != null } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      // The page's provider, or the project's captcha as bootstrap describes it.
      captchaProvider: options.captchaProvider ?? {
        getCaptchaToken: () => projectCaptchaToken(this.bootstrap),
      },
      getSessionToken: () => this.sessions?.sessionToken ?? null,
      telemetryHeader: () => this.telemetry.createHeader(),
      onUnrecoverableError: () => this.sessions?.destroy(SessionChangeReason.UNRECOVERABLE_ERROR),
    });
    // Each event names its project, as Stytch's SDK's events do, so `/events` needs no auth.
    this.telemetry.setSender((events) =>
      this.http.request('POST', '/events', {
        body: {
          events: events.map((record) => ({
            ...record,
            event: { ...record.event, public_token: publicToken },
          })),
        },
        keepalive: true,
      }),
    );
    this.sessions = new SessionManager({
      publicToken,
      http: this.http,
      storage: new SessionStorage(publicToken, {
        storage,
        clock,
        httpOnly,
        ...(options.cookies ? { cookies: options.cookies } : {}),
      }),
      clock,
      random: options.random ?? Math.random,
      logger,
      ...(options.windowTarget !== undefined ? { windowTarget: options.windowTarget } : {}),
      ...(options.documentTarget !== undefined ? { documentTarget: options.documentTarget } : {}),
    });
    const exchange = lazyClient(() =>
      import('./token-exchange-client.js').then(
        ({ TokenExchangeClient }) => new TokenExchangeClient(this.http, this.sessions),
      ),
    );
    this.session = new SessionClient(this.sessions, exchange);
    this.totps = lazyClient(() =>
      import('./totps-client.js').then(
        ({ TotpsClient }) => new TotpsClient(this.http, this.sessions),
      ),
    );
    this.impersonation = { authenticate: (options) => exchange.impersonate(options) };
    this.otps = new OtpClient(this.http, this.sessions);
    this.user = new UsersClient(this.http, this.sessions);
    this.bootstrap = new BootstrapClient(this.http, publicToken, {
      storage,
      ...(options.logger?.error ? { logger: options.logger as Pick<Console, 'error'> } : {}),
    });
    this.pkce = new PkceManager(publicToken, {
      storage,
      logger,
      ...(options.randomValues ? { randomValues: options.randomValues } : {}),
    });
    // The products' clients: one lazy entry each (docs/development.md, "Adding a product").
    const { http, sessions, pkce, bootstrap } = this;
    this.magicLinks = lazyClient(() =>
      import('./magic-links-client.js').then(
        (module) => new module.MagicLinksClient({ http, sessions, pkce, bootstrap }),
      ),
    );
    this.passwords = lazyClient(() =>
      import('./passwords-client.js').then(
        (module) => new module.PasswordsClient(http, sessions, pkce, bootstrap),
      ),
    );
    this.webauthn = lazyClient(() =>
      import('./webauthn-client.js').then((module) => new module.WebAuthnClient(http, sessions)),
    );
    this.cryptoWallets = lazyClient(() =>
      import('./crypto-wallets-client.js').then(
        (module) => new module.CryptoWalletsClient(http, sessions, bootstrap),
      ),
    );
    const navigate = options.navigate;
    this.oauth = lazyClient(() =>
      import('./oauth-client.js').then((module) =>
        module.createOAuthClient({
          http,
          sessions,
          pkce,
          publicToken,
          ...(navigate ? { navigate } : {}),
        }),
      ),
    );
    globalThis.addEventListener?.('pagehide', this.handlePageHide);
  }

  /**
   * Stops background work (refresh timers, tab sync, listeners) and sends queued telemetry.
   * The stored session stays for the next page load.
   */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    liveTokens.delete(this.publicToken);
    globalThis.removeEventListener?.('pagehide', this.handlePageHide);
    this.sessions.dispose();
    await this.telemetry.dispose();
  }

  private readonly handlePageHide = (): void => {
    void this.telemetry.flush();
  };
}

function resolveApiBase(apiBase: string | undefined, logger: Pick<Console, 'warn'>): string {
  const origin = globalThis.location?.origin ?? '';
  if (apiBase === undefined) return origin;
  try {
    const url = new URL(apiBase);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin + url.pathname;
  } catch {
    // Reported below.
  }
  logger.warn(`Invalid custom domain '${apiBase}'; using ${origin} instead.`);
  return origin;
}
