/**
 * Housekeeping's deletes, in small batches: the rows of a table whose time column is before a
 * bound go `PURGE_BATCH_ROWS` at a time, with a pause between batches, so no single statement
 * holds the write lock (and, on SQLite, the event loop) for long however much has expired. A
 * request that comes in meanwhile waits for one batch at most.
 */
import { type RawBuilder, sql } from 'kysely';
import { type Db, dialectOf } from './database.js';
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
export async function purgeBefore(db: Db, spec: PurgeSpec): Promise<number> {
  // A row's physical id, whatever the table's key: SQLite's rowid, PostgreSQL's ctid.
  const rowId = sql.raw(dialectOf(db) === 'postgres' ? 'ctid' : 'rowid');
  const batchRows = spec.batchRows ?? PURGE_BATCH_ROWS;
  const table = sql.table(spec.table);
  const also = spec.where ? sql` AND (${spec.where})` : sql``;
  let deleted = 0;
  for (;;) {
    const result = await sql`DELETE FROM ${table} WHERE ${rowId} IN (
      SELECT ${rowId} FROM ${table} WHERE ${sql.ref(spec.column)} < ${spec.before}${also}
      LIMIT ${batchRows})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    deleted += count;
    if (count < batchRows) return deleted;
    await new Promise((resume) => setTimeout(resume, PURGE_PAUSE_MS));
  }
}
