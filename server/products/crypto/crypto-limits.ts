/** The crypto-wallet product's constants. */
import type { RateLimit } from '../../projects/project-settings.js';

/** How long a challenge may be signed and answered. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/** Challenges a client address may ask for. */
export const START_LIMIT_PER_IP: RateLimit = { max: 30, windowMinutes: 15 };
/**
 * Signatures a client address may send. A signature cannot be guessed, so there is no limit
 * per wallet: a stranger sending bad signatures for someone's address never locks its owner out.
 */
export const AUTHENTICATE_LIMIT_PER_IP: RateLimit = { max: 100, windowMinutes: 15 };
/** How long an expired challenge is kept before housekeeping deletes it. */
export const KEEP_EXPIRED_MS = 24 * 60 * 60_000;
