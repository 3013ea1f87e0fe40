/**
 * Where the session lives between page loads: localStorage (token, JWT, session and user,
 * under a key that includes the public token) and the cookies the site's server reads.
 * Cookies are `SameSite=Lax`, `Path=/`, `Secure` except on localhost, and expire with the
 * session; the intermediate session token cookie lives 10 minutes.
 *
 * In HttpOnly-cookie mode the server's `HttpOnly` cookie is the session: localStorage keeps the
 * session and user only (for other tabs and the next page load), both tokens empty, and no
 * session cookie is written by script; what an earlier page load left there is removed (the three
 * cookies, the intermediate session token's too, and the stored tokens).
 */

import { type Clock, systemClock } from './clock.js';
import {
  INTERMEDIATE_SESSION_COOKIE,
  INTERMEDIATE_SESSION_TTL_MS,
  SESSION_COOKIE,
  SESSION_JWT_COOKIE,
  SESSION_STORAGE_PREFIX,
} from './constants.js';
import {
  type CookieJar,
  documentCookieJar,
  isSecureCookieHost,
  readCookie,
  serializeCookie,
  serializeCookieRemoval,
} from './cookies.js';
import {
  defaultStorage,
  type KeyValueStorage,
  readJson,
  removeKey,
  writeJson,
} from './key-value-storage.js';
import { isSessionData, type SessionData } from './session-state.js';

/** Options of {@link SessionStorage}. */
export interface SessionStorageOptions {
  readonly storage?: KeyValueStorage;
  readonly cookies?: CookieJar;
  readonly clock?: Clock;
  /** The host name deciding the `Secure` flag; defaults to `location.hostname`. */
  readonly hostname?: string;
  /** HttpOnly-cookie mode: no session token or JWT is kept, in storage or in cookies. */
  readonly httpOnly?: boolean;
}

/** The localStorage key of the session of one project. */
export function sessionStorageKey(publicToken: string): string {
  return `${SESSION_STORAGE_PREFIX}${publicToken}`;
}

/** Persists the session to localStorage and cookies, and reads it back. */
export class SessionStorage {
  /** The localStorage key, shared with the other tabs (whose `storage` events carry it). */
  readonly key: string;
  private readonly storage: KeyValueStorage;
  private readonly cookies: CookieJar;
  private readonly clock: Clock;
  private readonly secure: boolean;
  private readonly httpOnly: boolean;

  constructor(publicToken: string, options: SessionStorageOptions = {}) {
    this.key = sessionStorageKey(publicToken);
    this.storage = options.storage ?? defaultStorage();
    this.cookies = options.cookies ?? documentCookieJar();
    this.clock = options.clock ?? systemClock;
    const hostname = options.hostname ?? globalThis.location?.hostname ?? 'localhost';
    this.secure = isSecureCookieHost(hostname);
    this.httpOnly = options.httpOnly === true;
    if (this.httpOnly) {
      // Tokens an earlier page load kept (the script-readable mode) go: cookies and stored ones.
      this.clearCookies();
      const stored = this.load();
      if (stored) this.save(stored);
    }
  }

  /** The stored session, or `null` when none is stored, it is damaged, or it has expired. */
  load(): SessionData | null {
    const value = readJson(this.storage, this.key);
    if (!isSessionData(value)) return null;
    return this.isExpired(value) ? null : value;
  }

  /** Whether a stored session is present but past its `expires_at`. */
  hasExpiredSession(): boolean {
    const value = readJson(this.storage, this.key);
    return isSessionData(value) && this.isExpired(value);
  }

  /** Writes the session to localStorage and both session cookies (HttpOnly-cookie mode: no tokens, no cookies). */
  save(data: SessionData): void {
    const { httpOnly } = this;
    writeJson(
      this.storage,
      this.key,
      httpOnly ? { ...data, sessionToken: '', sessionJwt: '' } : data,
    );
    if (!httpOnly) this.writeSessionCookies(data);
  }

  /** Writes only the cookies (a synced tab keeps them in step without touching storage). */
  writeSessionCookies(data: SessionData): void {
    const expires = new Date(data.session.expires_at);
    const attributes = {
      secure: this.secure,
      ...(Number.isNaN(expires.getTime()) ? {} : { expires }),
    };
    this.cookies.write(serializeCookie(SESSION_COOKIE, data.sessionToken, attributes));
    this.cookies.write(serializeCookie(SESSION_JWT_COOKIE, data.sessionJwt, attributes));
  }

  /** Removes the session from localStorage and deletes all three session cookies. */
  clear(): void {
    removeKey(this.storage, this.key);
    this.clearCookies();
  }

  /** Deletes all three session cookies. */
  clearCookies(): void {
    for (const name of [SESSION_COOKIE, SESSION_JWT_COOKIE, INTERMEDIATE_SESSION_COOKIE]) {
      this.cookies.write(serializeCookieRemoval(name, this.secure));
    }
  }

  /** The opaque token in the `velvet_session` cookie, or `null`. */
  readSessionCookie(): string | null {
    return readCookie(this.cookies, SESSION_COOKIE);
  }

  /** Keeps an intermediate session token in its cookie for 10 minutes. */
  saveIntermediateSessionToken(token: string): void {
    const expires = new Date(this.clock.now() + INTERMEDIATE_SESSION_TTL_MS);
    this.cookies.write(
      serializeCookie(INTERMEDIATE_SESSION_COOKIE, token, {
        expires,
        maxAgeSeconds: INTERMEDIATE_SESSION_TTL_MS / 1000,
        secure: this.secure,
      }),
    );
  }

  /** The intermediate session token, or `null` when absent or expired. */
  readIntermediateSessionToken(): string | null {
    return readCookie(this.cookies, INTERMEDIATE_SESSION_COOKIE);
  }

  private isExpired(data: SessionData): boolean {
    const expiresAt = Date.parse(data.session.expires_at);
    return !Number.isNaN(expiresAt) && expiresAt <= this.clock.now();
  }
}
