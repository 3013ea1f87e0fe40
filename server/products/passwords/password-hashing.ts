/**
 * Password hashing with argon2id (`@node-rs/argon2`, a native binding). The parameters are
 * OWASP's first recommended set for argon2id (Password Storage Cheat Sheet: 19 MiB of memory,
 * 2 passes, 1 lane); `npm run bench` measures what a verification costs. A stored hash whose
 * parameters differ from the current ones is rehashed at the next successful login.
 */
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

/** argon2id's parameters. */
export interface Argon2Parameters {
  /** Memory in KiB. */
  readonly memoryCost: number;
  /** Passes over memory. */
  readonly timeCost: number;
  /** Lanes. */
  readonly parallelism: number;
}

/** The parameters new hashes get: OWASP's minimum for argon2id (m=19456 KiB, t=2, p=1). */
export const ARGON2_PARAMETERS: Argon2Parameters = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** `Algorithm.Argon2id` (a `const enum` in the binding's types, so spelled out here). */
const ARGON2ID = 2 as Algorithm;

/** Hashes and verifies passwords with one set of parameters. */
export class PasswordHasher {
  /** A hash of a random password, verified against when there is no user, for equal timing. */
  readonly #decoy: Promise<string>;

  constructor(readonly parameters: Argon2Parameters = ARGON2_PARAMETERS) {
    // Made at once, so even the first unknown email costs no more than a wrong password.
    this.#decoy = this.hash(crypto.randomUUID());
  }

  /** The argon2id PHC string of `password` with a fresh 16-byte salt. */
  hash(password: string): Promise<string> {
    return hash(password, { ...this.parameters, algorithm: ARGON2ID });
  }

  /** Whether `password` matches `stored`; a malformed stored hash never matches. */
  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /**
   * Does the same work as a real verification and resolves to false: the answer for an email
   * with no password takes as long as a wrong password.
   */
  async verifyDecoy(password: string): Promise<false> {
    await this.verify(await this.#decoy, password);
    return false;
  }

  /** Whether `stored` was made with other parameters (or another algorithm) than the current. */
  needsRehash(stored: string): boolean {
    try {
      const options = parseOptions(stored);
      return (
        options.algorithm !== ARGON2ID ||
        options.memoryCost !== this.parameters.memoryCost ||
        options.timeCost !== this.parameters.timeCost ||
        options.parallelism !== this.parameters.parallelism
      );
    } catch {
      return true;
    }
  }
}
