/** Google One Tap's constants. */
import type { RateLimit } from '../../projects/project-settings.js';

/** How long a started prompt may be answered. */
export const START_LIFETIME_MS = 10 * 60_000;
/** Prompts a client address may start (every page view with One Tap starts one). */
export const START_LIMIT_PER_IP: RateLimit = { max: 300, windowMinutes: 15 };
/**
 * ID tokens a client address may submit. An ID token cannot be
 * forged, so there is no limit per account: a stranger's bad tokens never lock its owner out.
 */
export const SUBMIT_LIMIT_PER_IP: RateLimit = { max: 100, windowMinutes: 15 };
/** How long an expired prompt is kept before housekeeping deletes it. */
export const KEEP_EXPIRED_MS = 24 * 60 * 60_000;
