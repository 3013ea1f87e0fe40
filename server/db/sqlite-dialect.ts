/**
 * Embedded SQLite (better-sqlite3) for Kysely, in WAL mode with
 * `synchronous = FULL` so an acknowledged write survives a crash. Two changes
 * to Kysely's own SQLite driver: transactions begin `IMMEDIATE` (a second
 * process on the same file, such as the guest-list command, waits for the
 * write lock instead of failing on upgrade), and prepared statements are kept
 * per SQL text rather than prepared again on every query.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import type { Schema } from './schema.js';

/**
 * Opens (creating if needed) the SQLite file at `path`; `:memory:` works too. The file is
 * the server's alone (0600; SQLite gives its `-wal` and `-shm` files the same mode), in a
 * directory made 0700 when the server creates it.
 */
export function openSqlite(path: string): Kysely<Schema> {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
  }
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const statements = new Map<string, BetterSqlite3.Statement>();
  const database = {
    prepare(sql: string): BetterSqlite3.Statement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = raw.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close(): void {
      raw.close();
    },
  };
  return new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database }) });
}

/** Kysely's SQLite dialect with `BEGIN IMMEDIATE` transactions. */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
