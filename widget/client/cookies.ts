/**
 * Writing and reading cookies. The jar is injectable so tests can see the attributes, which
 * `document.cookie` never shows when read back.
 */

import { INSECURE_COOKIE_HOSTS } from './constants.js';

/** Where cookies are written to and read from: `document.cookie` by default. */
export interface CookieJar {
  /** The `name=value; name=value` list, as `document.cookie` returns it. */
  read(): string;
  /** Writes one `Set-Cookie`-style string, as assigning `document.cookie` does. */
  write(cookie: string): void;
}

/** The attributes the library sets on its cookies. */
export interface CookieAttributes {
  /** When the cookie expires; omitted for a browser-session cookie. */
  readonly expires?: Date;
  /** Lifetime in seconds; wins over `expires` in browsers that know both. */
  readonly maxAgeSeconds?: number;
  /** Adds `Secure`. */
  readonly secure: boolean;
  /** Defaults to `/`. */
  readonly path?: string;
}

/** The page's own cookies, or a jar that keeps nothing outside a document. */
export function documentCookieJar(): CookieJar {
  if (typeof document === 'undefined') return { read: () => '', write: () => undefined };
  return {
    read: () => document.cookie,
    write: (cookie) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the session cookies are read by our server.
      document.cookie = cookie;
    },
  };
}

/** Whether cookies on this host get `Secure`: everywhere except localhost and 127.0.0.1. */
export function isSecureCookieHost(hostname: string): boolean {
  return !INSECURE_COOKIE_HOSTS.includes(hostname);
}

/** Builds a cookie string: `name=value; Path=/; Expires=...; SameSite=Lax[; Secure]`. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.expires) parts.push(`Expires=${attributes.expires.toUTCString()}`);
  if (attributes.maxAgeSeconds !== undefined) parts.push(`Max-Age=${attributes.maxAgeSeconds}`);
  parts.push('SameSite=Lax');
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Builds the string that deletes a cookie (same path and flags, expired in 1970). */
export function serializeCookieRemoval(name: string, secure: boolean): string {
  return serializeCookie(name, '', { expires: new Date(0), maxAgeSeconds: 0, secure });
}

/** Reads one cookie's value from a `document.cookie`-style list, or `null`. */
export function readCookie(jar: CookieJar, name: string): string | null {
  for (const pair of jar.read().split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return pair.slice(separator + 1).trim();
    }
  }
  return null;
}
