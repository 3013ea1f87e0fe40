/**
 * Google One Tap's calls (`GET /oauth/google/onetap/start`, `POST /oauth/google/onetap/submit`),
 * the redirect that follows a verified prompt, and, on the page it lands on
 * (`?stytch_token_type=oauth&token=…`), the sign-in with that token.
 */

import type { JsonObject } from '../../client/type-checks.js';
import type { VelvetClient } from '../../client/velvet-client.js';
import type { ProductContext } from '../product.js';
import { withProductOverrides } from '../shared/product-strings.js';
import { oneTapStrings } from './one-tap-strings.js';

/** The session length asked for when the config names none (the server's default). */
const DEFAULT_SESSION_MINUTES = 60;

/** The OAuth success screen (declared by name in `ChunkScreen`). */
export const OAUTH_CONFIRMATION = 'OAuth Confirmation';

/** What `start` answers. */
export interface OneTapStart {
  google_client_id: string;
  oauth_callback_id: string;
  nonce: string;
}

function isStart(body: JsonObject): body is JsonObject & OneTapStart {
  return (
    typeof body.google_client_id === 'string' &&
    typeof body.oauth_callback_id === 'string' &&
    typeof body.nonce === 'string'
  );
}

function isSubmitted(body: JsonObject): body is JsonObject & { redirect_url: string } {
  return typeof body.redirect_url === 'string' && /^https?:\/\//.test(body.redirect_url);
}

/** Where the page goes after a verified prompt; tests replace `assign`. */
export const oneTapNavigation = {
  assign: (url: string): void => globalThis.location.assign(url),
};

/** `GET /oauth/google/onetap/start`: the client id, callback id and nonce of a new prompt. */
export function startOneTap(client: VelvetClient): Promise<OneTapStart> {
  return client.http.get('/oauth/google/onetap/start', isStart);
}

/**
 * `POST /oauth/google/onetap/submit`: sends Google's ID token with the page's redirect URLs and
 * answers where to go.
 */
export async function submitOneTap(
  client: VelvetClient,
  context: ProductContext,
  started: OneTapStart,
  credential: string,
): Promise<string> {
  const options = context.config.oauthOptions;
  const body: JsonObject = { id_token: credential, oauth_callback_id: started.oauth_callback_id };
  if (options?.loginRedirectURL) body.login_redirect_url = options.loginRedirectURL;
  if (options?.signupRedirectURL) body.signup_redirect_url = options.signupRedirectURL;
  const answer = await client.http.post('/oauth/google/onetap/submit', body, isSubmitted);
  return answer.redirect_url;
}

/** The OAuth token when the page was opened by an OAuth redirect, else `undefined`. */
export function oauthTokenInUrl(location: Location = globalThis.location): string | undefined {
  const params = new URLSearchParams(location?.search ?? '');
  const token = params.get('token');
  return params.get('stytch_token_type') === 'oauth' && token ? token : undefined;
}

/** The tokens this page has started to authenticate: each once, however many widgets. */
const started = new Set<string>();

/** Whether this page is completing an OAuth sign-in (no prompt is offered meanwhile). */
export function completingOAuth(): boolean {
  return started.size > 0;
}

/**
 * Signs in with the token of the OAuth redirect that opened the page, once per page, and removes
 * it from the address bar: the success screen follows, or the error shows on the main screen.
 */
export function completeOAuthFromUrl(context: ProductContext): void {
  const token = oauthTokenInUrl();
  if (!token || started.has(token)) return;
  started.add(token);
  const url = new URL(globalThis.location.href);
  url.searchParams.delete('token');
  url.searchParams.delete('stytch_token_type');
  globalThis.history?.replaceState(globalThis.history.state, '', url);
  void (async () => {
    try {
      const client = await context.busy(context.client());
      const minutes =
        context.config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_MINUTES;
      const response = await context.busy(
        client.oauth.authenticate(token, { session_duration_minutes: minutes }),
      );
      context.emitEvent('OAUTH_AUTHENTICATE', { ...response });
      context.dispatch({ type: 'transition', screen: OAUTH_CONFIRMATION });
    } catch (error) {
      context.dispatch({ type: 'set-error', error: { message: context.reportError(error) } });
    }
  })();
}

/** The One Tap texts with the page's overrides. */
export function oneTapTexts(context: ProductContext) {
  return withProductOverrides(oneTapStrings, context.pageStrings);
}
