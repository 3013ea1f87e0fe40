/** Reads and writes the TOTP product's tables, with the guarantees each method names. */
import { sql } from 'kysely';
import { changedRows, type Db } from '../../db/database.js';
import { purgeBefore } from '../../db/purge.js';
import type { Opened, SealedJson } from '../../keys/sealed-json.js';

/** A stored TOTP. */
export interface TotpRecord {
  totpId: string;
  projectId: string;
  userId: string;
  sealedSecret: string;
  verified: boolean;
  expiresAt: number;
  lastUsedStep: number | null;
  createdAt: number;
}

/** What a recovery-code lookup finds. */
export type RecoveryCodeState = 'unused' | 'used' | 'unknown';

/** The TOTP tables. */
export class TotpRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a new TOTP for the user with its recovery codes' hashes, replacing any unverified
   * one the user had (one transaction).
   */
  async insert(record: TotpRecord, recoveryCodeHashes: string[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('totps')
        .where('user_id', '=', record.userId)
        .where('verified', '=', 0)
        .execute();
      await tx
        .insertInto('totps')
        .values({
          totp_id: record.totpId,
          project_id: record.projectId,
          user_id: record.userId,
          sealed_secret: record.sealedSecret,
          verified: record.verified ? 1 : 0,
          expires_at: record.expiresAt,
          last_used_step: record.lastUsedStep,
          created_at: record.createdAt,
        })
        .execute();
      await this.#insertCodes(tx, record, recoveryCodeHashes, record.createdAt);
    });
  }

  /** The user's TOTPs, verified first, then newest first. */
  async listForUser(userId: string): Promise<TotpRecord[]> {
    const rows = await this.db
      .selectFrom('totps')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('verified', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      totpId: row.totp_id,
      projectId: row.project_id,
      userId: row.user_id,
      sealedSecret: row.sealed_secret,
      verified: Number(row.verified) === 1,
      expiresAt: Number(row.expires_at),
      lastUsedStep: row.last_used_step == null ? null : Number(row.last_used_step),
      createdAt: Number(row.created_at),
    }));
  }

  /**
   * Spends the code of `step`: succeeds only when no code of this or a later step was accepted
   * before (a compare-and-set, so two requests with one code cannot both pass). Marks the TOTP
   * verified.
   */
  async spendStep(totpId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('totps')
      .set({ last_used_step: step, verified: 1 })
      .where('totp_id', '=', totpId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .executeTakeFirst();
    return changedRows(result) > 0;
  }

  /** Whether the hash belongs to one of the TOTP's codes, and whether it was used. */
  async recoveryCodeState(totpId: string, codeHash: string): Promise<RecoveryCodeState> {
    const row = await this.db
      .selectFrom('totp_recovery_codes')
      .select('used_at')
      .where('totp_id', '=', totpId)
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!row) return 'unknown';
    return row.used_at == null ? 'unused' : 'used';
  }

  /** Spends a recovery code; false when it was already used (an atomic compare-and-set). */
  async spendRecoveryCode(totpId: string, codeHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('totp_recovery_codes')
      .set({ used_at: now })
      .where('totp_id', '=', totpId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return changedRows(result) > 0;
  }

  /** Replaces every recovery code of the TOTP (used or not) by these (one transaction). */
  async replaceRecoveryCodes(record: TotpRecord, hashes: string[], now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('totp_recovery_codes').where('totp_id', '=', record.totpId).execute();
      await this.#insertCodes(tx, record, hashes, now);
    });
  }

  /** Deletes one of the user's TOTPs (its codes go with it); false when it had none such. */
  async delete(userId: string, totpId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('totps')
      .where('totp_id', '=', totpId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return changedRows(result) > 0;
  }

  /** Deletes unverified TOTPs that expired before `before`; resolves to how many. */
  purgeExpired(before: number): Promise<number> {
    return purgeBefore(this.db, {
      table: 'totps',
      column: 'expires_at',
      before,
      where: sql`verified = 0`,
    });
  }

  /**
   * Seals again with `sealer`'s current secret every TOTP secret only its previous one opens (a
   * rotation's grace period), so enrolments outlive the previous secret; resolves to how many.
   * A row changed meanwhile (deleted, or sealed again by another process) is left as it is.
   */
  async resealSecrets(sealer: SealedJson): Promise<number> {
    const rows = await this.db.selectFrom('totps').select(['totp_id', 'sealed_secret']).execute();
    let resealed = 0;
    for (const row of rows) {
      let opened: Opened;
      try {
        opened = sealer.opened(row.sealed_secret);
      } catch {
        continue;
      }
      if (opened.current) continue;
      const result = await this.db
        .updateTable('totps')
        .set({ sealed_secret: sealer.seal(opened.value) })
        .where('totp_id', '=', row.totp_id)
        .where('sealed_secret', '=', row.sealed_secret)
        .executeTakeFirst();
      resealed += changedRows(result);
    }
    return resealed;
  }

  async #insertCodes(
    tx: Pick<Db, 'insertInto'>,
    record: TotpRecord,
    hashes: string[],
    now: number,
  ): Promise<void> {
    if (hashes.length === 0) return;
    await tx
      .insertInto('totp_recovery_codes')
      .values(
        hashes.map((code_hash) => ({
          code_hash,
          totp_id: record.totpId,
          user_id: record.userId,
          used_at: null,
          created_at: now,
        })),
      )
      .execute();
  }
}
