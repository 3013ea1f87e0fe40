/**
 * What other products and the rest of the server may use of users: the repository of users,
 * phone numbers and emails every product signs its people into (which the store opens), the
 * normalising and checks of a destination (which the guest list and the commands use too), the
 * user body of an answer and the last-sign-in-method rule.
 * Code outside this folder imports this file only, never the files beside it.
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
export { oauthProviderType, userBody } from './user-body.js';
export type {
  MethodRecord,
  UserName,
  UserOwnRow,
  UserRecord,
  UserRow,
} from './users-repository.js';
export {
  DuplicateDestinationError,
  toUserRecord,
  UserListsMemo,
  UsersRepository,
  userColumnsSql,
  userOwnColumnsSql,
  withMethodVerified,
} from './users-repository.js';
