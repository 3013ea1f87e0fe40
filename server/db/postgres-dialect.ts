/**
 * PostgreSQL for Kysely through node-postgres' pool. `BIGINT` columns come
 * back as JavaScript numbers (epoch milliseconds fit). The queries of the hot
 * paths (those made with `prepare()`) run as named statements, parsed and
 * planned once per connection; the pool holds a few connections per core.
 */
import { availableParallelism } from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparedStatementName } from './prepared.js';
import type { Schema } from './schema.js';

/**
 * Connections in the pool: two per core, at least 4. A request holds a connection only for one
 * query at a time, so more connections than the machine runs queries at once add nothing but
 * contention (the server's own cores share the machine with PostgreSQL's).
 */
export const POOL_SIZE = Math.max(4, 2 * availableParallelism());

/** Makes `client` run the text of a prepared query as a named statement. */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Kysely calls `query(text, values)`; every other form passes through unchanged.
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  };
}

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Each open database's pool, for its metrics (see `poolStateOf`). */
const pools = new WeakMap<Kysely<Schema>, pg.Pool>();

/**
 * The connections of `db`'s pool now: open, idle, and queries waiting for one. `undefined` for a
 * database `openPostgres` did not open.
 */
export function poolStateOf(
  db: Kysely<Schema>,
): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Connects a pool to `url` and checks that the server answers. */
export async function openPostgres(url: string): Promise<Kysely<Schema>> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  pool.on('connect', nameStatements);
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
