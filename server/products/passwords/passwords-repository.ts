/**
 * Users' password hashes: at most one per user (the primary key guarantees it). Only argon2id
 * PHC strings are stored, never a password.
 */
import type { Db } from '../../db/database.js';
import { prepare } from '../../db/prepared.js';

/** Reads and writes password hashes. */
export class PasswordsRepository {
  readonly #byUser;

  constructor(private readonly db: Db) {
    this.#byUser = prepare(db, (a: { userId: string }) =>
      db.selectFrom('passwords').select('password_hash').where('user_id', '=', a.userId),
    );
  }

  /** The user's password hash, or `undefined` when the user has no password. */
  async hashOf(userId: string): Promise<string | undefined> {
    return (await this.#byUser.first({ userId }))?.password_hash;
  }

  /** Sets (or replaces) the user's password hash. */
  async set(projectId: string, userId: string, hash: string, now: number): Promise<void> {
    await this.db
      .insertInto('passwords')
      .values({
        user_id: userId,
        project_id: projectId,
        password_hash: hash,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ password_hash: hash, updated_at: now }),
      )
      .execute();
  }

  /**
   * Replaces the hash only if it is still `previous` (a rehash on login must not overwrite a
   * password changed meanwhile). Resolves to whether it did.
   */
  async replaceIfUnchanged(
    userId: string,
    previous: string,
    hash: string,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('passwords')
      .set({ password_hash: hash, updated_at: now })
      .where('user_id', '=', userId)
      .where('password_hash', '=', previous)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
