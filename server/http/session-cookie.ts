/**
 * The session cookie the server sets itself, for pages on its own origin (the invitation site):
 * the opaque session token, `HttpOnly` (no page script reads it), `SameSite=Lax`, `Path=/`, and
 * on an https origin `Secure` under the `__Host-` prefix (no sibling host can set or shadow it).
 *
 * Every `/sdk/v1` success whose `data` carries a `session_token` and a `session` (any product's
 * authenticate, `sessions/authenticate` with the opaque token) sets it, lasting as long as the
 * session; `sessions/revoke` clears it (routes that end a session call `clearSessionCookie`).
 * Only same-origin calls get it: a page elsewhere keeps its own cookies, as Stytch's SDK does.
 * A page in cookie mode (`cookie-session.ts`) uses it as its session, and its answers carry no
 * token; the client library's own `velvet_session` cookie, written by page script, is not read
 * by the server any more.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownOriginOf, withoutSessionTokens } from './cookie-session.js';
import { readCookie } from './cookies.js';

/** The cookie's name on an http origin (development on localhost). */
export const SESSION_COOKIE_NAME = 'velvet_site_session';
/** The cookie's name on an https origin. */
export const SECURE_SESSION_COOKIE_NAME = `__Host-${SESSION_COOKIE_NAME}`;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `clearSessionCookie`: the answer deletes the session cookie. */
    velvetClearSessionCookie?: boolean;
  }
}

/** Whether the request reached us over https (through a trusted proxy's `X-Forwarded-Proto` too). */
function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The cookie's name for this request's scheme. */
export function sessionCookieName(request: FastifyRequest): string {
  return isHttps(request) ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
}

/** Whether the calling page is on this server's own origin (the only pages that get the cookie). */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin === ownOriginOf(request);
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${sessionCookieName(request)}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (isHttps(request)) parts.push('Secure');
  return parts.join('; ');
}

/** Marks the answer to `request` to delete the session cookie (a route that ends the session). */
export function clearSessionCookie(request: FastifyRequest): void {
  request.velvetClearSessionCookie = true;
}

/** The session token in the request's server-set cookie, or `undefined`. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, sessionCookieName(request));
}

/** The fields of an envelope's `data` this hook reads. */
interface SessionData {
  session_token?: unknown;
  session?: { expires_at?: unknown };
}

/**
 * Registers the hook on the `/sdk/v1` scope; `clock` gives the time the cookie's age counts from.
 * A request in cookie mode gets its answer without the session's token and JWT.
 */
export function sessionCookieHook(scope: FastifyInstance, clock: () => number): void {
  const withCookie = (request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown => {
    // A cookie-mode call passed its own origin check (a same-origin GET carries no `Origin`).
    const cookieMode = request.velvet?.cookieSession !== undefined;
    if (cookieMode || sameOrigin(request)) setCookie(request, reply, payload);
    return cookieMode ? withoutSessionTokens(payload) : payload;
  };
  /** Deletes the cookie when a route (or a cookie naming no session) asked, else sets it on a sign-in. */
  const setCookie = (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
    if (request.velvetClearSessionCookie) {
      reply.header('set-cookie', cookie(request, '', 0));
      return;
    }
    if (reply.statusCode !== 200) return;
    const data = (payload as { data?: SessionData } | null)?.data;
    const token = data?.session_token;
    const expiresAt = Date.parse(String(data?.session?.expires_at ?? ''));
    if (typeof token === 'string' && /^[A-Za-z0-9_-]{20,256}$/.test(token) && expiresAt) {
      const maxAge = Math.floor((expiresAt - clock()) / 1000);
      if (maxAge > 0) reply.header('set-cookie', cookie(request, token, maxAge));
    }
  };
  // A callback hook: nothing here waits, so no promise per answer.
  scope.addHook('preSerialization', (request, reply, payload, done) => {
    let answer: unknown;
    try {
      answer = withCookie(request, reply, payload);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, answer);
  });
}
