/**
 * The rule every `DELETE /users/{factor}/{id}` applies: a user keeps at least one way to sign
 * in. A way to sign in is a factor that starts a session on its own: an email address, a phone
 * number, and each product's entries whose `UserPart` gives a `signInMethodId` (passkeys,
 * crypto wallets, OAuth provider accounts). TOTPs and recovery codes are second factors (they
 * need a session first), so they never count and may always be deleted.
 */
import { ApiError } from '../../http/api-error.js';
import { USER_PARTS, type UserRecord } from './user-record.js';
import './users-errors.js';

/** The ids of the user's factors that each sign the user in on their own. */
export function signInMethodIds(user: UserRecord): string[] {
  const ids: string[] = [];
  for (const part of user[USER_PARTS]) {
    if (!part.signInMethodId) continue;
    for (const entry of user[part.recordField]) ids.push(part.signInMethodId(entry));
  }
  return ids;
}

/**
 * Refuses to delete `factorId` when it is the user's only way to sign in.
 * @throws ApiError `cannot_delete_last_sign_in_method`
 */
export function assertNotLastSignInMethod(user: UserRecord, factorId: string): void {
  const methods = signInMethodIds(user);
  if (methods.length <= 1 && methods.includes(factorId)) {
    throw new ApiError('cannot_delete_last_sign_in_method');
  }
}
