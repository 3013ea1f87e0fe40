/**
 * Consecutive failed passcode checks per destination (phone number or email),
 * and the lock they lead to. Sending a new passcode never resets the count;
 * only a successful check, or the end of a lock, does.
 */
import type { Database } from './database.js';

/** The failure count and lock of one destination. */
export interface DestinationGuard {
  consecutiveFailures: number;
  lockedUntil: number | null;
}

/** Reads and writes destination guards. */
export class DestinationGuardsRepository {
  constructor(private readonly db: Database) {}

  /** The guard of a destination; a destination never seen has no failures. */
  async get(projectId: string, destination: string): Promise<DestinationGuard> {
    const row = await this.db.get(
      'SELECT consecutive_failures, locked_until FROM destination_guards WHERE project_id = ? AND destination = ?',
      [projectId, destination],
    );
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
    const row = await this.db.get(
      `INSERT INTO destination_guards (project_id, destination, consecutive_failures, locked_until, updated_at)
       VALUES (?, ?, 1, NULL, ?)
       ON CONFLICT (project_id, destination) DO UPDATE SET
         consecutive_failures = CASE
           WHEN destination_guards.locked_until IS NOT NULL AND destination_guards.locked_until <= ?
           THEN 1 ELSE destination_guards.consecutive_failures + 1 END,
         locked_until = CASE
           WHEN destination_guards.locked_until IS NOT NULL AND destination_guards.locked_until <= ?
           THEN NULL ELSE destination_guards.locked_until END,
         updated_at = excluded.updated_at
       RETURNING consecutive_failures, locked_until`,
      [projectId, destination, now, now, now],
    );
    const failures = Number(row?.consecutive_failures ?? 1);
    let lockedUntil = row?.locked_until == null ? null : Number(row.locked_until);
    if (failures >= lockAfter && lockedUntil === null) {
      lockedUntil = now + lockMs;
      await this.db.run(
        `UPDATE destination_guards SET locked_until = ?
         WHERE project_id = ? AND destination = ? AND locked_until IS NULL`,
        [lockedUntil, projectId, destination],
      );
    }
    return { consecutiveFailures: failures, lockedUntil };
  }

  /** Clears the count after a successful check. */
  async reset(projectId: string, destination: string, now: number): Promise<void> {
    await this.db.run(
      `UPDATE destination_guards SET consecutive_failures = 0, locked_until = NULL, updated_at = ?
       WHERE project_id = ? AND destination = ?`,
      [now, projectId, destination],
    );
  }
}
