/**
 * The rotating keys that sign session JWTs (ES256) and the identity provider's ID tokens and
 * access tokens (ES256 or RS256), one ring per project holding a key of each algorithm asked for.
 * A new key signs after `rotationMs`; retired keys stay in the JWKS for one
 * more rotation, long past the 5-minute life of the JWTs they signed.
 *
 * The database is the truth shared by every server process: the JWKS is read
 * from it on every request, and the ring that signs is reloaded after
 * `RING_CACHE_MS`, so behind a load balancer every instance publishes every
 * live key and signs with the newest one, whichever instance made it.
 */
import { createPrivateKey, type JsonWebKey, type KeyObject, randomUUID, sign } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { SealedJson } from './sealed-json.js';
import type { SigningKeysRepository } from './signing-keys-repository.js';

/** The JWT algorithm of session JWTs, and the ring's default. */
export const JWT_ALGORITHM = 'ES256';

/** The algorithms the ring signs with: ES256 (P-256) and RS256 (RSA 2048, OIDC Core 15.1's). */
export const SIGNING_ALGORITHMS = ['ES256', 'RS256'] as const;

/** One of `SIGNING_ALGORITHMS`. */
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

/** A key ready to sign or verify. */
export interface RingKey {
  kid: string;
  /** The algorithm it signs with. */
  alg: SigningAlgorithm;
  createdAt: number;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** The private key as node's crypto signs with it (see `signJwt`). */
  signer: KeyObject;
  /** The encoded protected header of the JWTs it signs: `alg`, `kid` and `typ: JWT`. */
  jwtHeader: string;
  /**
   * Sealed under the previous server secret (a rotation's grace): it verifies the JWTs it
   * signed and stays in the JWKS, but a key sealed under the current secret signs from now on.
   */
  verifyOnly?: boolean;
}

/**
 * A compact JWT of `payload` signed by `key` with node's crypto: the same bytes jose's `SignJWT`
 * makes with the header `{alg, kid, typ}`. The signature is computed on libuv's thread pool, not
 * on the event loop, which serves other requests meanwhile. An ES256 signature cost about 100 us
 * of CPU on a slow 2-core machine (the largest single cost of a passcode check there) and 21 us
 * on a faster one, where signing on the loop or off it measured the same.
 */
export function signJwt(key: RingKey, payload: object): Promise<string> {
  const input = `${key.jwtHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return new Promise((resolve, reject) => {
    const options = { key: key.signer, dsaEncoding: 'ieee-p1363' } as const;
    sign('sha256', Buffer.from(input), options, (error, signature) => {
      if (error) reject(error);
      else resolve(`${input}.${signature.toString('base64url')}`);
    });
  });
}

/** Whether `key` may sign JWTs of `alg` (a key of the previous secret only verifies). */
function signsWith(key: RingKey, alg: SigningAlgorithm): boolean {
  return key.alg === alg && !key.verifyOnly;
}

/** How long a process signs from its cached ring before it reads the database again. */
export const RING_CACHE_MS = 10_000;

interface ProjectRing {
  keys: RingKey[];
  loadedAt: number;
}

/** Signing keys for every project, cached in memory and shared through the database. */
export class KeyRing {
  readonly #rings = new Map<string, ProjectRing>();
  readonly #pending = new Map<string, Promise<ProjectRing>>();
  readonly #rotating = new Map<string, Promise<ProjectRing>>();
  /** Keys already opened and imported, by project and kid, so a reload only opens new ones. */
  readonly #imported = new Map<string, Map<string, RingKey>>();

  constructor(
    private readonly repository: SigningKeysRepository,
    private readonly sealer: SealedJson,
    private readonly rotationMs: number,
    private readonly clock: () => number,
  ) {}

  /** The key that signs with `alg` now, creating or rotating it as needed. */
  async signingKey(projectId: string, alg: SigningAlgorithm = JWT_ALGORITHM): Promise<RingKey> {
    let ring = await this.#ring(projectId);
    const newest = ring.keys.find((key) => signsWith(key, alg));
    if (newest && this.clock() - newest.createdAt < this.rotationMs) return newest;
    const rotationKey = `${projectId}\n${alg}`;
    let rotation = this.#rotating.get(rotationKey);
    if (!rotation) {
      rotation = this.#rotate(projectId, alg).finally(() => this.#rotating.delete(rotationKey));
      this.#rotating.set(rotationKey, rotation);
    }
    ring = await rotation;
    const key = ring.keys.find((candidate) => signsWith(candidate, alg));
    if (!key) throw new Error('key rotation produced no key');
    return key;
  }

  /** The key with this id, reloading once from the database when another process may have made it. */
  async verificationKey(projectId: string, kid: string): Promise<RingKey | undefined> {
    const ring = await this.#ring(projectId);
    const found = ring.keys.find((key) => key.kid === kid);
    if (found) return found;
    // An unknown kid reloads at most once every 10 seconds, so forged kids cannot hammer the database.
    if (this.clock() - ring.loadedAt < 10_000) return undefined;
    const reloaded = await this.#load(projectId);
    return reloaded.keys.find((key) => key.kid === kid);
  }

  /**
   * The public keys a verifier needs, as a JWKS document: every live key in the database that
   * this server's secret opens, whichever process made it (read on every call). A key of each
   * of `algorithms` is made first when there is none (the identity provider asks for both).
   */
  async jwks(
    projectId: string,
    algorithms: readonly SigningAlgorithm[] = [JWT_ALGORITHM],
  ): Promise<{ keys: JWK[] }> {
    for (const alg of algorithms) await this.signingKey(projectId, alg);
    const ring = await this.#load(projectId);
    return { keys: ring.keys.map((key) => key.publicJwk) };
  }

  /**
   * Deletes the keys retired long enough ago that nothing they signed is still accepted (three
   * rotations, as a rotation does); resolves to how many went.
   */
  purgeRetired(now: number): Promise<number> {
    return this.repository.purge(now - 3 * this.rotationMs);
  }

  async #ring(projectId: string): Promise<ProjectRing> {
    const ring = this.#rings.get(projectId);
    if (ring && this.clock() - ring.loadedAt < RING_CACHE_MS) return ring;
    return this.#load(projectId);
  }

  #load(projectId: string): Promise<ProjectRing> {
    const pending = this.#pending.get(projectId);
    if (pending) return pending;
    const load = (async () => {
      const since = this.clock() - 2 * this.rotationMs;
      const records = await this.repository.listSince(projectId, since);
      const keys: RingKey[] = [];
      const previous = this.#imported.get(projectId);
      const imported = new Map<string, RingKey>();
      for (const record of records) {
        const known = previous?.get(record.kid);
        if (known) {
          imported.set(record.kid, known);
          keys.push(known);
          continue;
        }
        let privateJwk: JWK;
        let sealedNow: boolean;
        try {
          const opened = this.sealer.opened(record.sealedPrivateJwk);
          privateJwk = opened.value as JWK;
          sealedNow = opened.current;
        } catch {
          // Sealed under another server secret: unusable, so a new key will take over.
          continue;
        }
        // Keys made before RS256 joined the ring carry ES256 in their JWK, as every key since.
        const alg: SigningAlgorithm = record.publicJwk.alg === 'RS256' ? 'RS256' : 'ES256';
        const key: RingKey = {
          kid: record.kid,
          alg,
          createdAt: record.createdAt,
          privateKey: (await importJWK(privateJwk, alg)) as CryptoKey,
          publicKey: (await importJWK(record.publicJwk as JWK, alg)) as CryptoKey,
          publicJwk: record.publicJwk as JWK,
          signer: createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' }),
          jwtHeader: Buffer.from(JSON.stringify({ alg, kid: record.kid, typ: 'JWT' })).toString(
            'base64url',
          ),
          ...(sealedNow ? {} : { verifyOnly: true }),
        };
        imported.set(record.kid, key);
        keys.push(key);
      }
      // Keys that left the window (too old or purged) are forgotten with the old map.
      this.#imported.set(projectId, imported);
      const ring = { keys, loadedAt: this.clock() };
      this.#rings.set(projectId, ring);
      return ring;
    })().finally(() => this.#pending.delete(projectId));
    this.#pending.set(projectId, load);
    return load;
  }

  async #rotate(projectId: string, alg: SigningAlgorithm): Promise<ProjectRing> {
    // Another process may have rotated since this one last read the database.
    const current = await this.#load(projectId);
    const newest = current.keys.find((key) => signsWith(key, alg));
    if (newest && this.clock() - newest.createdAt < this.rotationMs) return current;
    const now = this.clock();
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const kid = `jwk-${randomUUID()}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg };
    await this.repository.insert({
      kid,
      projectId,
      sealedPrivateJwk: this.sealer.seal(privateJwk),
      publicJwk,
      createdAt: now,
    });
    await this.purgeRetired(now);
    return this.#load(projectId);
  }
}
