/**
 * What other products and the rest of the server may use of users: the repository of users,
 * phone numbers and emails every product signs its people into (which the store opens), the
 * normalising and checks of a destination (which the guest list and the commands use too), the
 * user body of an answer and the last-sign-in-method rule, and the contract of a product's part
 * of the user (`UserPart`; a product adds its list to `UserRecord` and `UserBody` by augmenting
 * this module). Code outside this folder imports this file only, never the files beside it.
 */

export type { NormalizedPhone } from './destinations.js';
export {
  assertCountryAllowed,
  assertTextable,
  countryList,
  countryName,
  normalizeEmail,
  normalizePhone,
  UNTEXTABLE_TYPES,
} from './destinations.js';
export { proofPurgesSql } from './proof.js';
export { assertNotLastSignInMethod } from './sign-in-methods.js';
/** @public The products add their lists to it (`declare module '../users/index.js'`). */
export type { UserBody } from './user-body.js';
export { userBody } from './user-body.js';
export type { UserPart } from './user-part.js';
export type { UserOwnRow, UserRow } from './user-reader.js';
export { UserListsMemo, UserReader, userOwnColumnsSql } from './user-reader.js';
export type { UserName, UserRecord } from './user-record.js';
export type { MethodRecord } from './users-repository.js';
export {
  DuplicateDestinationError,
  UsersRepository,
  withMethodVerified,
} from './users-repository.js';
