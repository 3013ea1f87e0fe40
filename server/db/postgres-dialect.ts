/**
 * PostgreSQL for Kysely through node-postgres' pool. `BIGINT` columns come
 * back as JavaScript numbers (epoch milliseconds fit). The queries of the hot
 * paths (those made with `prepare()`) run as named statements, parsed and
 * planned once per connection; the pool holds a few connections per core.
 *
 * An outage is weathered: every connection, idle or in use, has an `'error'` listener (a
 * connection dropped between two queries would otherwise end the process), a connection that
 * failed leaves the pool when released and the next request opens a fresh one, and a connect or
 * query that fails because the server is out of reach throws `DatabaseUnavailableError`, which
 * the error handler answers `503`.
 */
import { availableParallelism } from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparedStatementName } from './prepared.js';
import type { Schema } from './schema.js';
import { DatabaseUnavailableError, isPostgresConnectionError } from './sql-errors.js';

/**
 * Connections in the pool: two per core, at least 4. A request holds a connection only for one
 * query at a time, so more connections than the machine runs queries at once add nothing but
 * contention (the server's own cores share the machine with PostgreSQL's).
 */
export const POOL_SIZE = Math.max(4, 2 * availableParallelism());

/**
 * How long a request waits for a connection (a new one to connect, or one of a full pool to
 * come free) before it is answered `503`: an unreachable server that drops packets answers
 * nothing, and no request should hang on it (the kernel gives up on a connect after minutes).
 * Long enough that a busy machine's queue for the pool never meets it.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Rethrows `error`, as `DatabaseUnavailableError` when it says the server is out of reach. */
function rethrow(error: unknown): never {
  throw isPostgresConnectionError(error) ? new DatabaseUnavailableError(error) : error;
}

/**
 * Prepares a new connection of the pool: it never ends the process with an unhandled `'error'`
 * (the pool listens only while the connection is idle; in use, the query under way fails, or
 * the next one does, and the pool drops the connection when it is released), and it runs the
 * text of a prepared query as a named statement.
 */
function prepareClient(client: pg.PoolClient): void {
  client.on('error', () => undefined);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Kysely calls `query(text, values)`; every other form passes through unchanged.
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
    const result = name === undefined ? query(...args) : query({ name, text, values });
    return result instanceof Promise ? result.catch(rethrow) : result;
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
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on('connect', prepareClient);
  // A dropped idle connection leaves the pool; it must not crash the process.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const guarded = {
    connect: () => pool.connect().catch(rethrow),
    end: () => pool.end(),
  };
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: guarded }) });
  pools.set(db, pool);
  return db;
}
