/** The password product's fixed limits. */

/** The longest password accepted, in characters (argon2 takes any; this bounds the work). */
export const PASSWORD_MAX_LENGTH = 256;
/** The bounds of `reset_password_expiration_minutes`. */
export const RESET_EXPIRATION_MINUTES = { min: 5, max: 10_080 } as const;
