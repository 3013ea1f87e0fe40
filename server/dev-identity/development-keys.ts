/**
 * The signing key of the development identity provider: an ES256 (P-256) key derived from the
 * server secret, so every development process on one data directory or database signs and
 * verifies with the same key, and restarting the server keeps earlier test tokens valid. It
 * signs only what the development stand-ins issue (ID tokens of the development providers and
 * One Tap); it exists only outside production.
 */
import { createECDH, createHmac, createPrivateKey, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';

/** The development key: its private half, its public JWK and its key id. */
export interface DevelopmentKey {
  readonly privateKey: KeyObject;
  /** The public key as it appears in the JWKS (`kid`, `alg`, `use` included). */
  readonly publicJwk: JWK;
  readonly kid: string;
  readonly alg: 'ES256';
}

/** The order of the P-256 group: a private scalar must be below it. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** Derives the development key from `secret` (the same secret gives the same key). */
export function developmentKey(secret: string): DevelopmentKey {
  const seed = createHmac('sha256', secret).update('velvet development identity key').digest();
  // Reduce into [1, n-1]; a 256-bit HMAC is below the order with overwhelming likelihood anyway.
  const scalar = (BigInt(`0x${seed.toString('hex')}`) % (P256_ORDER - 1n)) + 1n;
  const d = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const x = point.subarray(1, 33).toString('base64url');
  const y = point.subarray(33, 65).toString('base64url');
  const kid = createHmac('sha256', 'kid').update(point).digest('base64url').slice(0, 16);
  const privateKey = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x, y, d: d.toString('base64url') },
    format: 'jwk',
  });
  return {
    privateKey,
    publicJwk: { kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' },
    kid,
    alg: 'ES256',
  };
}
