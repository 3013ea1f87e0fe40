/**
 * One-time passcodes, stored only as keyed hashes, each bound to the client that asked for it.
 * Guarantees:
 * - a new passcode for a `method_id` supersedes the earlier ones the same client asked for
 *   (another client's request never ends a guest's code);
 * - `recordWrongTry` counts at most `maxTries` wrong tries, atomically;
 * - `consume` succeeds once, and only while the passcode is live.
 */
import type { Db } from '../../db/database.js';
import { type Executor, prepare } from '../../db/prepared.js';
import { purgeBefore } from '../../db/purge.js';
import type { Channel } from '../../delivery/delivery.js';
import type { PasscodesTable } from './otp-tables.js';

/** A stored passcode (its hash, never the code). */
export interface PasscodeRecord {
  passcodeId: string;
  projectId: string;
  methodId: string;
  userId: string;
  channel: Channel;
  destination: string;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  consumedAt: number | null;
  createdAt: number;
  /** The client that asked for it (see `clientKey`). */
  client: string;
}

function toRecord(row: PasscodesTable): PasscodeRecord {
  return {
    passcodeId: row.passcode_id,
    projectId: row.project_id,
    methodId: row.method_id,
    userId: row.user_id,
    channel: row.channel,
    destination: row.destination,
    codeHash: row.code_hash,
    attempts: Number(row.attempts),
    expiresAt: Number(row.expires_at),
    consumedAt: row.consumed_at == null ? null : Number(row.consumed_at),
    createdAt: Number(row.created_at),
    client: row.client,
  };
}

/** The prepared queries of the send and check paths. */
function passcodeQueries(db: Db) {
  return {
    supersede: prepare(db, (a: { methodId: string; client: string }) =>
      db
        .updateTable('passcodes')
        .set({ superseded: 1 })
        .where('method_id', '=', a.methodId)
        .where('client', '=', a.client)
        .where('superseded', '=', 0),
    ),
    insert: prepare(db, (a: Omit<PasscodesTable, 'attempts' | 'consumed_at' | 'superseded'>) =>
      db.insertInto('passcodes').values({
        passcode_id: a.passcode_id,
        project_id: a.project_id,
        method_id: a.method_id,
        user_id: a.user_id,
        channel: a.channel,
        destination: a.destination,
        code_hash: a.code_hash,
        attempts: 0,
        expires_at: a.expires_at,
        consumed_at: null,
        superseded: 0,
        created_at: a.created_at,
        client: a.client,
      }),
    ),
    current: prepare(db, (a: { methodId: string; client: string }) =>
      db
        .selectFrom('passcodes')
        .selectAll()
        .where('method_id', '=', a.methodId)
        .where('client', '=', a.client)
        .where('superseded', '=', 0)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1),
    ),
    wrongTry: prepare(db, (a: { passcodeId: string; maxTries: number }) =>
      db
        .updateTable('passcodes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('passcode_id', '=', a.passcodeId)
        .where('attempts', '<', a.maxTries)
        .returning('attempts'),
    ),
    consume: prepare(db, (a: { passcodeId: string; now: number; maxTries: number }) =>
      db
        .updateTable('passcodes')
        .set({ consumed_at: a.now })
        .where('passcode_id', '=', a.passcodeId)
        .where('consumed_at', 'is', null)
        .where('superseded', '=', 0)
        .where('attempts', '<', a.maxTries)
        .where('expires_at', '>', a.now),
    ),
  };
}

/** Reads and writes passcodes. */
export class PasscodesRepository {
  readonly #queries;

  constructor(private readonly db: Db) {
    this.#queries = passcodeQueries(db);
  }

  /** Stores a new passcode for its method and supersedes the earlier ones of its client. */
  async create(record: Omit<PasscodeRecord, 'attempts' | 'consumedAt'>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await this.#queries.supersede.run({ methodId: record.methodId, client: record.client }, tx);
      await this.#queries.insert.run(
        {
          passcode_id: record.passcodeId,
          project_id: record.projectId,
          method_id: record.methodId,
          user_id: record.userId,
          channel: record.channel,
          destination: record.destination,
          code_hash: record.codeHash,
          expires_at: record.expiresAt,
          created_at: record.createdAt,
          client: record.client,
        },
        tx,
      );
    });
  }

  /** The method's current passcode asked for by `client` (not superseded, not consumed), if any. */
  async current(
    methodId: string,
    client: string,
    on?: Executor,
  ): Promise<PasscodeRecord | undefined> {
    const row = await this.#queries.current.first({ methodId, client }, on);
    return row && toRecord(row);
  }

  /**
   * Counts one wrong try. Resolves to the new count, or `undefined` when the
   * passcode had used up its `maxTries` already.
   */
  async recordWrongTry(
    passcodeId: string,
    maxTries: number,
    on?: Executor,
  ): Promise<number | undefined> {
    const row = await this.#queries.wrongTry.first({ passcodeId, maxTries }, on);
    return row ? Number(row.attempts) : undefined;
  }

  /** Marks the passcode used. Resolves to true for exactly one caller, while it is live. */
  async consume(
    passcodeId: string,
    now: number,
    maxTries: number,
    on?: Executor,
  ): Promise<boolean> {
    return (await this.#queries.consume.run({ passcodeId, now, maxTries }, on)) === 1;
  }

  /** Deletes passcodes that expired before `before`. */
  async purgeExpired(before: number): Promise<number> {
    return purgeBefore(this.db, { table: 'passcodes', column: 'expires_at', before });
  }
}
