/**
 * `client.oauth`: sign-in through an OAuth provider. `client.oauth.{provider}.start(options)`
 * keeps a new PKCE verifier in local storage and sends the browser to the server's
 * `/sdk/v1/public/oauth/{provider}/start`, which sends it on to the provider; the provider's
 * answer comes back to the page as `?stytch_token_type=oauth&token=…`, and
 * `client.oauth.authenticate(token, {session_duration_minutes})` turns it into a session.
 *
 * This door is small on purpose: the flows load (`oauth-flows.ts`) on first use, so pages that
 * never sign in with a provider do not download them.
 */
import type { AuthenticateResponse } from './api-types.js';
import type { HttpClient } from './http-client.js';
import { OAUTH_PROVIDERS, type OAuthProvider } from './oauth-provider-names.js';
import type { PkceManager } from './pkce.js';
import type { SessionManager } from './session-manager.js';

export { OAUTH_PROVIDERS, type OAuthProvider };

/** Options of `client.oauth.{provider}.start`, in Stytch's names. */
export interface OAuthStartOptions {
  /** The listed URL an existing user lands on; the project's first when omitted. */
  readonly login_redirect_url?: string;
  /** The listed URL a new user lands on; the project's first when omitted. */
  readonly signup_redirect_url?: string;
  /** Scopes asked for besides the project's. */
  readonly custom_scopes?: string[];
  /** Parameters for the provider's authorization page (`prompt`, `login_hint`, …). */
  readonly provider_params?: Record<string, string>;
}

/** Options of {@link OAuthClient.authenticate}. */
export interface OAuthAuthenticateOptions {
  /** How long the new session lasts. */
  readonly session_duration_minutes: number;
}

/** The provider's tokens for the user (`provider_values`). */
export interface OAuthProviderValues {
  readonly access_token: string;
  readonly id_token: string;
  readonly refresh_token: string;
  readonly scopes: string[];
  readonly expires_at: string | null;
}

/** `POST /oauth/authenticate`. */
export interface OAuthAuthenticateResponse extends AuthenticateResponse {
  readonly user_id: string;
  readonly provider_subject: string;
  readonly provider_type: string;
  readonly provider_values: OAuthProviderValues;
  readonly oauth_user_registration_id: string;
  readonly reset_sessions: boolean;
}

/** One provider's starter. */
export interface OAuthProviderStarter {
  /** Sends the browser to the provider; resolves just before the page leaves. */
  start(options?: OAuthStartOptions): Promise<void>;
}

/** What the OAuth flows need from the library. */
export interface OAuthDeps {
  readonly http: HttpClient;
  readonly sessions: SessionManager;
  readonly pkce: PkceManager;
  readonly publicToken: string;
  /** Opens a URL in this tab (`location.assign` by default; tests record it). */
  readonly navigate?: (url: string) => void;
}

/** `client.oauth`: a starter per provider, and `authenticate`. */
export type OAuthClient = { readonly [P in OAuthProvider]: OAuthProviderStarter } & {
  /** `POST /oauth/authenticate {token, session_duration_minutes, code_verifier?}`. */
  authenticate(
    token: string,
    options: OAuthAuthenticateOptions,
  ): Promise<OAuthAuthenticateResponse>;
  /** Starts a provider by name (a configured provider the list above does not name yet). */
  start(provider: string, options?: OAuthStartOptions): Promise<void>;
};

/** Builds `client.oauth`; the flows load on first call. */
export function createOAuthClient(deps: OAuthDeps): OAuthClient {
  let flows: Promise<typeof import('./oauth-flows.js')> | undefined;
  const load = () => {
    flows ??= import('./oauth-flows.js');
    return flows;
  };
  const start = (provider: string, options?: OAuthStartOptions) =>
    load().then((m) => m.startOAuth(deps, provider, options));
  const client: Record<string, unknown> = {
    start,
    authenticate: (token: string, options: OAuthAuthenticateOptions) =>
      load().then((m) => m.authenticateOAuth(deps, token, options)),
  };
  for (const provider of OAUTH_PROVIDERS) {
    client[provider] = { start: (options?: OAuthStartOptions) => start(provider, options) };
  }
  return client as OAuthClient;
}
