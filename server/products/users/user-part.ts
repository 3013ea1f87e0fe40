/**
 * A product's part of the user: one list the user object carries (its passkeys, wallets,
 * authenticator apps, provider accounts), read from the product's own table within the one
 * query that reads a whole user (`UserReader`), and made into the user record's entries and the
 * user body's. A product declares its parts in its own folder, adds their fields to `UserRecord`
 * and `UserBody` there (`declare module '../users/index.js'`) and lists them on its
 * `ServerProduct` (`userParts`); the server hands every registered product's parts to the store
 * (`Store.open`), so the users product names none of them.
 */
import type { UserBody } from './user-body.js';
import type { UserRecord } from './user-record.js';

/** One row of a part's table, as the user read holds it: its columns by name, as stored. */
export type UserPartRow = Readonly<Record<string, string | number>>;

/** The named fields of `T` that hold a list. */
type ListField<T> = {
  [K in keyof T & string]-?: T[K] extends readonly unknown[] ? K : never;
}[keyof T & string];

/** What a list of `L` holds. */
type EntryOf<L> = L extends readonly (infer E)[] ? E : never;

/**
 * A product's part of the user: the record field `R` and the body field `B` it fills, the table
 * and columns it reads, and how a row becomes its record entry and an entry its body entry.
 */
export interface UserPart<
  R extends ListField<UserRecord> = ListField<UserRecord>,
  B extends ListField<UserBody> = ListField<UserBody>,
> {
  /** The user record's field it fills (`webauthnRegistrations`). */
  readonly recordField: R;
  /** The user body's field it fills, in Stytch's name (`webauthn_registrations`). */
  readonly bodyField: B;
  /**
   * The product's table, one row per entry, with `user_id` and `created_at` columns and triggers
   * that raise `users.lists_version` on every change to a row (see `UserListsMemo`).
   */
  readonly table: string;
  /** The columns read (`created_at` is always read too: entries come oldest first). */
  readonly columns: readonly string[];
  /** The record entry of a row. */
  toRecord(row: UserPartRow): EntryOf<UserRecord[R]>;
  /** The body entry of a record entry, in Stytch's shape. */
  toBody(entry: EntryOf<UserRecord[R]>): EntryOf<UserBody[B]>;
  /**
   * The id of an entry that signs the user in on its own (a first factor: it counts for
   * `assertNotLastSignInMethod`); absent for a second factor.
   */
  signInMethodId?(entry: EntryOf<UserRecord[R]>): string;
}
