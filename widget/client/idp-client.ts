/**
 * The identity provider's calls (Stytch's `idp` methods): the consent screen's preflight and
 * decision, the logout screen's preflight, and the user's connected apps. Built on a client's
 * `http`, so the consent screen's chunk carries it and sign-in pages do not:
 * `new IdpClient(client.http)`.
 */
import type { HttpClient } from './http-client.js';
import {
  checkBoolean,
  checkOptionalString,
  checkString,
  checkStringArray,
  isObject,
  type JsonObject,
} from './type-checks.js';

/** The application asking (Stytch's `ConnectedAppPublic`). */
export interface ConnectedAppPublic {
  readonly client_id: string;
  readonly client_name: string;
  readonly client_description: string;
  readonly client_type: string;
  readonly logo_url?: string;
}

/** One requested scope, and whether the application may be granted it. */
export interface ScopeResult {
  readonly scope: string;
  readonly description: string;
  readonly is_grantable: boolean;
}

/** Options of {@link IdpClient.oauthAuthorizeStart}. */
export interface OAuthAuthorizeStartOptions {
  readonly client_id: string;
  readonly redirect_uri: string;
  readonly response_type: string;
  readonly scopes: readonly string[];
  readonly prompt?: string;
  /** OIDC's `max_age` (seconds): an older authentication must be renewed first. */
  readonly max_age?: number;
  /** The time (seconds) the user must have authenticated since (`prompt=login`). */
  readonly auth_after?: number;
}

/** The preflight's answer. */
export interface OAuthAuthorizeStartResponse extends JsonObject {
  readonly user_id: string;
  readonly client: ConnectedAppPublic;
  readonly consent_required: boolean;
  readonly scope_results: ScopeResult[];
}

/** Options of {@link IdpClient.oauthAuthorize}. */
export interface OAuthAuthorizeOptions extends OAuthAuthorizeStartOptions {
  readonly consent_granted: boolean;
  readonly state?: string;
  readonly nonce?: string;
  readonly code_challenge?: string;
  readonly code_challenge_method?: string;
}

/** The decision's answer: where to send the browser. */
export interface OAuthAuthorizeResponse extends JsonObject {
  readonly redirect_uri: string;
  readonly authorization_code?: string;
}

/** Options of {@link IdpClient.oauthLogoutStart}. */
export interface OAuthLogoutStartOptions {
  /** The application; may be left out when `id_token_hint` is given (its `aud` names it). */
  readonly client_id?: string;
  readonly post_logout_redirect_uri: string;
  readonly state?: string;
  readonly id_token_hint?: string;
}

/** The logout preflight's answer. */
export interface OAuthLogoutStartResponse extends JsonObject {
  readonly redirect_uri: string;
  readonly consent_required: boolean;
}

/** One application the user granted access to. */
export interface ConnectedApp {
  readonly connected_app_id: string;
  readonly name: string;
  readonly description: string;
  readonly client_type: string;
  readonly scopes_granted: string;
}

const isStart = (body: JsonObject): body is OAuthAuthorizeStartResponse =>
  typeof body.consent_required === 'boolean' &&
  isObject(body.client) &&
  Array.isArray(body.scope_results);
const isRedirect = (body: JsonObject): body is OAuthAuthorizeResponse =>
  typeof body.redirect_uri === 'string';
const isLogout = (body: JsonObject): body is OAuthLogoutStartResponse =>
  typeof body.redirect_uri === 'string' && typeof body.consent_required === 'boolean';

/** Drops the options that are `undefined`, so the body carries only what was given. */
function defined(options: object): JsonObject {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as JsonObject;
}

function checkStart(options: OAuthAuthorizeStartOptions): void {
  checkString('client_id', options.client_id);
  checkString('redirect_uri', options.redirect_uri);
  checkString('response_type', options.response_type);
  checkStringArray('scopes', options.scopes);
  checkOptionalString('prompt', options.prompt);
  for (const name of ['max_age', 'auth_after'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
      throw new TypeError(`${name} must be a whole number of seconds.`);
    }
  }
}

/** The identity provider's calls. */
export class IdpClient {
  constructor(private readonly http: HttpClient) {}

  /** `POST /oauth/authorize/start`: who asks, for what, and whether to ask the user. */
  oauthAuthorizeStart(options: OAuthAuthorizeStartOptions): Promise<OAuthAuthorizeStartResponse> {
    checkStart(options);
    return this.http.request('POST', '/oauth/authorize/start', {
      body: defined(options),
      validate: isStart,
    });
  }

  /** `POST /oauth/authorize`: the user's decision; the answer's `redirect_uri` is where to go. */
  oauthAuthorize(options: OAuthAuthorizeOptions): Promise<OAuthAuthorizeResponse> {
    checkStart(options);
    checkBoolean('consent_granted', options.consent_granted);
    for (const name of ['state', 'nonce', 'code_challenge', 'code_challenge_method'] as const) {
      checkOptionalString(name, options[name]);
    }
    return this.http.request('POST', '/oauth/authorize', {
      body: defined(options),
      validate: isRedirect,
    });
  }

  /** `POST /oauth/logout/start`: where the logout returns to, and whether to confirm it. */
  oauthLogoutStart(options: OAuthLogoutStartOptions): Promise<OAuthLogoutStartResponse> {
    if (options.id_token_hint === undefined) checkString('client_id', options.client_id);
    else checkOptionalString('client_id', options.client_id);
    checkString('post_logout_redirect_uri', options.post_logout_redirect_uri);
    checkOptionalString('state', options.state);
    checkOptionalString('id_token_hint', options.id_token_hint);
    return this.http.request('POST', '/oauth/logout/start', {
      body: defined(options),
      validate: isLogout,
    });
  }

  /** `GET /users/connected_apps`: the applications the signed-in user granted access to. */
  async connectedApps(): Promise<ConnectedApp[]> {
    const body = await this.http.request<{ connected_apps: ConnectedApp[] } & JsonObject>(
      'GET',
      '/users/connected_apps',
      {
        validate: (b): b is { connected_apps: ConnectedApp[] } & JsonObject =>
          Array.isArray(b.connected_apps),
      },
    );
    return body.connected_apps;
  }

  /** `POST /users/connected_apps/{id}/revoke`: withdraws access and revokes the app's tokens. */
  async revokeConnectedApp(connectedAppId: string): Promise<void> {
    checkString('connected_app_id', connectedAppId);
    await this.http.request(
      'POST',
      `/users/connected_apps/${encodeURIComponent(connectedAppId)}/revoke`,
      {
        body: {},
      },
    );
  }
}
