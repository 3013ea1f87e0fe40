/**
 * One-time passcodes, stored only as keyed hashes. Guarantees:
 * - a new passcode for a `method_id` supersedes the earlier ones;
 * - `recordWrongTry` counts at most `maxTries` wrong tries, atomically;
 * - `consume` succeeds once, and only while the passcode is live.
 */
import type { Channel } from '../delivery/delivery.js';
import type { Database } from './database.js';

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
}

function toRecord(row: Record<string, unknown>): PasscodeRecord {
  return {
    passcodeId: String(row.passcode_id),
    projectId: String(row.project_id),
    methodId: String(row.method_id),
    userId: String(row.user_id),
    channel: String(row.channel) as Channel,
    destination: String(row.destination),
    codeHash: String(row.code_hash),
    attempts: Number(row.attempts),
    expiresAt: Number(row.expires_at),
    consumedAt: row.consumed_at == null ? null : Number(row.consumed_at),
    createdAt: Number(row.created_at),
  };
}

/** Reads and writes passcodes. */
export class PasscodesRepository {
  constructor(private readonly db: Database) {}

  /** Stores a new passcode for its method and supersedes the method's earlier ones. */
  async create(record: Omit<PasscodeRecord, 'attempts' | 'consumedAt'>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run('UPDATE passcodes SET superseded = 1 WHERE method_id = ? AND superseded = 0', [
        record.methodId,
      ]);
      await tx.run(
        `INSERT INTO passcodes (passcode_id, project_id, method_id, user_id, channel, destination,
           code_hash, attempts, expires_at, consumed_at, superseded, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, NULL, 0, ?)`,
        [
          record.passcodeId,
          record.projectId,
          record.methodId,
          record.userId,
          record.channel,
          record.destination,
          record.codeHash,
          record.expiresAt,
          record.createdAt,
        ],
      );
    });
  }

  /** The method's current passcode (not superseded, not consumed), if any. */
  async current(methodId: string): Promise<PasscodeRecord | undefined> {
    const row = await this.db.get(
      `SELECT * FROM passcodes WHERE method_id = ? AND superseded = 0 AND consumed_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
      [methodId],
    );
    return row && toRecord(row);
  }

  /**
   * Counts one wrong try. Resolves to the new count, or `undefined` when the
   * passcode had used up its `maxTries` already.
   */
  async recordWrongTry(passcodeId: string, maxTries: number): Promise<number | undefined> {
    const row = await this.db.get(
      `UPDATE passcodes SET attempts = attempts + 1
       WHERE passcode_id = ? AND attempts < ? RETURNING attempts`,
      [passcodeId, maxTries],
    );
    return row ? Number(row.attempts) : undefined;
  }

  /** Marks the passcode used. Resolves to true for exactly one caller, while it is live. */
  async consume(passcodeId: string, now: number, maxTries: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE passcodes SET consumed_at = ?
       WHERE passcode_id = ? AND consumed_at IS NULL AND superseded = 0
         AND attempts < ? AND expires_at > ?`,
      [now, passcodeId, maxTries, now],
    );
    return changed === 1;
  }

  /** Deletes passcodes that expired before `before`. */
  async purgeExpired(before: number): Promise<number> {
    return this.db.run('DELETE FROM passcodes WHERE expires_at < ?', [before]);
  }
}
