/**
 * Embedded SQLite (better-sqlite3) for Kysely, in WAL mode, with group commit:
 * a commit writes its frames to the WAL without waiting for the disk
 * (`synchronous = NORMAL`), and `durable()` then syncs the WAL file once for
 * every commit made so far, off the event loop. The server awaits `durable()`
 * before it sends any answer, so an acknowledged write is on disk as with
 * `synchronous = FULL` (it survives `kill -9` and a power cut alike), while
 * concurrent requests share one `fsync` instead of queueing one each behind
 * a blocked event loop. SQLite syncs the WAL before a checkpoint and the
 * database after one. Checkpoints run on another connection in a worker thread, never on the
 * event loop (see `WalCheckpointer`).
 *
 * Two more changes to Kysely's own SQLite driver: transactions begin
 * `IMMEDIATE` (a second process on the same file, such as the guest-list
 * command, waits for the write lock instead of failing on upgrade), and
 * prepared statements are kept per SQL text rather than prepared again on
 * every query.
 */
import { chmodSync, close, closeSync, existsSync, fsync, mkdirSync, openSync } from 'node:fs';
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
import { WAL_SIZE_LIMIT_BYTES, WalCheckpointer } from './wal-checkpointer.js';

/**
 * Opens (creating if needed) the SQLite file at `path`; `:memory:` works too. The file is
 * the server's alone (0600; SQLite gives its `-wal` and `-shm` files the same mode), in a
 * directory made 0700 when the server creates it.
 */
export function openSqlite(path: string): {
  db: Kysely<Schema>;
  /** Resolves once every write made so far is on disk. */
  durable: () => Promise<void>;
  /** Runs a passive checkpoint now (undefined for `:memory:`). */
  checkpoint?: WalCheckpointer['checkpoint'];
} {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
  }
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const checkpointer = path === ':memory:' ? undefined : new WalCheckpointer(path);
  // The worker checkpoints (see `WalCheckpointer`); the connection that commits never does.
  if (checkpointer) raw.pragma('wal_autocheckpoint = 0');
  // Starting the WAL over after a checkpoint truncates a file grown past this size.
  raw.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const sync = new WalSync(path === ':memory:' ? undefined : `${path}-wal`, checkpointer);
  const statements = new Map<string, Statement>();
  const database = {
    prepare(sql: string): Statement {
      let statement = statements.get(sql);
      if (!statement) {
        const prepared = raw.prepare(sql);
        statement = {
          reader: prepared.reader,
          all: (parameters: unknown[]) => prepared.all(parameters),
          iterate: (parameters: unknown[]) => prepared.iterate(parameters),
          run: (parameters: unknown[]) => {
            const result = prepared.run(parameters);
            sync.wrote();
            return result;
          },
        };
        statements.set(sql, statement);
      }
      return statement;
    },
    close(): void {
      raw.close();
      sync.close();
      // The worker's connection, the last one, checkpoints what is left and removes the WAL.
      checkpointer?.close().catch(() => undefined);
    },
  };
  const db = new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database }) });
  return {
    db,
    durable: () => sync.durable(),
    checkpoint: checkpointer && (() => checkpointer.checkpoint()),
  };
}

/** The part of a better-sqlite3 statement that Kysely uses. */
interface Statement {
  readonly reader: boolean;
  all(parameters: unknown[]): unknown[];
  iterate(parameters: unknown[]): IterableIterator<unknown>;
  run(parameters: unknown[]): BetterSqlite3.RunResult;
}

/** A sync with nothing to do. */
const SYNCED = Promise.resolve();

/** Group commit: one `fsync` of the WAL file covers every write made before it started. */
class WalSync {
  /** Writes made (statements run that are not reads). */
  #writes = 0;
  /** Writes known to be on disk. */
  #synced = 0;
  #syncing: Promise<void> | undefined;
  #fd: number | undefined;

  constructor(
    private readonly walPath: string | undefined,
    private readonly checkpointer: WalCheckpointer | undefined,
  ) {}

  wrote(): void {
    this.#writes++;
  }

  durable(): Promise<void> {
    // Most answers wrote nothing since the last sync: no promise chain for those.
    return this.#synced < this.#writes ? this.#durable() : SYNCED;
  }

  async #durable(): Promise<void> {
    while (this.#synced < this.#writes) {
      if (!this.#syncing) {
        const target = this.#writes;
        this.#syncing = this.#fsync()
          .then(() => {
            // What the WAL holds is on disk: time to copy some of it into the database file.
            this.checkpointer?.wrote(target - this.#synced);
            this.#synced = Math.max(this.#synced, target);
          })
          .finally(() => {
            this.#syncing = undefined;
          });
      }
      await this.#syncing;
    }
  }

  #fsync(): Promise<void> {
    if (this.walPath === undefined) return Promise.resolve();
    if (this.#fd === undefined) {
      // No WAL yet: nothing was written to it.
      if (!existsSync(this.walPath)) return Promise.resolve();
      this.#fd = openSync(this.walPath, 'r');
    }
    const fd = this.#fd;
    return new Promise((resolve, reject) => {
      fsync(fd, (error) => (error ? reject(error) : resolve()));
    });
  }

  close(): void {
    if (this.#fd !== undefined) close(this.#fd, () => undefined);
    this.#fd = undefined;
  }
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
