/**
 * PKCE (RFC 7636) for the redirect flows: a code verifier of 16 random 32-bit values as hex,
 * its challenge as the URL-safe base64 of its SHA-256 without padding, and the verifier kept
 * in localStorage per flow until the flow comes back to authenticate.
 */

import { encodeBase64Url } from './base64.js';
import { Messages, PKCE_STORAGE_PREFIX, PKCE_VERIFIER_WORDS } from './constants.js';
import {
  defaultStorage,
  type KeyValueStorage,
  readJson,
  removeKey,
  writeJson,
} from './key-value-storage.js';
import { isObject } from './type-checks.js';

/** The flows that keep their own verifier. */
export const PkceNamespace = {
  MAGIC_LINKS: 'magic_links',
  PASSWORD_RESET: 'password_reset',
  OAUTH: 'oauth',
} as const;

/** One of {@link PkceNamespace}. */
export type PkceNamespace = (typeof PkceNamespace)[keyof typeof PkceNamespace];

/** A verifier and the challenge derived from it. */
export interface PkcePair {
  readonly codeVerifier: string;
  readonly codeChallenge: string;
}

/** Fills an array with random values, like `crypto.getRandomValues`. */
export type RandomValues = (array: Uint32Array<ArrayBuffer>) => Uint32Array;

/** A code verifier: 16 random 32-bit values, each as 8 hex digits (128 characters). */
export function createCodeVerifier(
  randomValues: RandomValues = (array) => {
    crypto.getRandomValues(array);
    return array;
  },
): string {
  const words = randomValues(new Uint32Array(PKCE_VERIFIER_WORDS));
  return Array.from(words, (word) => word.toString(16).padStart(8, '0')).join('');
}

/** The S256 challenge: URL-safe base64 of SHA-256(verifier), without padding. */
export async function createCodeChallenge(codeVerifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return encodeBase64Url(new Uint8Array(digest));
}

/** Options of {@link PkceManager}. */
export interface PkceManagerOptions {
  readonly storage?: KeyValueStorage;
  readonly randomValues?: RandomValues;
  readonly logger?: Pick<Console, 'warn'>;
}

/** Starts, reads and clears the PKCE verifier of each flow. */
export class PkceManager {
  private readonly publicToken: string;
  private readonly storage: KeyValueStorage;
  private readonly randomValues: RandomValues | undefined;
  private readonly logger: Pick<Console, 'warn'>;

  constructor(publicToken: string, options: PkceManagerOptions = {}) {
    this.publicToken = publicToken;
    this.storage = options.storage ?? defaultStorage();
    this.randomValues = options.randomValues;
    this.logger = options.logger ?? console;
  }

  /** The localStorage key of one flow's verifier. */
  storageKey(namespace: PkceNamespace): string {
    return `${PKCE_STORAGE_PREFIX}${namespace}::${this.publicToken}`;
  }

  /** Creates a new pair for a flow, stores it (replacing any earlier one) and returns it. */
  async start(namespace: PkceNamespace): Promise<PkcePair> {
    const codeVerifier = createCodeVerifier(this.randomValues);
    const pair = { codeVerifier, codeChallenge: await createCodeChallenge(codeVerifier) };
    writeJson(this.storage, this.storageKey(namespace), pair);
    return pair;
  }

  /** The stored pair of a flow, or `null`. */
  get(namespace: PkceNamespace): PkcePair | null {
    const value = readJson(this.storage, this.storageKey(namespace));
    if (
      !isObject(value) ||
      typeof value.codeVerifier !== 'string' ||
      typeof value.codeChallenge !== 'string'
    ) {
      return null;
    }
    return { codeVerifier: value.codeVerifier, codeChallenge: value.codeChallenge };
  }

  /**
   * The verifier an OAuth callback must send, or `null` after warning
   * 'No code verifier found in local storage for OAuth flow'.
   */
  getOAuthVerifier(): string | null {
    const pair = this.get(PkceNamespace.OAUTH);
    if (!pair) this.logger.warn(Messages.NO_OAUTH_VERIFIER);
    return pair?.codeVerifier ?? null;
  }

  /** Forgets a flow's verifier (after it was used). */
  clear(namespace: PkceNamespace): void {
    removeKey(this.storage, this.storageKey(namespace));
  }
}
