/**
 * The secrets of the TOTP product: RFC 6238 keys and codes (through `@oslojs/otp`), the
 * `otpauth://` URI and its QR code, and recovery codes with their keyed hashes.
 */
import { createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';

/** Seconds per TOTP step (RFC 6238's default, and every authenticator app's). */
export const TOTP_PERIOD_SECONDS = 30;
/** Digits of a code. */
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: ±1 (a code from the previous or the next 30 s). */
export const TOTP_WINDOW_STEPS = 1;
/** Recovery codes handed out per TOTP. */
export const RECOVERY_CODE_COUNT = 10;

/** A fresh 160-bit key (RFC 4226's recommended length). */
export function newTotpKey(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

/** The key as authenticator apps take it typed in: base32, upper case, no padding. */
export function keyToBase32(key: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(key);
}

/** The 30-second step `epochMs` falls in. */
export function stepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of `key` for `step`. */
export function codeForStep(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), TOTP_DIGITS);
}

/**
 * The step within ±`TOTP_WINDOW_STEPS` of `now` whose code is `code`, newest first, or
 * `undefined`. Every candidate is computed, so the time taken says nothing about which matched.
 */
export function matchingStep(key: Uint8Array, code: string, now: number): number | undefined {
  const current = stepAt(now);
  let found: number | undefined;
  for (let offset = TOTP_WINDOW_STEPS; offset >= -TOTP_WINDOW_STEPS; offset--) {
    const step = current + offset;
    if (codeForStep(key, step) === code && found === undefined) found = step;
  }
  return found;
}

/** The `otpauth://totp/…` URI an authenticator app scans. */
export function otpauthUri(issuer: string, accountName: string, key: Uint8Array): string {
  return createTOTPKeyURI(issuer, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/**
 * The QR code of `uri` as Stytch's `qr_code`: a PNG data URL (`data:image/png;base64,…`).
 * Encoded by `qrcode`, since Node has no QR encoder of its own.
 */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  // Loaded on the first enrolment, not when the server starts.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2 });
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A recovery code in Stytch's form, `xxxx-xxxx-xxxx` (62 random bits, lower case and digits). */
export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** Hashes recovery codes with a key derived from the server secret. */
export class RecoveryCodeHasher {
  readonly #key: Buffer;
  readonly #previousKey: Buffer | undefined;

  /** @param previousSecret during a rotation, the secret before `secret` (see `hashes`). */
  constructor(secret: string, previousSecret?: string) {
    this.#key = recoveryKey(secret);
    this.#previousKey = previousSecret ? recoveryKey(previousSecret) : undefined;
  }

  /** The stored form of a code, as typed (case and surrounding spaces ignored). */
  hash(code: string): string {
    return hashWith(this.#key, code);
  }

  /** The forms a code may be stored in: `hash`, then during a rotation the previous secret's. */
  hashes(code: string): string[] {
    const hash = this.hash(code);
    return this.#previousKey ? [hash, hashWith(this.#previousKey, code)] : [hash];
  }
}

function recoveryKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'velvet', 'totp-recovery-codes', 32));
}

function hashWith(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(code.trim().toLowerCase()).digest('base64url');
}
