/** The TOTP product's bounds, read by its routes' schemas and by its service. */

/** `expiration_minutes` of an enrolment: Stytch's bounds and default (a day). */
export const TOTP_EXPIRATION_MINUTES = { min: 5, max: 1440, default: 1440 } as const;
