/** The passcode limits the spec fixes. */

/** Wrong tries one passcode allows; the next try fails even with the right code. */
export const MAX_TRIES_PER_PASSCODE = 5;
/** Consecutive failures that lock a phone number or email. */
export const FAILURES_BEFORE_LOCK = 10;
/** How long such a lock lasts. */
export const LOCK_DURATION_MS = 60 * 60_000;
/** The bounds of `expiration_minutes`. */
export const EXPIRATION_MINUTES = { min: 1, max: 60 } as const;
