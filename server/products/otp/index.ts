/**
 * What other products and the shared HTTP schemas may use of passcodes: how long a passcode
 * lives, the bound of `expiration_minutes`.
 * Other products import this file only, never the files beside it.
 */
export { EXPIRATION_MINUTES } from './otp-limits.js';
