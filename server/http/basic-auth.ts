/** HTTP Basic auth as the SDK sends it: `public_token:(session_token or public_token)`. */
import type { FastifyRequest } from 'fastify';

/** The two halves of the Basic credentials. */
export interface BasicCredentials {
  publicToken: string;
  secret: string;
}

/** Reads `Authorization: Basic …`; `undefined` when absent or malformed. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]{1,4096})\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { publicToken: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * The opaque session token the caller authenticated with, to echo back when a
 * call extends its session ('' when it used a JWT: the token is never stored).
 */
export function callerSessionToken(request: FastifyRequest): string {
  const credentials = parseBasicAuth(request.headers.authorization);
  if (!credentials || credentials.secret === credentials.publicToken) return '';
  return credentials.secret.includes('.') ? '' : credentials.secret;
}
