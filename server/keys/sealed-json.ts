/**
 * Encrypts JSON at rest with AES-256-GCM under a key derived from the server
 * secret: signing keys are secrets that cannot be hashed, so they are sealed.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals and opens JSON values with one server secret. */
export class SealedJson {
  readonly #key: Buffer;

  constructor(secret: string, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'velvet', purpose, 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, all base64url. */
  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(value), 'utf8'),
      cipher.final(),
    ]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The value sealed by `seal`. Throws when the secret differs or the box was altered. */
  open(sealed: string): unknown {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) {
      throw new Error('not a sealed value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8'));
  }
}
