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
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Writes (statements that are not reads) after which a checkpoint is asked for. */
export const CHECKPOINT_AFTER_WRITES = 500;
/** Or this long after the last one, when anything was written since. */
export const CHECKPOINT_AFTER_MS = 5_000;

/** What `wal_checkpoint` reports. */
export interface CheckpointResult {
  /** 1 when a checkpoint could not run at all (another was running). */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames copied into the database file (all of them when it equals `log`). */
  checkpointed: number;
}

/** The worker: one connection, a passive checkpoint per message, closed on `close`. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
parentPort.on('message', (message) => {
  if (message === 'close') {
    db?.close();
    parentPort.close();
    return;
  }
  try {
    db ??= new Database(workerData.path, { fileMustExist: true });
    parentPort.postMessage(db.pragma('wal_checkpoint(PASSIVE)')[0]);
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
  /** Set by `close()`: no checkpoint, and no worker, after it. */
  #closed = false;

  constructor(private readonly path: string) {}

  /** Counts `writes` more writes; asks for a checkpoint when enough were made (never waits). */
  wrote(writes: number): void {
    this.#writesSince += writes;
    if (this.#closed || this.#running || this.#writesSince === 0) return;
    if (
      this.#writesSince >= CHECKPOINT_AFTER_WRITES ||
      Date.now() - this.#lastAt >= CHECKPOINT_AFTER_MS
    ) {
      this.checkpoint().catch(() => undefined);
    }
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
        workerData: { driver, path: this.path },
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
