/**
 * Google One Tap's calls (`GET /oauth/google/onetap/start`, `POST /oauth/google/onetap/submit`)
 * and the redirect that follows a verified prompt; the page it lands on
 * (`?stytch_token_type=oauth&token=…`) signs in as after any provider (`../oauth/oauth-flow.ts`).
 */

import { PkceNamespace } from '../../client/pkce.js';
import type { JsonObject } from '../../client/type-checks.js';
import type { VelvetClient } from '../../client/velvet-client.js';
import type { ProductContext } from '../product.js';

/** What `start` answers. */
export interface OneTapStart {
  google_client_id: string;
  oauth_callback_id: string;
  nonce: string;
  /**
   * A development server's stand-in of Google's script (its development identity provider), for
   * a project whose Google is the development one; never sent in production.
   */
  development_script_url?: string;
}

/** The script the prompt runs on: Google's, or the development server's stand-in it named. */
export function googleScriptOf(started: OneTapStart): string | undefined {
  const url = started.development_script_url;
  return typeof url === 'string' &&
    /^https?:\/\/[^/]+\/dev\/identity\/google\/gsi\/client$/.test(url)
    ? url
    : undefined;
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
 * a fresh PKCE challenge, and answers where to go. The verifier stays in this browser's OAuth
 * slot, where the landing page's `client.oauth.authenticate` reads it: the landing token signs
 * in only the browser that submitted the prompt.
 */
export async function submitOneTap(
  client: VelvetClient,
  context: ProductContext,
  started: OneTapStart,
  credential: string,
): Promise<string> {
  const options = context.config.oauthOptions;
  const { codeChallenge } = await client.pkce.start(PkceNamespace.OAUTH);
  const body: JsonObject = {
    id_token: credential,
    oauth_callback_id: started.oauth_callback_id,
    pkce_code_challenge: codeChallenge,
  };
  if (options?.loginRedirectURL) body.login_redirect_url = options.loginRedirectURL;
  if (options?.signupRedirectURL) body.signup_redirect_url = options.signupRedirectURL;
  const answer = await client.http.post('/oauth/google/onetap/submit', body, isSubmitted);
  return answer.redirect_url;
}
