/**
 * Consecutive failed password logins per email, and the lock they lead to. Keyed by the email
 * typed, whether or not a user has it, so a lock says nothing about who exists. Only a
 * successful login, a password reset, or the end of a lock clears the count.
 */
import type { Db } from '../../db/database.js';

/** The failure count and lock of one email. */
export interface PasswordGuard {
  consecutiveFailures: number;
  lockedUntil: number | null;
}

/** Reads and writes login guards. */
export class PasswordGuardsRepository {
  constructor(private readonly db: Db) {}

  /** The guard of an email; an email never seen has no failures. */
  async get(projectId: string, email: string): Promise<PasswordGuard> {
    const row = await this.db
      .selectFrom('password_guards')
      .select(['consecutive_failures', 'locked_until'])
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .executeTakeFirst();
    return {
      consecutiveFailures: row ? Number(row.consecutive_failures) : 0,
      lockedUntil: row?.locked_until == null ? null : Number(row.locked_until),
    };
  }

  /**
   * Counts one failure, atomically. A lock that has ended starts the count again; reaching
   * `lockAfter` failures locks the email until `now + lockMs`. Resolves to the guard after it.
   */
  async recordFailure(
    projectId: string,
    email: string,
    now: number,
    lockAfter: number,
    lockMs: number,
  ): Promise<PasswordGuard> {
    const row = await this.db
      .insertInto('password_guards')
      .values({
        project_id: projectId,
        email,
        consecutive_failures: 1,
        locked_until: null,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['project_id', 'email']).doUpdateSet((eb) => {
          const lockEnded = eb.and([
            eb('password_guards.locked_until', 'is not', null),
            eb('password_guards.locked_until', '<=', now),
          ]);
          return {
            consecutive_failures: eb
              .case()
              .when(lockEnded)
              .then(1)
              .else(eb('password_guards.consecutive_failures', '+', 1))
              .end(),
            locked_until: eb
              .case()
              .when(lockEnded)
              .then(null)
              .else(eb.ref('password_guards.locked_until'))
              .end(),
            updated_at: now,
          };
        }),
      )
      .returning(['consecutive_failures', 'locked_until'])
      .executeTakeFirst();
    const failures = Number(row?.consecutive_failures ?? 1);
    let lockedUntil = row?.locked_until == null ? null : Number(row.locked_until);
    if (failures >= lockAfter && lockedUntil === null) {
      lockedUntil = now + lockMs;
      await this.db
        .updateTable('password_guards')
        .set({ locked_until: lockedUntil })
        .where('project_id', '=', projectId)
        .where('email', '=', email)
        .where('locked_until', 'is', null)
        .execute();
    }
    return { consecutiveFailures: failures, lockedUntil };
  }

  /** Clears the count (a successful login or a reset). */
  async reset(projectId: string, email: string, now: number): Promise<void> {
    await this.db
      .updateTable('password_guards')
      .set({ consecutive_failures: 0, locked_until: null, updated_at: now })
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .execute();
  }
}
