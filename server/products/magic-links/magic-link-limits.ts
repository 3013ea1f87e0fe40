/** The magic-link product's bounds, read by its routes' schemas and by its service. */

/** The expiry of a link when the request names none (spec section 9). */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;
/** The bounds of `login_expiration_minutes` and `signup_expiration_minutes` (Stytch's). */
export const MAGIC_LINK_EXPIRATION_MINUTES = { min: 5, max: 10_080 } as const;
