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
export function securityHeaders(contentType: string): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
  if (contentType.startsWith('text/html')) {
    headers['content-security-policy'] = PAGE_CONTENT_SECURITY_POLICY;
  }
  return headers;
}
