/**
 * A user as the server holds it: its own columns, its phone numbers and emails, and each
 * product's lists (passkeys, wallets, authenticator apps, provider accounts), which the products
 * add to `UserRecord` from their `UserPart` files (`declare module '../users/index.js'`).
 */
import type { JsonObject } from '../../db/json-column.js';
import type { UserPart } from './user-part.js';

/** A user's name, in Stytch's shape. */
export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

/** A phone number of a user. */
export interface PhoneRecord {
  phoneId: string;
  phoneNumber: string;
  verified: boolean;
  createdAt: number;
}

/** An email address of a user. */
export interface EmailRecord {
  emailId: string;
  email: string;
  verified: boolean;
  createdAt: number;
}

/** The key under which a user record keeps the parts it was read with. */
export const USER_PARTS: unique symbol = Symbol('velvet.userParts');

/** A user's own columns: the user without its lists. */
export interface UserOwn {
  userId: string;
  projectId: string;
  status: 'active' | 'pending';
  name: UserName;
  trustedMetadata: JsonObject;
  untrustedMetadata: JsonObject;
  createdAt: number;
}

/**
 * A user with everything attached to it. Each product's list joins it from that product's
 * `UserPart` file, oldest first.
 */
export interface UserRecord extends UserOwn {
  phoneNumbers: PhoneRecord[];
  emails: EmailRecord[];
  /**
   * The products' parts it was read with (see `UserPart`): what its body and its sign-in methods
   * list besides phone numbers and emails. A copy made by spreading keeps them.
   */
  readonly [USER_PARTS]: readonly UserPart[];
}

/** What a user's lists make of it: everything but its own columns. */
export type UserLists = Omit<UserRecord, keyof UserOwn>;
