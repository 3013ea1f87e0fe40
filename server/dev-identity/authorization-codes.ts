/**
 * The development identity provider's authorization codes: held in the server's memory (a
 * development server is one process), each single-use, live for two minutes, and bound to the
 * client, the redirect URI, the PKCE challenge and the nonce it was issued with. A refused
 * exchange leaves the code as it was.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TestIdentity } from './test-identities.js';

/** How long a code waits for its exchange. */
export const CODE_TTL_MS = 2 * 60_000;

/** What a code was issued for. */
export interface CodeGrant {
  provider: string;
  clientId: string;
  redirectUri: string;
  /** The S256 challenge, for a provider that takes PKCE. */
  codeChallenge?: string;
  /** The OpenID Connect nonce of the request. */
  nonce?: string;
  scope: string;
  identity: TestIdentity;
}

const hash = (code: string) => createHash('sha256').update(code).digest('base64url');

/** The live codes. */
export class AuthorizationCodes {
  readonly #codes = new Map<string, { grant: CodeGrant; expiresAt: number }>();

  constructor(private readonly clock: () => number) {}

  /** A new code for `grant`. */
  issue(grant: CodeGrant): string {
    const now = this.clock();
    for (const [key, entry] of this.#codes) if (entry.expiresAt <= now) this.#codes.delete(key);
    const code = randomBytes(32).toString('base64url');
    this.#codes.set(hash(code), { grant, expiresAt: now + CODE_TTL_MS });
    return code;
  }

  /**
   * The grant of `code` when it is live and `accept` takes it; the code is then used up. A code
   * `accept` refuses stays as it was.
   */
  consume(code: string, accept: (grant: CodeGrant) => boolean): CodeGrant | undefined {
    const key = hash(code);
    const entry = this.#codes.get(key);
    if (!entry || entry.expiresAt <= this.clock()) return undefined;
    if (!accept(entry.grant)) return undefined;
    this.#codes.delete(key);
    return entry.grant;
  }
}
