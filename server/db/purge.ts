/**
 * The life cycle of expiring rows, written once for every table that holds them: `consumeOnce`
 * uses a single-use secret up, atomically; `purgeBefore` deletes the expired rows in small
 * batches, `PURGE_BATCH_ROWS` at a time with a pause between batches, so no single statement
 * holds the write lock (and, on SQLite, the event loop) for long however much has expired. A
 * request that comes in meanwhile waits for one batch at most. `clearBefore` overwrites columns of
 * old rows the same way (what a row should no longer hold, while the row stays).
 */
import { type RawBuilder, sql } from 'kysely';
import { type Db, dialectOf } from './database.js';
import { type Executor, prepare } from './prepared.js';
import type { Schema } from './schema.js';

/** Rows one statement deletes. */
export const PURGE_BATCH_ROWS = 500;
/** The pause between two batches, in milliseconds. */
export const PURGE_PAUSE_MS = 20;

/** What to delete. */
export interface PurgeSpec {
  table: keyof Schema & string;
  /** The column compared with `before`: epoch milliseconds, or a `YYYY-MM-DD` day as text. */
  column: string;
  /** Rows whose `column` is below this go (a number for times, a day for text days). */
  before: number | string;
  /** A further condition every deleted row meets (`sql\`verified = 0\``). */
  where?: RawBuilder<unknown>;
  /** Rows per statement (`PURGE_BATCH_ROWS` by default). */
  batchRows?: number;
}

/** Deletes every row that `spec` names, in batches; resolves to how many went. */
export function purgeBefore(db: Db, spec: PurgeSpec): Promise<number> {
  return inBatches(db, spec, (table, rows) => sql`DELETE FROM ${table} WHERE ${rows}`);
}

/** What to overwrite in the rows a `PurgeSpec` names (and only those not overwritten yet). */
export interface ClearSpec extends PurgeSpec {
  /** The columns to set (`sql\`attributes = '{}'\``). */
  set: RawBuilder<unknown>;
  /** Holds for a row not yet cleared (`sql\`attributes <> '{}'\``), so each row is set once. */
  where: RawBuilder<unknown>;
}

/**
 * Overwrites columns of every row that `spec` names, in batches as `purgeBefore` deletes: what
 * a row should no longer hold (a session's address) goes while the row stays. Resolves to how
 * many rows changed.
 */
export function clearBefore(db: Db, spec: ClearSpec): Promise<number> {
  return inBatches(db, spec, (table, rows) => sql`UPDATE ${table} SET ${spec.set} WHERE ${rows}`);
}

/**
 * Runs `statement` on the rows `spec` names, `batchRows` at a time with a pause between batches,
 * until a batch changes fewer; `rows` is the condition naming one batch.
 */
async function inBatches(
  db: Db,
  spec: PurgeSpec,
  statement: (table: RawBuilder<unknown>, rows: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<number> {
  // A row's physical id, whatever the table's key: SQLite's rowid, PostgreSQL's ctid.
  const rowId = sql.raw(dialectOf(db) === 'postgres' ? 'ctid' : 'rowid');
  const batchRows = spec.batchRows ?? PURGE_BATCH_ROWS;
  const table = sql.table(spec.table);
  const also = spec.where ? sql` AND (${spec.where})` : sql``;
  const rows = sql`${rowId} IN (
      SELECT ${rowId} FROM ${table} WHERE ${sql.ref(spec.column)} < ${spec.before}${also}
      LIMIT ${batchRows})`;
  let changed = 0;
  for (;;) {
    const result = await statement(table, rows).execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    changed += count;
    if (count < batchRows) return changed;
    await new Promise((resume) => setTimeout(resume, PURGE_PAUSE_MS));
  }
}

/** A single-use secret's row to consume: which table, which column names it, what else holds. */
export interface ConsumeSpec<A extends object> {
  table: keyof Schema & string;
  /** The column the secret is found by (a hash or an id), compared with the call's `key`. */
  key: string;
  /** Further columns set in the same statement (`sql\`sealed_provider_values = ''\``). */
  alsoSet?: RawBuilder<unknown>;
  /** A further condition on the row, from the call's other arguments (`attempts < maxTries`). */
  where?: (args: A) => RawBuilder<unknown>;
}

/** Consumes one secret: resolves to true for exactly one caller, while the row is live. */
export type ConsumeOnce<A extends object> = (
  args: A & { key: string; now: number },
  on?: Executor,
) => Promise<boolean>;

/**
 * The one way a single-use secret (a passcode, a link, a reset, a state, a challenge, a code) is
 * used up: a single conditional update that sets `consumed_at` on the row named by `key` only while
 * `consumed_at` is null and `expires_at` is after `now` (and `where` holds). Two callers racing for
 * the same secret cannot both win, on either database. Compiled once (`prepare`); `on` runs it
 * inside a transaction.
 */
export function consumeOnce<A extends object = object>(
  db: Db,
  spec: ConsumeSpec<A>,
): ConsumeOnce<A> {
  const query = prepare(db, (a: A & { key: string; now: number }) => {
    const also = spec.alsoSet ? sql`, ${spec.alsoSet}` : sql``;
    const where = spec.where ? sql` AND (${spec.where(a)})` : sql``;
    return sql`UPDATE ${sql.table(spec.table)} SET consumed_at = ${a.now}${also}
      WHERE ${sql.ref(spec.key)} = ${a.key} AND consumed_at IS NULL AND expires_at > ${a.now}${where}`;
  });
  return async (args, on) => (await query.run(args, on)) === 1;
}
