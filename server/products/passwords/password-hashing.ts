/**
 * Password hashing with argon2id (`@node-rs/argon2`, a native binding). The parameters are
 * OWASP's first recommended set for argon2id (Password Storage Cheat Sheet: 19 MiB of memory,
 * 2 passes, 1 lane); `npm run bench` measures what a verification costs. A stored hash whose
 * parameters differ from the current ones is rehashed at the next successful login.
 */
import { randomBytes } from 'node:crypto';
import type { Algorithm } from '@node-rs/argon2';

/**
 * The native binding, loaded on the first hash or verification: a server whose projects do not
 * use passwords never maps it (its code costs the process several MiB).
 */
let binding: Promise<typeof import('@node-rs/argon2')> | undefined;
const argon2 = () => {
  binding ??= import('@node-rs/argon2');
  return binding;
};

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

/** The head of a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$…`. */
const PHC_HEAD = /^\$(argon2(?:id|i|d))\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$[^$]+\$[^$]+$/;

/** PHC strings' base64: standard alphabet, no padding. */
const phcBase64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Hashes and verifies passwords with one set of parameters. */
export class PasswordHasher {
  /** A hash of a random password, verified against when there is no user, for equal timing. */
  readonly #decoy: Promise<string>;

  constructor(readonly parameters: Argon2Parameters = ARGON2_PARAMETERS) {
    // A random salt and a random 32-byte hash with the current parameters, which no password
    // matches: verifying against it is the whole work of a real verification, from the first
    // unknown email on, without hashing anything at start-up.
    const { memoryCost, timeCost, parallelism } = parameters;
    this.#decoy = Promise.resolve(
      `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$${phcBase64(randomBytes(16))}$${phcBase64(randomBytes(32))}`,
    );
  }

  /** The argon2id PHC string of `password` with a fresh 16-byte salt. */
  async hash(password: string): Promise<string> {
    return (await argon2()).hash(password, { ...this.parameters, algorithm: ARGON2ID });
  }

  /** Whether `password` matches `stored`; a malformed stored hash never matches. */
  async verify(stored: string, password: string): Promise<boolean> {
    const { verify } = await argon2();
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
    const [, algorithm, memoryCost, timeCost, parallelism] = PHC_HEAD.exec(stored) ?? [];
    return (
      algorithm !== 'argon2id' ||
      Number(memoryCost) !== this.parameters.memoryCost ||
      Number(timeCost) !== this.parameters.timeCost ||
      Number(parallelism) !== this.parameters.parallelism
    );
  }
}
