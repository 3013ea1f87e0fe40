/**
 * Consecutive failures per (scope, subject, client), shared by every server process. Counts
 * are atomic; a count whose last failure is older than `forgetAfterMs` starts again at 1.
 */
import { changedRows, type Db } from '../db/database.js';
import { prepare } from '../db/prepared.js';

/** One client's standing against one subject. */
export interface FailureGuard {
  failures: number;
  /** Epoch ms of the last failure, or 0 when there is none. */
  lastFailureAt: number;
}

/** Reads and writes `failure_guards`. */
export class FailureGuardsRepository {
  readonly #get;
  readonly #fail;

  constructor(private readonly db: Db) {
    this.#get = prepare(db, (a: { scope: string; subject: string; client: string }) =>
      db
        .selectFrom('failure_guards')
        .select(['failures', 'last_failure_at'])
        .where('scope', '=', a.scope)
        .where('subject', '=', a.subject)
        .where('client', '=', a.client),
    );
    this.#fail = prepare(
      db,
      (a: {
        scope: string;
        subject: string;
        client: string;
        now: number;
        forgottenBefore: number;
      }) =>
        db
          .insertInto('failure_guards')
          .values({
            scope: a.scope,
            subject: a.subject,
            client: a.client,
            failures: 1,
            last_failure_at: a.now,
          })
          .onConflict((oc) =>
            oc.columns(['scope', 'subject', 'client']).doUpdateSet((eb) => ({
              failures: eb
                .case()
                .when(eb('failure_guards.last_failure_at', '<=', a.forgottenBefore))
                .then(1)
                .else(eb('failure_guards.failures', '+', 1))
                .end(),
              last_failure_at: eb.ref('excluded.last_failure_at'),
            })),
          )
          .returning(['failures', 'last_failure_at']),
    );
  }

  /** The client's guard; failures older than `forgetAfterMs` are forgotten. */
  async get(
    scope: string,
    subject: string,
    client: string,
    now: number,
    forgetAfterMs: number,
  ): Promise<FailureGuard> {
    const row = await this.#get.first({ scope, subject, client });
    const lastFailureAt = Number(row?.last_failure_at ?? 0);
    if (!row || lastFailureAt <= now - forgetAfterMs) return { failures: 0, lastFailureAt: 0 };
    return { failures: Number(row.failures), lastFailureAt };
  }

  /** Counts one failure, atomically; resolves to the guard after it. */
  async recordFailure(
    scope: string,
    subject: string,
    client: string,
    now: number,
    forgetAfterMs: number,
  ): Promise<FailureGuard> {
    const row = await this.#fail.first({
      scope,
      subject,
      client,
      now,
      forgottenBefore: now - forgetAfterMs,
    });
    return { failures: Number(row?.failures ?? 1), lastFailureAt: now };
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
