/**
 * Cookie sessions: a page on the server's own origin (the invitation site) uses the `HttpOnly`
 * session cookie (`session-cookie.ts`) as its session instead of a token it holds, so that no
 * page script ever sees a session token or JWT (the client library's `httpOnlyCookies` option,
 * as Stytch's SDK works with HttpOnly cookies on a custom domain).
 *
 * The page says so on every `/sdk/v1` call with `X-Velvet-Session`: `cookie` (the cookie is my
 * session) or `none` (I hold no session: any cookie is ignored, and a sign-in replaces it). Its
 * Basic auth then carries the public token only. Either way every answer carries `session_token`
 * and `session_jwt` as empty strings (Stytch's shape, none of the secrets), and a sign-in sets
 * the cookie. Requests without the header are served as before, cookie unread.
 *
 * A cookie-authenticated request cannot be forged from another site:
 * - a form cannot send the header, and a page elsewhere cannot either: it is not among the
 *   headers `/sdk/v1`'s CORS allows, so the browser's preflight fails;
 * - the server checks for itself that the caller is a page on its own origin: `Origin` equal to
 *   it, or, where browsers send no `Origin` (a same-origin GET), `Sec-Fetch-Site: same-origin`.
 *   Anything else is refused (403 `session_cookie_not_same_origin`) before any route runs;
 * - the cookie is `SameSite=Lax`, so a cross-site POST does not even carry it.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** The request header that asks for a cookie session (lower case, as Node reads it). */
export const COOKIE_SESSION_HEADER = 'x-velvet-session';

/** What a page in cookie mode says: the cookie is its session, or it holds none. */
export type CookieSessionMode = 'cookie' | 'none';

/** The server's origin as this request reached it: scheme and host (through a trusted proxy too). */
export function ownOriginOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Whether the request comes from a page on the server's own origin, as its browser says. */
function fromOwnOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === ownOriginOf(request);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * The request's cookie mode, or `undefined` when it did not ask for one.
 * @throws ApiError `invalid_request` for another value of the header, and
 *   `session_cookie_not_same_origin` when the caller is not a page on the server's own origin
 */
export function cookieSessionMode(request: FastifyRequest): CookieSessionMode | undefined {
  const value = request.headers[COOKIE_SESSION_HEADER];
  if (value === undefined) return undefined;
  if (value !== 'cookie' && value !== 'none') {
    throw new ApiError('invalid_request', 'X-Velvet-Session is either cookie or none.');
  }
  if (!fromOwnOrigin(request)) throw new ApiError('session_cookie_not_same_origin');
  return value;
}

/** An envelope's `data` as far as cookie mode reads it. */
interface TokenFields {
  session_token?: unknown;
  session_jwt?: unknown;
}

/**
 * `payload` with the `session_token` and `session_jwt` of its `data` emptied (the same keys, in
 * the same order), or `payload` itself when its `data` has neither.
 */
export function withoutSessionTokens(payload: unknown): unknown {
  const data = (payload as { data?: TokenFields } | null)?.data;
  if (!data || (data.session_token === undefined && data.session_jwt === undefined)) {
    return payload;
  }
  const emptied: TokenFields = { ...data };
  if (emptied.session_token !== undefined) emptied.session_token = '';
  if (emptied.session_jwt !== undefined) emptied.session_jwt = '';
  return { ...(payload as object), data: emptied };
}
