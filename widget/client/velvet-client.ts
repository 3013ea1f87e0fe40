/**
 * The front door of the client library: `new VelvetClient(publicToken, options?)`. One client
 * per page and project; it wires the HTTP client, the session, the resource clients, the
 * bootstrap configuration and telemetry together. Framework-free, no UI.
 */

import { BootstrapClient } from './bootstrap.js';
import { type Clock, type RandomSource, systemClock } from './clock.js';
import { Messages, PUBLIC_TOKEN_PREFIX } from './constants.js';
import type { CookieJar } from './cookies.js';
import { CryptoWalletsClient } from './crypto-wallets-client.js';
import { type CaptchaProvider, type FetchLike, HttpClient } from './http-client.js';
import { defaultStorage, type KeyValueStorage } from './key-value-storage.js';
import { MagicLinksClient } from './magic-links-client.js';
import { OAuthClient } from './oauth-client.js';
import { OtpClient } from './otp-client.js';
import { PasswordsClient } from './passwords-client.js';
import { PkceManager, type RandomValues } from './pkce.js';
import { SessionClient } from './session-client.js';
import { SessionManager } from './session-manager.js';
import { SessionChangeReason } from './session-state.js';
import { SessionStorage } from './session-storage.js';
import { Telemetry } from './telemetry.js';
import { checkOptions, checkString } from './type-checks.js';
import { UsersClient } from './users-client.js';
import { WebAuthnClient } from './webauthn-client.js';

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
  /** Supplies a captcha token and dfp telemetry id when the server asks for them. */
  readonly captchaProvider?: CaptchaProvider;
  /** Where warnings go; `console` by default. */
  readonly logger?: Pick<Console, 'warn'>;
  /** Where window events are heard (`focus`, `online`, `offline`, `storage`). */
  readonly windowTarget?: EventTarget | null;
  /** Where `visibilitychange` is heard. */
  readonly documentTarget?: Document | null;
}

const liveTokens = new Set<string>();
let warnedDuplicate = false;

/** The headless client: `client.otps`, `client.session`, `client.user`, and the rest. */
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
  /** Passkeys and WebAuthn devices: register, sign in (button or autofill), rename. */
  readonly webauthn: WebAuthnClient;
  /** The project configuration (cache first, then the server, else the fallback). */
  readonly bootstrap: BootstrapClient;
  /** Sign-in with Ethereum and Solana wallets. */
  readonly cryptoWallets: CryptoWalletsClient;
  /** OAuth: `authenticate` signs in with the token an OAuth sign-in (Google One Tap) landed with. */
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
    liveTokens.add(publicToken);

    this.publicToken = publicToken;
    const clock = options.clock ?? systemClock;
    const storage = options.storage ?? defaultStorage();
    this.telemetry = new Telemetry({ clock, storage });
    this.http = new HttpClient({
      publicToken,
      apiBase: resolveApiBase(options.apiBase, logger),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.captchaProvider ? { captchaProvider: options.captchaProvider } : {}),
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
        ...(options.cookies ? { cookies: options.cookies } : {}),
      }),
      clock,
      random: options.random ?? Math.random,
      logger,
      ...(options.windowTarget !== undefined ? { windowTarget: options.windowTarget } : {}),
      ...(options.documentTarget !== undefined ? { documentTarget: options.documentTarget } : {}),
    });
    this.session = new SessionClient(this.sessions);
    this.otps = new OtpClient(this.http, this.sessions);
    this.user = new UsersClient(this.http, this.sessions);
    this.webauthn = new WebAuthnClient(this.http, this.sessions);
    this.bootstrap = new BootstrapClient(this.http, publicToken, { storage });
    this.cryptoWallets = new CryptoWalletsClient(this.http, this.sessions, this.bootstrap);
    this.pkce = new PkceManager(publicToken, {
      storage,
      logger,
      ...(options.randomValues ? { randomValues: options.randomValues } : {}),
    });
    this.passwords = new PasswordsClient(this.http, this.sessions, this.pkce, this.bootstrap);
    this.oauth = new OAuthClient(this.http, this.sessions, this.pkce);
    this.magicLinks = new MagicLinksClient({
      http: this.http,
      sessions: this.sessions,
      pkce: this.pkce,
      bootstrap: this.bootstrap,
    });
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
