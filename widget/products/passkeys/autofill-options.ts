/**
 * The autofill sign-in's request options without the client library: a signed-out browser's
 * `POST /webauthn/authenticate/start/primary`, as the client library's `webauthn.authenticate()`
 * sends it, read with the browser's own `PublicKeyCredential.parseRequestOptionsFromJSON()`.
 * The passkey product's first render then fetches no client library: it loads once the guest
 * picks a passkey, to finish the sign-in and keep the session (`webauthn.authenticateWith`).
 */
import type { ProductContext } from '../product.js';

/**
 * The client library's `SESSION_STORAGE_PREFIX` and `SESSION_COOKIE`: where it finds a session
 * (`widget/client/constants.ts`; a test holds them equal).
 */
export const SESSION_MARKS = {
  storagePrefix: 'velvet_session::',
  cookie: 'velvet_session',
} as const;

/** `parseRequestOptionsFromJSON`, where the browser has it (WebAuthn Level 3). */
type OptionsParser = (json: unknown) => PublicKeyCredentialRequestOptions;

/** Whether this browser may hold a session of the project the client library would use. */
function sessionStored(publicToken: string): boolean {
  try {
    if (localStorage.getItem(SESSION_MARKS.storagePrefix + publicToken) !== null) return true;
  } catch {
    // Storage blocked: the cookie alone says.
  }
  return document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${SESSION_MARKS.cookie}=`));
}

/**
 * The request options for an autofill sign-in, asked for with a plain request, or `undefined`
 * when the client library is to ask itself: the page gave its own client, a session is stored
 * (the library would ask for a second factor's options, `secondary`), the browser cannot parse
 * the options' JSON, or the request failed in any way (a captcha asked for, the server
 * unreachable, an error): the library asks again, with its captcha and its errors.
 */
export async function autofillOptions(
  context: ProductContext,
  signal: AbortSignal,
): Promise<PublicKeyCredentialRequestOptions | undefined> {
  const parse = (
    globalThis.PublicKeyCredential as { parseRequestOptionsFromJSON?: OptionsParser } | undefined
  )?.parseRequestOptionsFromJSON;
  const api = context.api;
  if (!api || !parse || sessionStored(api.publicToken)) return undefined;
  try {
    // `{apiBase}/sdk/v1`, as `apiUrl` (`read-bootstrap.ts`) makes it: not imported, as an export
    // of `velvet.js` costs every page.
    const base = `${(api.apiBase ?? location.origin).replace(/\/+$/, '')}/sdk/v1`;
    const response = await fetch(`${base}/webauthn/authenticate/start/primary`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${api.publicToken}:${api.publicToken}`)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ domain: location.hostname, return_passkey_credential_options: true }),
      signal,
    });
    const body = (await response.json()) as {
      data?: { public_key_credential_request_options?: string };
    };
    const options = body.data?.public_key_credential_request_options;
    return response.ok && options
      ? parse.call(PublicKeyCredential, JSON.parse(options))
      : undefined;
  } catch {
    return undefined;
  }
}
