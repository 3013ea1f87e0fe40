/**
 * Consecutive failures per (scope, subject, client), shared by every server process. A try is
 * counted before it is checked, by compare-and-set (`claim`), so concurrent tries cannot slip
 * past the count; a count whose last failure is older than `forgetAfterMs` starts again at 1.
 */
import { changedRows, type Db } from '../db/database.js';
import { prepare } from '../db/prepared.js';

/** One client's standing against one subject. */
export interface FailureGuard {
  failures: number;
  /** Epoch ms of the last failure, or 0 when there is none. */
  lastFailureAt: number;
}

/** A guard as `get` read it, with the row's own values for a compare-and-set. */
export interface StoredFailureGuard extends FailureGuard {
  stored: boolean;
  rawFailures: number;
  rawLastFailureAt: number;
}

/** Reads and writes `failure_guards`. */
export class FailureGuardsRepository {
  readonly #get;

  constructor(private readonly db: Db) {
    this.#get = prepare(db, (a: { scope: string; subject: string; client: string }) =>
      db
        .selectFrom('failure_guards')
        .select(['failures', 'last_failure_at'])
        .where('scope', '=', a.scope)
        .where('subject', '=', a.subject)
        .where('client', '=', a.client),
    );
  }

  /**
   * The client's guard; failures older than `forgetAfterMs` are forgotten. `stored` and the raw
   * fields say what the row holds, for `claim`.
   */
  async get(
    scope: string,
    subject: string,
    client: string,
    now: number,
    forgetAfterMs: number,
  ): Promise<StoredFailureGuard> {
    const row = await this.#get.first({ scope, subject, client });
    if (!row)
      return { failures: 0, lastFailureAt: 0, stored: false, rawFailures: 0, rawLastFailureAt: 0 };
    const raw = {
      stored: true,
      rawFailures: Number(row.failures),
      rawLastFailureAt: Number(row.last_failure_at),
    };
    if (raw.rawLastFailureAt <= now - forgetAfterMs)
      return { failures: 0, lastFailureAt: 0, ...raw };
    return { failures: raw.rawFailures, lastFailureAt: raw.rawLastFailureAt, ...raw };
  }

  /**
   * Counts one try as a failure if, and only if, the guard still reads `seen` (as `get` returned
   * it at `now`): a compare-and-set, so concurrent tries of one client are counted one at a time
   * and the loser sees false. Resolves to whether this try was counted.
   */
  async claim(
    scope: string,
    subject: string,
    client: string,
    seen: StoredFailureGuard,
    now: number,
  ): Promise<boolean> {
    if (!seen.stored) {
      const inserted = await this.db
        .insertInto('failure_guards')
        .values({ scope, subject, client, failures: 1, last_failure_at: now })
        .onConflict((oc) => oc.columns(['scope', 'subject', 'client']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    }
    const updated = await this.db
      .updateTable('failure_guards')
      .set({ failures: seen.failures + 1, last_failure_at: now })
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('client', '=', client)
      .where('failures', '=', seen.rawFailures)
      .where('last_failure_at', '=', seen.rawLastFailureAt)
      .executeTakeFirst();
    return changedRows(updated) === 1;
  }

  /** Forgets the client's failures against the subject (after a success). */
  async reset(scope: string, subject: string, client: string): Promise<void> {
    await this.db
      .deleteFrom('failure_guards')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('client', '=', client)
      .execute();
  }

  /** Deletes guards whose last failure was before `before`. */
  async purge(before: number): Promise<number> {
    return changedRows(
      await this.db
        .deleteFrom('failure_guards')
        .where('last_failure_at', '<', before)
        .executeTakeFirst(),
    );
  }
}
