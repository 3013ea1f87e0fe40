/**
 * What other products may use of users: the repository of users, phone numbers and emails every
 * product signs its people into, the normalising and checks of a destination, the user body of
 * an answer and the last-sign-in-method rule, and the contract of a product's part of the user
 * (`UserPart`; a product adds its list to `UserRecord` and `UserBody` by augmenting this module).
 * Other products import this file only, never the files beside it.
 */

export type { NormalizedPhone } from './destinations.js';
export {
  assertCountryAllowed,
  assertTextable,
  normalizeEmail,
  normalizePhone,
} from './destinations.js';
export { proofPurgesSql } from './proof.js';
export { assertNotLastSignInMethod } from './sign-in-methods.js';
/** @public The products add their lists to it (`declare module '../users/index.js'`). */
export type { UserBody } from './user-body.js';
export { userBody } from './user-body.js';
export type { UserPart } from './user-part.js';
export type { UserListsMemo, UserOwnRow, UserReader, UserRow } from './user-reader.js';
export { userOwnColumnsSql } from './user-reader.js';
export type { UserRecord } from './user-record.js';
export type { MethodRecord, UsersRepository } from './users-repository.js';
export { DuplicateDestinationError, withMethodVerified } from './users-repository.js';
