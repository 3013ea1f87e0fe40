/**
 * `client.session`: the public face of the session. Read it synchronously, subscribe to its
 * changes, confirm it with the server, or revoke it.
 */

import type { AuthenticateResponse, Session, User } from './api-types.js';
import type { SessionAuthenticateOptions, SessionManager } from './session-manager.js';
import type { SessionData, SessionListener, SessionStatus } from './session-state.js';
import type { TokenExchangeClient } from './token-exchange-client.js';
import { checkListener, checkOptions } from './type-checks.js';

/** The two tokens of a session. */
export interface SessionTokens {
  readonly sessionToken: string;
  readonly sessionJwt: string;
}

/** The session and its user. */
export interface SessionInfo {
  readonly session: Session | null;
  readonly user: User | null;
}

/** `client.session`. */
export class SessionClient {
  private readonly manager: SessionManager;
  private readonly exchange: TokenExchangeClient | undefined;

  constructor(manager: SessionManager, exchange?: TokenExchangeClient) {
    this.manager = manager;
    this.exchange = exchange;
  }

  /**
   * `POST /sessions/exchange_access_token {access_token, session_duration_minutes}`: signs in
   * with a full-access token the project issued as identity provider.
   */
  exchangeAccessToken(options: {
    readonly access_token: string;
    readonly session_duration_minutes: number;
  }): Promise<AuthenticateResponse> {
    return this.#exchange().exchangeAccessToken(options);
  }

  /** `POST /sessions/attest {profile_id, token, session_duration_minutes?}`: signs in with a trusted issuer's JWT. */
  attest(options: {
    readonly profile_id: string;
    readonly token: string;
    readonly session_duration_minutes?: number;
  }): Promise<AuthenticateResponse> {
    return this.#exchange().attest(options);
  }

  #exchange(): TokenExchangeClient {
    if (!this.exchange) throw new Error('this session client cannot exchange tokens');
    return this.exchange;
  }

  /** Where the session is in its lifecycle: signed_out, signed_in, refreshed or destroyed. */
  get status(): SessionStatus {
    return this.manager.status;
  }

  /** The session object, or `null` when signed out. */
  getSync(): Session | null {
    return this.manager.data?.session ?? null;
  }

  /** The session and its user (both `null` when signed out). */
  getInfo(): SessionInfo {
    const data = this.manager.data;
    return { session: data?.session ?? null, user: data?.user ?? null };
  }

  /** Everything held about the session, or `null`. */
  getData(): SessionData | null {
    return this.manager.data;
  }

  /**
   * The opaque token and the JWT, or `null` when signed out, and always in HttpOnly-cookie mode,
   * where no page script holds them (as Stytch's `getTokens` with HttpOnly cookies).
   */
  getTokens(): SessionTokens | null {
    const data = this.manager.data;
    return data?.sessionToken
      ? { sessionToken: data.sessionToken, sessionJwt: data.sessionJwt }
      : null;
  }

  /**
   * Calls `listener` on every change: sign-in, refresh, user update, destruction, and changes
   * synced from other tabs. Returns the function that unsubscribes.
   */
  onChange(listener: SessionListener): () => void {
    checkListener('client.session.onChange', listener);
    return this.manager.onChange(listener);
  }

  /**
   * `POST /sessions/authenticate`: confirms (and with `session_duration_minutes` extends) the
   * session. Rejects with `NoCurrentSessionError` when signed out, and with a `UsageError` when
   * `options` is not an object.
   */
  async authenticate(options?: SessionAuthenticateOptions): Promise<AuthenticateResponse> {
    checkOptions('client.session.authenticate', options, '{ session_duration_minutes: 60 }');
    return this.manager.authenticate(options, 'client.session.authenticate()');
  }

  /** `POST /sessions/revoke`, then the local session is destroyed whatever the answer. */
  revoke(): Promise<void> {
    return this.manager.revoke();
  }
}
