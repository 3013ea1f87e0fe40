/**
 * The OAuth flows behind `client.oauth` (loaded on first use): start (PKCE verifier kept in
 * local storage, then the browser goes to the server's start URL) and authenticate.
 */
import { isAuthenticateResponse } from './api-types.js';
import type {
  OAuthAuthenticateOptions,
  OAuthAuthenticateResponse,
  OAuthDeps,
  OAuthStartOptions,
} from './oauth-client.js';
import { PkceNamespace } from './pkce.js';
import {
  checkNumber,
  checkObject,
  checkOptionalString,
  checkOptions,
  checkString,
  checkStringArray,
  type JsonObject,
} from './type-checks.js';

function isOAuthAuthenticateResponse(
  body: JsonObject,
): body is JsonObject & OAuthAuthenticateResponse {
  return (
    isAuthenticateResponse(body) &&
    typeof body.user_id === 'string' &&
    typeof body.provider_subject === 'string' &&
    typeof body.provider_type === 'string' &&
    typeof body.provider_values === 'object' &&
    body.provider_values !== null
  );
}

/** The server's start URL for `provider`, with a fresh PKCE challenge; then navigates to it. */
export async function startOAuth(
  deps: OAuthDeps,
  provider: string,
  options: OAuthStartOptions = {},
): Promise<void> {
  checkString('provider', provider);
  checkOptions(
    `client.oauth.${provider}.start`,
    options,
    "{ login_redirect_url: 'https://example.com/authenticate' }",
  );
  checkOptionalString('login_redirect_url', options.login_redirect_url);
  checkOptionalString('signup_redirect_url', options.signup_redirect_url);
  if (options.custom_scopes !== undefined) checkStringArray('custom_scopes', options.custom_scopes);
  if (options.provider_params !== undefined) {
    checkObject('provider_params', options.provider_params);
    for (const [key, value] of Object.entries(options.provider_params)) {
      checkString(`provider_params.${key}`, value);
    }
  }
  const { codeChallenge } = await deps.pkce.start(PkceNamespace.OAUTH);
  const url = new URL(`${deps.http.baseUrl}/public/oauth/${encodeURIComponent(provider)}/start`);
  url.searchParams.set('public_token', deps.publicToken);
  url.searchParams.set('code_challenge', codeChallenge);
  if (options.custom_scopes?.length) {
    url.searchParams.set('custom_scopes', options.custom_scopes.join(' '));
  }
  for (const [key, value] of Object.entries(options.provider_params ?? {})) {
    url.searchParams.set(`provider_${key}`, value);
  }
  if (options.login_redirect_url) {
    url.searchParams.set('login_redirect_url', options.login_redirect_url);
  }
  if (options.signup_redirect_url) {
    url.searchParams.set('signup_redirect_url', options.signup_redirect_url);
  }
  (deps.navigate ?? ((target: string) => globalThis.location.assign(target)))(url.toString());
}

/**
 * Turns the token of the provider's redirect into a session, with the verifier `start` kept
 * (warning 'No code verifier found in local storage for OAuth flow' when there is none).
 */
export async function authenticateOAuth(
  deps: OAuthDeps,
  token: string,
  options: OAuthAuthenticateOptions,
): Promise<OAuthAuthenticateResponse> {
  checkString('token', token);
  checkOptions('client.oauth.authenticate', options, '{ session_duration_minutes: 60 }', {
    required: true,
  });
  checkNumber('session_duration_minutes', options.session_duration_minutes);
  const verifier = deps.pkce.getOAuthVerifier();
  const response = await deps.http.post(
    '/oauth/authenticate',
    {
      token,
      session_duration_minutes: options.session_duration_minutes,
      ...(verifier ? { code_verifier: verifier } : {}),
    },
    isOAuthAuthenticateResponse,
  );
  deps.pkce.clear(PkceNamespace.OAUTH);
  deps.sessions.applyAuthentication(response);
  return response;
}
