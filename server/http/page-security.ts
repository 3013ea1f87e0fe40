/**
 * The security headers of every response. Nothing the server sends may be
 * framed (the widget embeds by script tag, never by frame), and its HTML pages
 * (the site, the demo, the error catalogue) run only scripts the server itself
 * serves: no inline script, no plugin, no `<base>` rewrite. A server whose public URL is https
 * tells browsers to use nothing else (HSTS).
 */
import { isLoopbackHost } from '../config/trust-anchors.js';

/** The Content-Security-Policy of every HTML page. */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Inline styles stay allowed: the site's theme block and Lit's styles in light DOM.
  "style-src 'self' 'unsafe-inline'",
  // A widget logo may be any https image (the demo lets a developer try one).
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `Strict-Transport-Security` of a server on https: browsers use https for the host for a year
 * after any answer. Without `includeSubDomains` (other sites of the domain may still be on http)
 * and without `preload` (a choice for the domain's owner, hard to undo).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** The headers of every answer. */
const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
});
/** The headers of a page: those, and its content security policy. */
const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...API_HEADERS,
  'content-security-policy': PAGE_CONTENT_SECURITY_POLICY,
});

/** `headers` with HSTS. */
function withHsts(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze({ ...headers, 'strict-transport-security': STRICT_TRANSPORT_SECURITY });
}

/**
 * The security headers of a server at `publicUrl`, by a response's content type (made once: the
 * function runs for each answer). HSTS when `publicUrl` is https, except on a loopback host:
 * HSTS holds for every port of a host, so one run on `https://localhost` would turn every
 * development server on `http://localhost` away in that browser for a year.
 */
export function securityHeaders(
  publicUrl: string,
): (contentType: string) => Readonly<Record<string, string>> {
  const url = new URL(publicUrl);
  const hsts = url.protocol === 'https:' && !isLoopbackHost(url.hostname);
  const api = hsts ? withHsts(API_HEADERS) : API_HEADERS;
  const page = hsts ? withHsts(PAGE_HEADERS) : PAGE_HEADERS;
  return (contentType) => (contentType.startsWith('text/html') ? page : api);
}
