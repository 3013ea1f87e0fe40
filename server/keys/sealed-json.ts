/**
 * Encrypts JSON at rest with AES-256-GCM under a key derived from the server
 * secret: signing keys are secrets that cannot be hashed, so they are sealed.
 * During a secret rotation, values sealed under the previous secret still open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A value `SealedJson.opened` opened, and whether the current secret sealed it. */
export interface Opened {
  value: unknown;
  /** False when only the previous secret opens it (to be sealed again, or retired). */
  current: boolean;
}

/** Seals with the server secret; opens with it or, during a rotation, the previous one. */
export class SealedJson {
  readonly #key: Buffer;
  readonly #previousKey: Buffer | undefined;

  /**
   * @param previousSecret during a rotation, the secret before `secret`: what it sealed still
   *   opens; nothing is sealed with it.
   */
  constructor(secret: string, purpose: string, previousSecret?: string) {
    this.#key = deriveKey(secret, purpose);
    this.#previousKey = previousSecret ? deriveKey(previousSecret, purpose) : undefined;
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

  /**
   * The value sealed by `seal`. Throws when neither the secret nor the previous one sealed it,
   * or the box was altered.
   */
  open(sealed: string): unknown {
    return this.opened(sealed).value;
  }

  /** As `open`, saying which secret sealed the value. */
  opened(sealed: string): Opened {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) {
      throw new Error('not a sealed value');
    }
    const box = { iv, tag, ciphertext };
    if (!this.#previousKey) return { value: openWith(this.#key, box), current: true };
    try {
      return { value: openWith(this.#key, box), current: true };
    } catch {
      return { value: openWith(this.#previousKey, box), current: false };
    }
  }
}

function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'velvet', purpose, 32));
}

/** The JSON value in `box` (base64url parts), opened with `key`; throws when it does not open. */
function openWith(key: Buffer, box: { iv: string; tag: string; ciphertext: string }): unknown {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(box.tag, 'base64url'));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(box.ciphertext, 'base64url')),
    decipher.final(),
  ]);
  return JSON.parse(plain.toString('utf8'));
}
