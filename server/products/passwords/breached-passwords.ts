/**
 * Whether a password appears in known breaches. Two sources:
 * - offline (the default): the 10,000 most common passwords of the ranked breached-password
 *   list that ships with `@zxcvbn-ts/language-common` (its `passwords-common` dictionary,
 *   ordered by how often each password occurs in public breach corpora). Nothing leaves the
 *   server, and it works on a machine with no network.
 * - Pwned Passwords (optional): Have I Been Pwned's k-anonymity range API. Only the first 5
 *   hex characters of the password's SHA-1 leave the server (`GET {url}/range/{prefix}`, with
 *   `Add-Padding: true`); the answer lists `SUFFIX:COUNT` lines, which are matched here. When
 *   the service cannot be reached in time, the offline list answers instead.
 */
import { createHash } from 'node:crypto';

/** How many of the most common passwords the offline list holds. */
export const OFFLINE_LIST_SIZE = 10_000;

/** Tells whether a password is known to be breached. */
export interface BreachChecker {
  /** A short name for logs. */
  readonly name: string;
  isBreached(password: string): Promise<boolean>;
}

let offline: Promise<Set<string>> | undefined;

/** The offline list, loaded on first use (its package's dictionaries are large). */
function offlineList(): Promise<Set<string>> {
  offline ??= import('@zxcvbn-ts/language-common').then(
    (zxcvbnCommon) =>
      new Set(
        (zxcvbnCommon.dictionary['passwords-common'] as string[]).slice(0, OFFLINE_LIST_SIZE),
      ),
  );
  return offline;
}

/** The shipped list of the most common breached passwords (compared case-insensitively). */
export class OfflineBreachList implements BreachChecker {
  readonly name = 'offline';

  async isBreached(password: string): Promise<boolean> {
    return (await offlineList()).has(password.toLowerCase());
  }
}

/** Options of {@link PwnedPasswordsRange}. */
export interface PwnedPasswordsOptions {
  /** The API's base URL; `https://api.pwnedpasswords.com` in production. */
  readonly url: string;
  /** Give up and use the offline list after this long. */
  readonly timeoutMs?: number;
  /** Told when the service could not answer. */
  readonly onUnavailable?: (reason: string) => void;
  readonly fetch?: typeof fetch;
}

/** Have I Been Pwned's Pwned Passwords, by k-anonymity range queries. */
export class PwnedPasswordsRange implements BreachChecker {
  readonly name = 'pwned-passwords';
  readonly #fallback = new OfflineBreachList();

  constructor(private readonly options: PwnedPasswordsOptions) {}

  async isBreached(password: string): Promise<boolean> {
    const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const prefix = sha1.slice(0, 5);
    const suffix = sha1.slice(5);
    const doFetch = this.options.fetch ?? fetch;
    try {
      const response = await doFetch(`${this.options.url.replace(/\/$/, '')}/range/${prefix}`, {
        headers: { 'add-padding': 'true', 'user-agent': 'velvet-identity-provider' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 2000),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = await response.text();
      for (const line of body.split('\n')) {
        const [candidate, count] = line.trim().split(':');
        if (candidate?.toUpperCase() === suffix) return Number(count) > 0;
      }
      return false;
    } catch (error) {
      this.options.onUnavailable?.((error as Error).message);
      return this.#fallback.isBreached(password);
    }
  }
}
