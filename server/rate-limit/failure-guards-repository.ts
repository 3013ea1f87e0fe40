/**
 * Consecutive failures per (scope, subject, client), shared by every server process, and when
 * the client last succeeded against the subject. A try is counted before it is checked, by
 * compare-and-set (`claim`), so concurrent tries cannot slip past the count; a count whose last
 * failure is older than `forgetAfterMs` starts again at 1. A success clears the count and marks
 * the client trusted (`trust`).
 */

import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type Executor, prepare } from '../db/prepared.js';
import { purgeBefore } from '../db/purge.js';

/** One client's standing against one subject. */
export interface FailureGuard {
  failures: number;
  /** Epoch ms of the last failure, or 0 when there is none. */
  lastFailureAt: number;
  /** Epoch ms of the client's last success against the subject, or 0 when there is none. */
  trustedAt: number;
}

/** A guard as `get` read it, with the row's own values for a compare-and-set. */
export interface StoredFailureGuard extends FailureGuard {
  stored: boolean;
  rawFailures: number;
  rawLastFailureAt: number;
}

/**
 * A guard as its row holds it (`undefined`: no row) read at `now`: failures older than
 * `forgetAfterMs` are forgotten. For a query that reads the row with others (see `get`).
 */
export function storedGuard(
  row: GuardColumns | undefined,
  now: number,
  forgetAfterMs: number,
): StoredFailureGuard {
  if (!row) {
    return {
      failures: 0,
      lastFailureAt: 0,
      trustedAt: 0,
      stored: false,
      rawFailures: 0,
      rawLastFailureAt: 0,
    };
  }
  const raw = {
    stored: true,
    rawFailures: Number(row.failures),
    rawLastFailureAt: Number(row.last_failure_at),
    trustedAt: Number(row.trusted_at ?? 0),
  };
  if (raw.rawLastFailureAt <= now - forgetAfterMs) return { failures: 0, lastFailureAt: 0, ...raw };
  return { failures: raw.rawFailures, lastFailureAt: raw.rawLastFailureAt, ...raw };
}

/** A `failure_guards` row's columns as a query reads them (numbers may come back as text). */
export interface GuardColumns {
  failures: number | string;
  last_failure_at: number | string;
  /** Absent from a caller's read that predates trust: taken as never trusted. */
  trusted_at?: number | string | null;
}

/** Reads and writes `failure_guards`. */
export class FailureGuardsRepository {
  readonly #get;
  readonly #insert;
  readonly #update;
  readonly #trust;

  constructor(private readonly db: Db) {
    type Key = { scope: string; subject: string; client: string };
    this.#insert = prepare(db, (a: Key & { now: number }) =>
      db
        .insertInto('failure_guards')
        .values({
          scope: a.scope,
          subject: a.subject,
          client: a.client,
          failures: 1,
          last_failure_at: a.now,
          trusted_at: 0,
        })
        .onConflict((oc) => oc.columns(['scope', 'subject', 'client']).doNothing()),
    );
    this.#update = prepare(
      db,
      (a: Key & { failures: number; now: number; seenFailures: number; seenAt: number }) =>
        db
          .updateTable('failure_guards')
          .set({ failures: a.failures, last_failure_at: a.now })
          .where('scope', '=', a.scope)
          .where('subject', '=', a.subject)
          .where('client', '=', a.client)
          .where('failures', '=', a.seenFailures)
          .where('last_failure_at', '=', a.seenAt),
    );
    this.#trust = prepare(db, (a: Key & { now: number }) =>
      db
        .insertInto('failure_guards')
        .values({
          scope: a.scope,
          subject: a.subject,
          client: a.client,
          failures: 0,
          last_failure_at: 0,
          trusted_at: a.now,
        })
        .onConflict((oc) =>
          oc
            .columns(['scope', 'subject', 'client'])
            .doUpdateSet({ failures: 0, trusted_at: a.now }),
        ),
    );
    this.#get = prepare(db, (a: { scope: string; subject: string; client: string }) =>
      db
        .selectFrom('failure_guards')
        .select(['failures', 'last_failure_at', 'trusted_at'])
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
    on?: Executor,
  ): Promise<StoredFailureGuard> {
    return storedGuard(await this.#get.first({ scope, subject, client }, on), now, forgetAfterMs);
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
    on?: Executor,
  ): Promise<boolean> {
    if (!seen.stored) {
      return (await this.#insert.run({ scope, subject, client, now }, on)) === 1;
    }
    const changed = await this.#update.run(
      {
        scope,
        subject,
        client,
        failures: seen.failures + 1,
        now,
        seenFailures: seen.rawFailures,
        seenAt: seen.rawLastFailureAt,
      },
      on,
    );
    return changed === 1;
  }

  /**
   * Forgets the client's failures against the subject after a success, and marks the client
   * trusted for it from `now`.
   */
  async trust(
    scope: string,
    subject: string,
    client: string,
    now: number,
    on?: Executor,
  ): Promise<void> {
    await this.#trust.run({ scope, subject, client, now }, on);
  }

  /**
   * Deletes guards whose last failure was before `before` and whose client has not succeeded
   * since `trustedBefore`.
   */
  async purge(before: number, trustedBefore: number): Promise<number> {
    return purgeBefore(this.db, {
      table: 'failure_guards',
      column: 'last_failure_at',
      before,
      where: sql`trusted_at < ${trustedBefore}`,
    });
  }
}
