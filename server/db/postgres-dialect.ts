/**
 * PostgreSQL for Kysely through node-postgres' pool. `BIGINT` columns come
 * back as JavaScript numbers (epoch milliseconds fit).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Schema } from './schema.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Connects a pool to `url` and checks that the server answers. */
export async function openPostgres(url: string): Promise<Kysely<Schema>> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
}
