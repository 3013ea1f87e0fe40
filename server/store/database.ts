/**
 * The SQL database behind the identity provider: one small interface with two
 * implementations (embedded SQLite by default, PostgreSQL when `DATABASE_URL`
 * is set). Repositories write one dialect of SQL for both: `?` placeholders,
 * `TEXT`/`BIGINT`/`INTEGER` columns, JSON kept as `TEXT`, times as epoch
 * milliseconds, booleans as `0`/`1`.
 */

/** A value bound to a `?` placeholder. */
export type SqlValue = string | number | null;

/** One row as the driver returns it. */
export type Row = Record<string, unknown>;

/** Runs SQL. Every call is atomic on its own; `transaction` groups several. */
export interface Database {
  /** `sqlite` or `postgres`, for the rare statement that differs. */
  readonly dialect: 'sqlite' | 'postgres';
  /** All rows of a query (or of a statement with `RETURNING`). */
  all<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row, or `undefined`. */
  get<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Runs a statement and resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back
   * when it rejects. Transactions never interleave with each other.
   */
  transaction<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** Closes the connection(s). */
  close(): Promise<void>;
}

/** Opens the database named by `url`: a `postgres://` URL, or else a SQLite file path. */
export async function openDatabase(target: {
  databaseUrl?: string;
  sqlitePath: string;
}): Promise<Database> {
  if (target.databaseUrl) {
    const { openPostgres } = await import('./postgres-database.js');
    return openPostgres(target.databaseUrl);
  }
  const { openSqlite } = await import('./sqlite-database.js');
  return openSqlite(target.sqlitePath);
}
