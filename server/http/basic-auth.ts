/** HTTP Basic auth as the SDK sends it: `public_token:(session_token or public_token)`. */
import type { FastifyRequest } from 'fastify';

/** The two halves of the Basic credentials. */
export interface BasicCredentials {
  publicToken: string;
  secret: string;
}

/** How many header values `parseBasicAuth` remembers (all are forgotten when it is full). */
const PARSED_CACHE_SIZE = 2_000;
/** Longer header values are decoded every time (the cache stays a few MB at most). */
const PARSED_CACHE_MAX_LENGTH = 1_024;
/** Header value → its credentials (`null`: malformed), so a repeated header is read once. */
const parsed = new Map<string, Readonly<BasicCredentials> | null>();

/**
 * Reads `Authorization: Basic …`; `undefined` when absent or malformed. A client sends the same
 * header on every call, and each call reads it twice (the auth hook, then the route echoing the
 * session token): the decoded halves of recent header values are kept (a pure function of the
 * header: no session state).
 */
export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  if (!header) return undefined;
  if (header.length > PARSED_CACHE_MAX_LENGTH) return decodeBasicAuth(header) ?? undefined;
  let credentials = parsed.get(header);
  if (credentials === undefined) {
    credentials = decodeBasicAuth(header);
    if (parsed.size >= PARSED_CACHE_SIZE) parsed.clear();
    parsed.set(header, credentials);
  }
  return credentials ?? undefined;
}

function decodeBasicAuth(header: string): Readonly<BasicCredentials> | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]{1,4096})\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return Object.freeze({ publicToken: decoded.slice(0, colon), secret: decoded.slice(colon + 1) });
}

/**
 * The opaque session token the caller authenticated with, to echo back when a
 * call extends its session ('' when it used a JWT: the token is never stored). A page in
 * cookie mode authenticated with its cookie's token: the answer renews the cookie with it
 * (and shows the page an empty string, see `cookie-session.ts`).
 */
export function callerSessionToken(request: FastifyRequest): string {
  const cookieToken = request.velvet?.cookieToken;
  if (cookieToken !== undefined) return cookieToken;
  const credentials = parseBasicAuth(request.headers.authorization);
  if (!credentials || credentials.secret === credentials.publicToken) return '';
  return credentials.secret.includes('.') ? '' : credentials.secret;
}
