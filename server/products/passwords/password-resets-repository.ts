/**
 * Password reset tokens sent by email. Guarantees: only the SHA-256 of a token is stored;
 * `consume` succeeds once per token and only before it expires; a successful reset retires
 * every other outstanding token of the user.
 */
import type { Db } from '../../db/database.js';
import { consumeOnce, purgeBefore } from '../../db/purge.js';
import type { PasswordResetsTable } from './passwords-tables.js';

/** A stored reset (its token's hash, never the token). */
export interface ResetRecord {
  resetId: string;
  projectId: string;
  userId: string;
  emailId: string;
  codeChallenge: string | null;
  expiresAt: number;
  consumedAt: number | null;
}

function toRecord(row: PasswordResetsTable): ResetRecord {
  return {
    resetId: row.reset_id,
    projectId: row.project_id,
    userId: row.user_id,
    emailId: row.email_id,
    codeChallenge: row.code_challenge,
    expiresAt: Number(row.expires_at),
    consumedAt: row.consumed_at == null ? null : Number(row.consumed_at),
  };
}

/** Reads and writes reset tokens. */
export class PasswordResetsRepository {
  readonly #consume;

  constructor(private readonly db: Db) {
    this.#consume = consumeOnce(db, { table: 'password_resets', key: 'reset_id' });
  }

  /** Stores a new reset. */
  async create(record: ResetRecord & { tokenHash: string; createdAt: number }): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({
        reset_id: record.resetId,
        project_id: record.projectId,
        user_id: record.userId,
        email_id: record.emailId,
        token_hash: record.tokenHash,
        code_challenge: record.codeChallenge,
        expires_at: record.expiresAt,
        consumed_at: null,
        created_at: record.createdAt,
      })
      .execute();
  }

  /** The reset whose token hashes to `tokenHash`, used or not. */
  async findByTokenHash(tokenHash: string): Promise<ResetRecord | undefined> {
    const row = await this.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Marks the reset used. Resolves to true for exactly one caller, while it is live. */
  async consume(resetId: string, now: number): Promise<boolean> {
    return this.#consume({ key: resetId, now });
  }

  /** Retires every unused reset of the user (after any password change). */
  async retireAllForUser(userId: string, now: number): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ consumed_at: now })
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .execute();
  }

  /** Deletes resets that expired before `before`. */
  async purgeExpired(before: number): Promise<number> {
    return purgeBefore(this.db, { table: 'password_resets', column: 'expires_at', before });
  }
}
