/**
 * What of a URL may be written to a log. Query parameters carry most of the secrets a browser
 * hands us (an OAuth callback's `code` and `state`, the `token` of a magic-link, password-reset
 * or OAuth landing page, an authorization request's `code_challenge`, `nonce`, `id_token_hint`
 * and `login_hint`), so every value is replaced by `[redacted]` unless its parameter is known to
 * be harmless. An allow-list, not a deny-list: a parameter added later (a provider's own, a new
 * product's) is hidden until someone decides it is safe, where a deny-list would leak it until
 * someone noticed. The names stay, so a log still shows which parameters came.
 */

/** What a redacted value becomes. */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are neither secret nor personal: public tokens, token types,
 * registered client ids and redirect URLs, and OAuth/OIDC request options and error codes.
 */
export const HARMLESS_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'public_token',
  'stytch_token_type',
  'client_id',
  'response_type',
  'response_mode',
  'scope',
  'custom_scopes',
  'code_challenge_method',
  'prompt',
  'max_age',
  'display',
  'ui_locales',
  'redirect_uri',
  'post_logout_redirect_uri',
  'login_redirect_url',
  'signup_redirect_url',
  'error',
  'error_description',
  'error_uri',
  'iss',
]);

/** `query` (without its `?`) with every value but a harmless parameter's redacted. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      // A bare entry (`?abc`) may be a value itself: kept only when it is a harmless name.
      if (equals === -1) {
        return pair === '' || HARMLESS_QUERY_PARAMETERS.has(safeDecode(pair)) ? pair : REDACTED;
      }
      const name = pair.slice(0, equals);
      return HARMLESS_QUERY_PARAMETERS.has(safeDecode(name)) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * `url` (a request target such as `/path?a=1`, or an absolute URL) with its query's values
 * redacted but a harmless parameter's. A URL without `?` is returned as it is, at no cost.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const hash = url.indexOf('#', question);
  const end = hash === -1 ? url.length : hash;
  return `${url.slice(0, question + 1)}${redactQuery(url.slice(question + 1, end))}${
    hash === -1 ? '' : '#[redacted]'
  }`;
}

/** A query string inside free text: from `?` to the first space, quote or angle bracket. */
const QUERY_IN_TEXT = /\?[^\s"'<>`]*/g;

/**
 * `text` (an error message, a stack, a log message) with the query of every URL in it redacted
 * as `redactUrl` does. Text without `?` is returned as it is.
 */
export function redactUrlsIn(text: string): string {
  if (!text.includes('?')) return text;
  return text.replace(QUERY_IN_TEXT, (query) => redactUrl(query));
}
