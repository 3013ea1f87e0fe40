/**
 * The security headers of every response. Nothing the server sends may be
 * framed (the widget embeds by script tag, never by frame), and its HTML pages
 * (the site, the demo, the error catalogue) run only scripts the server itself
 * serves: no inline script, no plugin, no `<base>` rewrite.
 */

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

/** The headers for a response of `contentType`. */
export function securityHeaders(contentType: string): Readonly<Record<string, string>> {
  return contentType.startsWith('text/html') ? PAGE_HEADERS : API_HEADERS;
}

/** The headers of every answer (made once: `securityHeaders` runs for each). */
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
