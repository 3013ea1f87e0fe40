import { DEFAULT_FAILURE_POLICY, type FailurePolicy } from '../../rate-limit/failure-throttle.js';
/** The passcode limits the spec fixes. */

/** Wrong tries one passcode allows; the next try fails even with the right code. */
export const MAX_TRIES_PER_PASSCODE = 5;
/**
 * Wrong checks, counted per (destination, client): 5 free, then waits of 10 s doubling to an
 * hour; after 20 against a destination in a day, 3 per client (see `FailureThrottle`).
 */
export const OTP_FAILURE_POLICY: FailurePolicy = DEFAULT_FAILURE_POLICY;
/** The bounds of `expiration_minutes`. */
export const EXPIRATION_MINUTES = { min: 1, max: 60 } as const;
