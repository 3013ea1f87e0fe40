/**
 * The embedded SQLite database (better-sqlite3) in WAL mode with
 * `synchronous = FULL`, so an acknowledged write survives a crash.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database, Row, SqlValue } from './database.js';

/** Opens (creating if needed) the SQLite file at `path`; `:memory:` works too. */
export function openSqlite(path: string): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new BetterSqlite3(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return new SqliteDatabase(db);
}

class SqliteDatabase implements Database {
  readonly dialect = 'sqlite' as const;
  /** The tail of the queue of transactions: they run one after the other. */
  #queue: Promise<unknown> = Promise.resolve();
  #inTransaction = false;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly db: BetterSqlite3.Database) {}

  #prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async #outsideTransaction(): Promise<void> {
    // A statement outside a transaction waits for a running transaction to end,
    // so it never becomes part of it by accident.
    while (this.#inTransaction) await this.#queue.catch(() => undefined);
  }

  async all<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    await this.#outsideTransaction();
    return this.#all<T>(sql, params);
  }

  #all<T extends Row>(sql: string, params: readonly SqlValue[]): T[] {
    const statement = this.#prepare(sql);
    if (statement.reader) return statement.all(...params) as T[];
    statement.run(...params);
    return [];
  }

  async get<T extends Row = Row>(
    sql: string,
    params: readonly SqlValue[] = [],
  ): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    await this.#outsideTransaction();
    return this.#run(sql, params);
  }

  #run(sql: string, params: readonly SqlValue[]): number {
    return this.#prepare(sql).run(...params).changes;
  }

  transaction<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      this.#inTransaction = true;
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(this.#transactionView());
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw error;
      } finally {
        this.#inTransaction = false;
      }
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** The same database, seen from inside the running transaction. */
  #transactionView(): Database {
    return {
      dialect: this.dialect,
      all: async <T extends Row>(sql: string, params: readonly SqlValue[] = []) =>
        this.#all<T>(sql, params),
      get: async <T extends Row>(sql: string, params: readonly SqlValue[] = []) =>
        this.#all<T>(sql, params)[0],
      run: async (sql: string, params: readonly SqlValue[] = []) => this.#run(sql, params),
      transaction: (work) => work(this.#transactionView()),
      close: async () => {
        throw new Error('close() inside a transaction');
      },
    };
  }

  async close(): Promise<void> {
    await this.#queue;
    this.db.close();
  }
}
