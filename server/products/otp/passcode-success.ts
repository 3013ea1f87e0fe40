/**
 * A right passcode's writes as one PostgreSQL statement. The check's transaction makes about ten
 * round trips (begin, count the try against the client's guard and the destination's budget,
 * spend the code, clear the guard, verify the destination, store the session, commit); on
 * PostgreSQL each costs the server and the database as much as the work itself. When the check
 * read before shows a right, live code and a client that may try at once, these writes go as
 * one statement of data-modifying `WITH` queries, all or nothing:
 *
 * - `guard`: the client's guard, compare-and-set against the row as read (its failures cleared,
 *   or inserted at zero when there was none) and the client marked trusted, so that a try
 *   counted since (a concurrent wrong one) makes this one give way, as `FailureThrottle.beginTry`
 *   and `recordSuccess` do;
 * - `budget`: the try counted in the destination's budget (`subjectBudgetBucket`);
 * - `spent`: the passcode spent, while it is still live;
 * - then the destination verified and the session stored. For a first proof (a destination not
 *   verified before, whose account the proof would not purge: see `users/proof.ts`) the
 *   destination must become verified for the session to be stored, and every other user's
 *   pending claim of it is dropped; another user holding it verified fails the statement on
 *   the unique index, and the transaction then refuses the proof.
 *
 * Each step runs only when the one before took. A guard claimed for a code that another check
 * spent meanwhile fails the whole statement (a division by zero, below), so nothing is written;
 * the caller then checks in the transaction, which counts what happened. Rows are locked in the
 * transaction's order (guard, budget, passcode), so the two never wait on each other in a cycle.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type Executor, prepare } from '../../db/prepared.js';
import type { StoredFailureGuard } from '../../rate-limit/failure-guards-repository.js';
import type { SessionsTable } from '../sessions/index.js';
import type { MethodRecord } from '../users/index.js';

/** What a right passcode writes (see the module's comment). */
export interface PasscodeSuccessWrites {
  now: number;
  /** The client's guard against the destination, as the check read it. */
  guard: { scope: string; subject: string; client: string; seen: StoredFailureGuard };
  /** The destination's budget bucket and its window. */
  budget: { bucket: string; windowMs: number };
  passcodeId: string;
  /** A passcode with this many tries counted is spent already. */
  maxTries: number;
  method: Pick<MethodRecord, 'kind' | 'methodId'>;
  /**
   * Set for a first proof of the destination: its project and value, whose other claims are
   * dropped (see the module's comment).
   */
  firstProof?: { projectId: string; destination: string };
  session: Omit<SessionsTable, 'revoked_at'>;
}

/** PostgreSQL's SQLSTATE for a division by zero: the statement's own "not all of it" signal. */
const NOT_ALL_OF_IT = '22012';
/** PostgreSQL's SQLSTATE for a unique violation: another user holds the destination verified. */
const HELD_BY_ANOTHER = '23505';

type Args = {
  scope: string;
  subject: string;
  client: string;
  seenFailures: number;
  seenAt: number;
  now: number;
  bucket: string;
  windowEndedBefore: number;
  passcodeId: string;
  maxTries: number;
  methodId: string;
  /** For a first proof: the destination's project and value (empty otherwise). */
  proofProjectId: string;
  destination: string;
} & Omit<SessionsTable, 'revoked_at'>;

/**
 * The statement for a guard that was (or was not) stored, a kind of destination, and a first
 * proof or not.
 */
function statement(db: Db, guardStored: boolean, kind: MethodRecord['kind'], proof: boolean) {
  const [table, id, value] =
    kind === 'phone'
      ? ['user_phone_numbers', 'phone_id', 'phone_number']
      : ['user_emails', 'email_id', 'email'];
  return prepare(db, (a: Args) => {
    const guard = guardStored
      ? sql`UPDATE failure_guards SET failures = 0, trusted_at = ${a.now}
          WHERE scope = ${a.scope} AND subject = ${a.subject} AND client = ${a.client}
            AND failures = ${a.seenFailures} AND last_failure_at = ${a.seenAt}
          RETURNING 1`
      : sql`INSERT INTO failure_guards
            (scope, subject, client, failures, last_failure_at, trusted_at)
          VALUES (${a.scope}, ${a.subject}, ${a.client}, 0, ${a.now}, ${a.now})
          ON CONFLICT (scope, subject, client) DO NOTHING
          RETURNING 1`;
    return sql<{ claimed: number; whole: number }>`WITH guard AS (${guard}),
      budget AS (
        INSERT INTO rate_limits (bucket, window_start, hits)
        SELECT CAST(${a.bucket} AS text), CAST(${a.now} AS bigint), 1 FROM guard
        ON CONFLICT (bucket) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_start <= ${a.windowEndedBefore}
            THEN 1 ELSE rate_limits.hits + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= ${a.windowEndedBefore}
            THEN EXCLUDED.window_start ELSE rate_limits.window_start END
        RETURNING 1),
      spent AS (
        UPDATE passcodes SET consumed_at = ${a.now}
        WHERE passcode_id = ${a.passcodeId} AND consumed_at IS NULL AND superseded = 0
          AND attempts < ${a.maxTries} AND expires_at > ${a.now}
          AND EXISTS (SELECT 1 FROM budget)
        RETURNING 1),
      verified AS (
        UPDATE ${sql.raw(table)} SET verified = 1
        WHERE ${sql.raw(id)} = ${a.methodId} AND verified = 0 AND EXISTS (SELECT 1 FROM spent)
        ${proof ? sql`AND user_id = ${a.user_id} RETURNING 1` : sql``}),
      ${
        proof
          ? sql`dropped AS (
        DELETE FROM ${sql.raw(table)} WHERE project_id = ${a.proofProjectId}
          AND ${sql.raw(value)} = ${a.destination} AND verified = 0 AND user_id <> ${a.user_id}
          AND EXISTS (SELECT 1 FROM verified)),`
          : sql``
      }
      started AS (
        INSERT INTO sessions (session_id, project_id, user_id, token_hash, started_at,
          last_accessed_at, expires_at, revoked_at, authentication_factors, attributes)
        SELECT CAST(${a.session_id} AS text), CAST(${a.project_id} AS text),
          CAST(${a.user_id} AS text), CAST(${a.token_hash} AS text),
          CAST(${a.started_at} AS bigint), CAST(${a.last_accessed_at} AS bigint),
          CAST(${a.expires_at} AS bigint), NULL, CAST(${a.authentication_factors} AS text),
          CAST(${a.attributes} AS text)
        FROM ${proof ? sql`verified` : sql`spent`})
      SELECT (SELECT count(*) FROM guard) AS claimed,
        1 / (1 + (SELECT count(*) FROM ${proof ? sql`verified` : sql`spent`})
          - (SELECT count(*) FROM guard)) AS whole`;
  });
}

/** Writes a right passcode's check in one statement (PostgreSQL only). */
export class PasscodeSuccessStatement {
  readonly #statements;

  constructor(db: Db) {
    const kinds = (guardStored: boolean, proof: boolean) => ({
      phone: statement(db, guardStored, 'phone', proof),
      email: statement(db, guardStored, 'email', proof),
    });
    this.#statements = {
      stored: { again: kinds(true, false), proof: kinds(true, true) },
      new: { again: kinds(false, false), proof: kinds(false, true) },
    };
  }

  /**
   * Writes all of `writes`, or nothing. Resolves to true when written, and to false when
   * nothing was: another try of the client was counted since the guard was read, the code
   * was spent or ended meanwhile, or (a first proof) the claim was dropped or another user
   * holds the destination verified (the caller then checks in the transaction).
   */
  async write(writes: PasscodeSuccessWrites, on?: Executor): Promise<boolean> {
    const { guard, now, firstProof } = writes;
    const query =
      this.#statements[guard.seen.stored ? 'stored' : 'new'][firstProof ? 'proof' : 'again'][
        writes.method.kind
      ];
    try {
      const row = await query.first(
        {
          scope: guard.scope,
          subject: guard.subject,
          client: guard.client,
          seenFailures: guard.seen.rawFailures,
          seenAt: guard.seen.rawLastFailureAt,
          now,
          bucket: writes.budget.bucket,
          windowEndedBefore: now - writes.budget.windowMs,
          passcodeId: writes.passcodeId,
          maxTries: writes.maxTries,
          methodId: writes.method.methodId,
          proofProjectId: firstProof?.projectId ?? '',
          destination: firstProof?.destination ?? '',
          ...writes.session,
        },
        on,
      );
      return Number(row?.claimed) === 1;
    } catch (error) {
      const { code } = error as { code?: unknown };
      if (code === NOT_ALL_OF_IT || (firstProof && code === HELD_BY_ANOTHER)) return false;
      throw error;
    }
  }
}
