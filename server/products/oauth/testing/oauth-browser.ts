/**
 * A browser's part of an OAuth redirect flow, for server tests: follows redirects by hand with a
 * cookie jar, fills oidc-provider's own login and consent pages (or presses the GitHub stand-in's
 * 'Authorize'), and stops at the first redirect to the Velvet server.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair as the widget makes it. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Follows `url` through the provider's pages until it redirects to `velvetOrigin`. */
export async function passProvider(
  url: string,
  velvetOrigin: string,
  options: { login?: string; decision?: 'allow' | 'deny' } = {},
): Promise<URL> {
  const cookies = new Map<string, string>();
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = {
    url,
    method: 'GET',
  };
  for (let step = 0; step < 20; step++) {
    if (next.url.startsWith(velvetOrigin)) return new URL(next.url);
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(next.body && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: next.body?.toString(),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      next = { url: new URL(location, next.url).toString(), method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action) {
      throw new Error(
        `provider page ${next.url} answered ${response.status}: ${html.slice(0, 300)}`,
      );
    }
    const body = new URLSearchParams();
    for (const match of html.matchAll(
      /<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g,
    )) {
      body.set(
        match[1] ?? '',
        (match[2] ?? '').replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
      );
    }
    if (html.includes('name="login"')) {
      body.set('login', options.login ?? 'guest');
      body.set('password', 'any-password');
    }
    if (html.includes('name="decision"')) body.set('decision', options.decision ?? 'allow');
    next = {
      url: new URL(action.replace(/&amp;/g, '&'), next.url).toString(),
      method: 'POST',
      body,
    };
  }
  throw new Error('the provider never redirected back');
}
