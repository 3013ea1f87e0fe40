/**
 * Every row of the named tables, for tests that prove a refusal wrote nothing: take the rows
 * before the refused request and after it, and compare.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Schema } from '../db/schema.js';

/** Each table's rows as JSON text, sorted, so two reads of unchanged tables are deep-equal. */
export async function tableRows(
  db: Db,
  tables: readonly (keyof Schema & string)[],
): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const read = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
    rows[table] = read.rows
      .map((row) =>
        JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
      )
      .sort();
  }
  return rows;
}
