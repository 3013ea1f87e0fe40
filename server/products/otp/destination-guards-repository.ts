/**
 * Consecutive failed passcode checks per destination (phone number or email),
 * and the lock they lead to. Sending a new passcode never resets the count;
 * only a successful check, or the end of a lock, does.
 */
import type { Db } from '../../db/database.js';
import { prepare } from '../../db/prepared.js';

/** The failure count and lock of one destination. */
export interface DestinationGuard {
  consecutiveFailures: number;
  lockedUntil: number | null;
}

/** The prepared queries of every passcode check. */
function guardQueries(db: Db) {
  return {
    get: prepare(db, (a: { projectId: string; destination: string }) =>
      db
        .selectFrom('destination_guards')
        .select(['consecutive_failures', 'locked_until'])
        .where('project_id', '=', a.projectId)
        .where('destination', '=', a.destination),
    ),
    failure: prepare(db, (a: { projectId: string; destination: string; now: number }) =>
      db
        .insertInto('destination_guards')
        .values({
          project_id: a.projectId,
          destination: a.destination,
          consecutive_failures: 1,
          locked_until: null,
          updated_at: a.now,
        })
        .onConflict((oc) =>
          oc.columns(['project_id', 'destination']).doUpdateSet((eb) => {
            const lockEnded = eb.and([
              eb('destination_guards.locked_until', 'is not', null),
              eb('destination_guards.locked_until', '<=', a.now),
            ]);
            return {
              consecutive_failures: eb
                .case()
                .when(lockEnded)
                .then(1)
                .else(eb('destination_guards.consecutive_failures', '+', 1))
                .end(),
              locked_until: eb
                .case()
                .when(lockEnded)
                .then(null)
                .else(eb.ref('destination_guards.locked_until'))
                .end(),
              updated_at: eb.ref('excluded.updated_at'),
            };
          }),
        )
        .returning(['consecutive_failures', 'locked_until']),
    ),
    lock: prepare(db, (a: { projectId: string; destination: string; lockedUntil: number }) =>
      db
        .updateTable('destination_guards')
        .set({ locked_until: a.lockedUntil })
        .where('project_id', '=', a.projectId)
        .where('destination', '=', a.destination)
        .where('locked_until', 'is', null),
    ),
    reset: prepare(db, (a: { projectId: string; destination: string; now: number }) =>
      db
        .updateTable('destination_guards')
        .set({ consecutive_failures: 0, locked_until: null, updated_at: a.now })
        .where('project_id', '=', a.projectId)
        .where('destination', '=', a.destination),
    ),
  };
}

/** Reads and writes destination guards. */
export class DestinationGuardsRepository {
  readonly #queries;

  constructor(db: Db) {
    this.#queries = guardQueries(db);
  }

  /** The guard of a destination; a destination never seen has no failures. */
  async get(projectId: string, destination: string): Promise<DestinationGuard> {
    const row = await this.#queries.get.first({ projectId, destination });
    return {
      consecutiveFailures: row ? Number(row.consecutive_failures) : 0,
      lockedUntil: row?.locked_until == null ? null : Number(row.locked_until),
    };
  }

  /**
   * Counts one failure, atomically. A lock that has ended starts the count
   * again; reaching `lockAfter` failures locks the destination until
   * `now + lockMs`. Resolves to the guard after the failure.
   */
  async recordFailure(
    projectId: string,
    destination: string,
    now: number,
    lockAfter: number,
    lockMs: number,
  ): Promise<DestinationGuard> {
    const row = await this.#queries.failure.first({ projectId, destination, now });
    const failures = Number(row?.consecutive_failures ?? 1);
    let lockedUntil = row?.locked_until == null ? null : Number(row.locked_until);
    if (failures >= lockAfter && lockedUntil === null) {
      lockedUntil = now + lockMs;
      await this.#queries.lock.run({ projectId, destination, lockedUntil });
    }
    return { consecutiveFailures: failures, lockedUntil };
  }

  /** Clears the count after a successful check. */
  async reset(projectId: string, destination: string, now: number): Promise<void> {
    await this.#queries.reset.run({ projectId, destination, now });
  }
}
