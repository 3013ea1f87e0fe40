/**
 * SQLite's WAL checkpoints, off the event loop. By default the connection that commits the
 * write taking the WAL past 1,000 pages copies the whole WAL into the database file, there and
 * then: on the server's one connection that is a synchronous stall of every request, as long as
 * the WAL is large (a bulk import, a busy minute). The server's connection turns that off
 * (`wal_autocheckpoint = 0`) and this checkpointer runs `wal_checkpoint(PASSIVE)` instead on its
 * own connection in a worker thread, after writes: passive, it never waits for a reader or a
 * writer, and the event loop only posts a message. The worker starts with the first checkpoint
 * (an idle server has none) and its connection syncs the WAL before, and the database after,
 * each checkpoint, so committed data is as durable as before.
 *
 * The WAL file keeps the size it once grew to unless told otherwise: after a checkpoint that
 * copied everything, a WAL over `WAL_SIZE_LIMIT_BYTES` is truncated (`wal_checkpoint(TRUNCATE)`,
 * tried once, given up for next time when a reader or writer is busy), and the server's own
 * connection truncates it to that size whenever it starts the WAL over (`journal_size_limit`).
 * Writes that ask for no checkpoint get one `CHECKPOINT_AFTER_MS` later, so the last writes before
 * a quiet spell are copied, and the disk a burst of writes took returns, without another write.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Writes (statements that are not reads) after which a checkpoint is asked for. */
export const CHECKPOINT_AFTER_WRITES = 500;
/** Or this long after the last one, when anything was written since. */
export const CHECKPOINT_AFTER_MS = 5_000;
/** The size past which a checkpointed WAL file is truncated (SQLite's own default WAL size). */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/** What `wal_checkpoint` reports. */
export interface CheckpointResult {
  /** 1 when a checkpoint could not run at all (another was running). */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames copied into the database file (all of them when it equals `log`). */
  checkpointed: number;
  /** Whether the WAL file, over `WAL_SIZE_LIMIT_BYTES`, was then truncated to nothing. */
  truncated: boolean;
}

/**
 * The worker: one connection, a passive checkpoint per message (then a truncating one when it
 * copied everything and the WAL file is over the limit), closed on `close`. Its busy timeout is
 * 0: a truncation that would wait for the server's connection is left for the next checkpoint.
 */
const WORKER_SOURCE = `
const { statSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
const walBytes = () => {
  try {
    return statSync(workerData.path + '-wal').size;
  } catch {
    return 0;
  }
};
parentPort.on('message', (message) => {
  if (message === 'close') {
    db?.close();
    parentPort.close();
    return;
  }
  try {
    db ??= new Database(workerData.path, { fileMustExist: true, timeout: 0 });
    const result = db.pragma('wal_checkpoint(PASSIVE)')[0];
    let truncated = false;
    if (result.busy === 0 && result.checkpointed === result.log && walBytes() > workerData.limit) {
      truncated = db.pragma('wal_checkpoint(TRUNCATE)')[0].busy === 0;
    }
    parentPort.postMessage({ ...result, truncated });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

/** Asks a worker thread for passive checkpoints of the database at `path`. */
export class WalCheckpointer {
  #worker: Worker | undefined;
  #running: Promise<CheckpointResult> | undefined;
  #writesSince = 0;
  #lastAt = Date.now();
  /** The checkpoint asked for after writes that did not ask for one at once. */
  #later: NodeJS.Timeout | undefined;
  /** Set by `close()`: no checkpoint, and no worker, after it. */
  #closed = false;

  /**
   * @param path the database file.
   * @param afterMs how long after the last checkpoint writes get one however few they are
   *   (`CHECKPOINT_AFTER_MS`; tests pass less).
   */
  constructor(
    private readonly path: string,
    private readonly afterMs = CHECKPOINT_AFTER_MS,
  ) {}

  /**
   * Counts `writes` more writes; asks for a checkpoint when enough were made, or else for one
   * `afterMs` later (never waits).
   */
  wrote(writes: number): void {
    this.#writesSince += writes;
    if (this.#closed || this.#writesSince === 0) return;
    if (
      !this.#running &&
      (this.#writesSince >= CHECKPOINT_AFTER_WRITES || Date.now() - this.#lastAt >= this.afterMs)
    ) {
      this.checkpoint().catch(() => undefined);
      return;
    }
    this.#later ??= setTimeout(() => {
      this.#later = undefined;
      if (!this.#closed && this.#writesSince > 0) this.checkpoint().catch(() => undefined);
    }, this.afterMs).unref();
  }

  /** Runs one passive checkpoint now (after the one running, if any); resolves to its result. */
  async checkpoint(): Promise<CheckpointResult> {
    while (this.#running) await this.#running.catch(() => undefined);
    if (this.#closed) throw new Error('the database is closed');
    this.#writesSince = 0;
    this.#lastAt = Date.now();
    const worker = this.#start();
    const running = new Promise<CheckpointResult>((resolve, reject) => {
      const onExit = () => reject(new Error('the checkpoint worker exited'));
      worker.once('exit', onExit);
      worker.once('message', (result: CheckpointResult | { error: string }) => {
        worker.off('exit', onExit);
        if ('error' in result) reject(new Error(result.error));
        else resolve(result);
      });
      worker.postMessage('checkpoint');
    }).finally(() => {
      this.#running = undefined;
    });
    this.#running = running;
    return running;
  }

  /** Closes the worker's connection and ends it. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#later);
    const worker = this.#worker;
    if (!worker) return;
    await this.#running?.catch(() => undefined);
    this.#worker = undefined;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }

  #start(): Worker {
    if (!this.#worker) {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      this.#worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { driver, path: this.path, limit: WAL_SIZE_LIMIT_BYTES },
      });
      // A server that exits does not wait for it.
      this.#worker.unref();
      // A worker that fails (its thread could not start) ends; the checkpoint it was running is
      // refused through its 'exit', and the next one starts a new worker.
      const worker = this.#worker;
      worker.on('error', () => undefined);
      worker.once('exit', () => {
        if (this.#worker === worker) this.#worker = undefined;
      });
    }
    return this.#worker;
  }
}
