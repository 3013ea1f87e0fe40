/**
 * The SQL database behind the identity provider, as one typed Kysely instance
 * over embedded SQLite (the default) or PostgreSQL (when `DATABASE_URL` is
 * set). Queries are typed against `Schema`; both dialects share one storage
 * convention: `TEXT`/`BIGINT`/`INTEGER` columns, JSON kept as `TEXT`, times as
 * epoch milliseconds, booleans as `0`/`1`.
 */
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Schema } from './schema.js';

/** The typed database. */
export type Db = Kysely<Schema>;

/** Which SQL server runs underneath. */
export type Dialect = 'sqlite' | 'postgres';

/** An open database and its dialect. */
export interface OpenDatabase {
  readonly db: Db;
  readonly dialect: Dialect;
  /**
   * Resolves once every write made so far is durable. SQLite commits without waiting for the
   * disk and syncs here, once for many commits (group commit); PostgreSQL's commits are durable
   * already.
   */
  readonly durable: () => Promise<void>;
  /**
   * Copies what the WAL holds into the database file now (SQLite; see `WalCheckpointer`), so a
   * measure of the data folder counts what is stored rather than what waits to be copied.
   * Nothing to do on PostgreSQL, which manages its own WAL.
   */
  readonly checkpoint: () => Promise<void>;
}

/** Where the data lives: a `postgres://` URL, or else the SQLite file path. */
export interface DatabaseTarget {
  databaseUrl?: string;
  sqlitePath: string;
}

/** Opens the database (PostgreSQL when `databaseUrl` is set, else SQLite). */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.databaseUrl) {
    const { openPostgres } = await import('./postgres-dialect.js');
    const db = await openPostgres(target.databaseUrl);
    return {
      db,
      dialect: 'postgres',
      durable: () => Promise.resolve(),
      checkpoint: () => Promise.resolve(),
    };
  }
  const { openSqlite } = await import('./sqlite-dialect.js');
  const sqlite = openSqlite(target.sqlitePath);
  const checkpoint = sqlite.checkpoint;
  return {
    db: sqlite.db,
    dialect: 'sqlite',
    durable: sqlite.durable,
    checkpoint: async () => {
      await checkpoint?.();
    },
  };
}

/** Rows a write changed, as Kysely reports them (a `bigint`). */
export function changedRows(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): number {
  return Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);
}

/** Which SQL server runs under `db` (or a transaction on it). */
// biome-ignore lint/suspicious/noExplicitAny: any schema.
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** A boolean a query selected, as SQLite (0/1) or PostgreSQL (true/false) returns it. */
export function sqlTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}
