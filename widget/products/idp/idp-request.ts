/**
 * What the page's URL asks of the identity provider's screen (spec section 2): consent, from
 * `client_id`, `redirect_uri` (both required), `response_type` (default `code`), `scope`
 * (default 'openid email profile'), `code_challenge`, `state` and `nonce`; or logout when
 * `post_logout_redirect_uri` is present, from `post_logout_redirect_uri` and `client_id` or
 * `id_token_hint` (either names the client: RP-Initiated Logout 1.0), with `state` optional.
 */

/** The scopes the consent title treats as ordinary; any other gives the 'wants to access' title. */
export const STANDARD_SCOPES: readonly string[] = [
  'openid',
  'profile',
  'email',
  'phone',
  'full_access',
  'offline_access',
];

/** The default `scope`. */
export const DEFAULT_SCOPE = 'openid email profile';

/** A consent request. */
export interface ConsentRequest {
  readonly kind: 'consent';
  readonly client_id: string;
  readonly redirect_uri: string;
  readonly response_type: string;
  readonly scopes: string[];
  readonly prompt?: string;
  /** OIDC's `max_age`, in seconds. */
  readonly max_age?: number;
  /** Set by the authorization endpoint for `prompt=login`: authenticate after this (seconds). */
  readonly auth_after?: number;
  readonly code_challenge?: string;
  readonly code_challenge_method?: string;
  readonly state?: string;
  readonly nonce?: string;
}

/** A logout request: `client_id`, or an `id_token_hint` that names the client (its `aud`). */
export interface LogoutRequest {
  readonly kind: 'logout';
  readonly client_id?: string;
  readonly post_logout_redirect_uri: string;
  readonly id_token_hint?: string;
  readonly state?: string;
}

/** A request missing a required parameter. */
export interface MissingParameter {
  readonly kind: 'missing';
  readonly param: string;
}

/** What the URL asks. */
export type IdpRequest = ConsentRequest | LogoutRequest | MissingParameter;

/** Reads the request from a query string (`location.search`). */
export function readIdpRequest(search: string): IdpRequest {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name) || undefined;
  const optional = (...names: string[]) =>
    Object.fromEntries(names.flatMap((name) => (get(name) ? [[name, get(name)]] : [])));
  const seconds = (name: string) => {
    const value = get(name);
    return value && /^\d{1,10}$/.test(value) ? { [name]: Number(value) } : {};
  };
  const clientId = get('client_id');
  const logoutUri = get('post_logout_redirect_uri');
  if (params.has('post_logout_redirect_uri')) {
    // RP-Initiated Logout 1.0: `id_token_hint` alone names the client; the server reads its `aud`.
    if (!clientId && !get('id_token_hint')) return { kind: 'missing', param: 'client_id' };
    if (!logoutUri) return { kind: 'missing', param: 'post_logout_redirect_uri' };
    return {
      kind: 'logout',
      post_logout_redirect_uri: logoutUri,
      ...optional('client_id', 'id_token_hint', 'state'),
    };
  }
  const redirectUri = get('redirect_uri');
  if (!clientId) return { kind: 'missing', param: 'client_id' };
  if (!redirectUri) return { kind: 'missing', param: 'redirect_uri' };
  return {
    kind: 'consent',
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: get('response_type') ?? 'code',
    scopes: (get('scope') ?? DEFAULT_SCOPE).split(' ').filter(Boolean),
    ...optional('prompt', 'code_challenge', 'code_challenge_method', 'state', 'nonce'),
    ...seconds('max_age'),
    ...seconds('auth_after'),
  };
}

/** Whether the consent title is the 'wants to access your account' variant. */
export function asksBeyondStandard(scopes: readonly string[]): boolean {
  return scopes.some((scope) => !STANDARD_SCOPES.includes(scope));
}
