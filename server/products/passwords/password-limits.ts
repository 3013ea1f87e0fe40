/** The password product's fixed limits. */

/** Consecutive failed logins that lock an email (as for passcodes). */
export const FAILURES_BEFORE_LOCK = 10;
/** How long such a lock lasts; a password reset by email ends it at once. */
export const LOCK_DURATION_MS = 60 * 60_000;
/** The longest password accepted, in characters (argon2 takes any; this bounds the work). */
export const PASSWORD_MAX_LENGTH = 256;
/** The bounds of `reset_password_expiration_minutes`. */
export const RESET_EXPIRATION_MINUTES = { min: 5, max: 10_080 } as const;
