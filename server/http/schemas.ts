/** JSON schema pieces shared by the routes. */
import { EXPIRATION_MINUTES } from '../products/otp/index.js';
import { SESSION_DURATION_MINUTES } from '../products/sessions/index.js';

/** `expiration_minutes` of a passcode. */
export const expirationMinutes = {
  type: 'integer',
  minimum: EXPIRATION_MINUTES.min,
  maximum: EXPIRATION_MINUTES.max,
} as const;

/** `session_duration_minutes`: 5 to 527040 (a year). */
export const sessionDurationMinutes = {
  type: 'integer',
  minimum: SESSION_DURATION_MINUTES.min,
  maximum: SESSION_DURATION_MINUTES.max,
} as const;

/** A phone number as typed, international format. */
export const phoneNumber = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** An email address as typed. */
export const email = { type: 'string', minLength: 1, maxLength: 254 } as const;

/** An identifier in a path or body. */
export const id = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } as const;

/**
 * Fields any SDK body may carry: the captcha token (verified on guarded routes by
 * `server/bot-protection/`) and the device-fingerprint id (accepted, not used).
 */
export const sdkExtras = {
  dfp_telemetry_id: { type: 'string', maxLength: 512 },
  captcha_token: { type: 'string', maxLength: 4096 },
} as const;
