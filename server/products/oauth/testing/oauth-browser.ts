/**
 * A browser's part of an OAuth redirect flow, for server tests: follows redirects by hand with a
 * cookie jar, fills oidc-provider's own login and consent pages (or presses the GitHub stand-in's
 * 'Authorize'), and stops at the first redirect to the Velvet server.
 */
import { randomBytes } from 'node:crypto';
import { s256 } from '../../../keys/pkce.js';

/** Decodes the HTML character references a form's values may carry. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    }
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return named[ref.toLowerCase()] ?? whole;
  });
}

/** A PKCE pair as the widget makes it. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}

/** Where the provider sent the browser back: a URL, with the form it posts (Apple's form_post). */
export interface ProviderReturn {
  url: URL;
  form?: URLSearchParams;
}

/** One request of the provider's pages. */
interface BrowserStep {
  url: string;
  method: 'GET' | 'POST';
  body?: URLSearchParams;
}

/** Keeps the cookies `response` sets, as a browser would. */
function keepCookies(response: Response, cookies: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

/**
 * The request after `response` to `url`: where a redirect points, else the page's form posted
 * with its hidden fields, a login and the decision filled in.
 */
async function stepAfter(
  response: Response,
  url: string,
  options: { login?: string; decision?: 'allow' | 'deny' },
): Promise<BrowserStep> {
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    return { url: new URL(location, url).toString(), method: 'GET' };
  }
  const html = await response.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (response.status !== 200 || !action) {
    throw new Error(`provider page ${url} answered ${response.status}: ${html.slice(0, 300)}`);
  }
  const body = new URLSearchParams();
  for (const match of html.matchAll(
    /<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g,
  )) {
    body.set(match[1] ?? '', decodeEntities(match[2] ?? ''));
  }
  if (html.includes('name="login"')) {
    body.set('login', options.login ?? 'guest');
    body.set('password', 'any-password');
  }
  if (html.includes('name="decision"')) body.set('decision', options.decision ?? 'allow');
  return { url: new URL(action.replace(/&amp;/g, '&'), url).toString(), method: 'POST', body };
}

/** Follows `url` through the provider's pages until it redirects to `velvetOrigin`. */
export async function passProvider(
  url: string,
  velvetOrigin: string,
  options: { login?: string; decision?: 'allow' | 'deny' } = {},
): Promise<URL> {
  const back = await passProviderTo(url, velvetOrigin, options);
  if (back.form) throw new Error('the provider posted a form back: use passProviderTo');
  return back.url;
}

/** As {@link passProvider}, also for a provider that posts its answer back as a form. */
export async function passProviderTo(
  url: string,
  velvetOrigin: string,
  options: { login?: string; decision?: 'allow' | 'deny' } = {},
): Promise<ProviderReturn> {
  const cookies = new Map<string, string>();
  let next: BrowserStep = { url, method: 'GET' };
  for (let step = 0; step < 20; step++) {
    if (next.url.startsWith(velvetOrigin)) {
      return { url: new URL(next.url), ...(next.body && { form: next.body }) };
    }
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(next.body && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: next.body?.toString(),
    });
    keepCookies(response, cookies);
    next = await stepAfter(response, next.url, options);
  }
  throw new Error('the provider never redirected back');
}
