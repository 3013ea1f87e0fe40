/**
 * The spec's email rule (section 5), checked before any call is made. The pattern is the
 * server's (`server/products/users/destinations.ts`), so the widget never accepts what the server rejects.
 */

/**
 * An allowed local part, `@`, a domain of dot-separated labels, a dot and a top-level domain of
 * at least two letters. Equivalent to the server's `EMAIL_PATTERN`.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** The longest address the server accepts (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** The message shown under the email input when {@link isValidEmail} fails. */
export const INVALID_EMAIL_MESSAGE = 'Invalid email address, please try again.';

/**
 * Whether `text` is an email address the server will accept: surrounding white space is ignored
 * (as the server trims), white space inside is not allowed.
 */
export function isValidEmail(text: string): boolean {
  const email = text.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
