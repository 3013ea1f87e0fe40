/**
 * What other products may use of users: the repository of users, phone numbers and emails every
 * product signs its people into, the normalising and checks of a destination, the user body of
 * an answer and the last-sign-in-method rule.
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
export { oauthProviderType, userBody } from './user-body.js';
export type {
  MethodRecord,
  UserListsMemo,
  UserOwnRow,
  UserRecord,
  UserRow,
  UsersRepository,
} from './users-repository.js';
export {
  DuplicateDestinationError,
  toUserRecord,
  userColumnsSql,
  userOwnColumnsSql,
  withMethodVerified,
} from './users-repository.js';
