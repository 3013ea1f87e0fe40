/**
 * Crypto wallets and their sign-in challenges. Guarantees:
 * - a wallet (chain and address) belongs to at most one user per project (a unique index);
 * - `consumeChallenge` succeeds once per challenge, and only while it is live, so a signed
 *   challenge cannot be replayed;
 * - a new challenge does not cancel the address's earlier live ones, and a signature is checked
 *   against the asking client's own newest challenges before anyone else's: a stranger asking
 *   for challenges in someone's name, however many, cannot spoil the one their wallet is
 *   signing.
 */
import { changedRows, type Db } from '../../db/database.js';
import { prepare } from '../../db/prepared.js';
import { consumeOnce, purgeBefore } from '../../db/purge.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import type { CryptoChallengesTable, WalletType } from './crypto-tables.js';

/** A user's wallet. */
export interface CryptoWalletRecord {
  cryptoWalletId: string;
  projectId: string;
  userId: string;
  walletType: WalletType;
  address: string;
  verified: boolean;
  createdAt: number;
}

/** A challenge handed out to be signed. */
export interface ChallengeRecord {
  challengeId: string;
  projectId: string;
  walletType: WalletType;
  address: string;
  message: string;
  origin: string;
  sessionUserId: string | null;
  /** The key of the client that asked (`clientKey`), or null. */
  client: string | null;
  expiresAt: number;
  consumedAt: number | null;
  createdAt: number;
}

/** The wallet belongs to another user already. */
export class DuplicateWalletError extends Error {
  constructor() {
    super('this wallet belongs to another user');
    this.name = 'DuplicateWalletError';
  }
}

/**
 * How many of an address's newest unused challenges a signature is checked against: this many
 * of the asking client's own, and this many of everyone's.
 */
export const LIVE_CHALLENGES_CHECKED = 10;

function toChallenge(row: CryptoChallengesTable): ChallengeRecord {
  return {
    challengeId: row.challenge_id,
    projectId: row.project_id,
    walletType: row.wallet_type,
    address: row.address,
    message: row.message,
    origin: row.origin,
    sessionUserId: row.session_user_id,
    client: row.client,
    expiresAt: Number(row.expires_at),
    consumedAt: row.consumed_at == null ? null : Number(row.consumed_at),
    createdAt: Number(row.created_at),
  };
}

function toWallet(row: {
  crypto_wallet_id: string;
  project_id: string;
  user_id: string;
  wallet_type: WalletType;
  address: string;
  verified: number;
  created_at: number;
}): CryptoWalletRecord {
  return {
    cryptoWalletId: row.crypto_wallet_id,
    projectId: row.project_id,
    userId: row.user_id,
    walletType: row.wallet_type,
    address: row.address,
    verified: Number(row.verified) === 1,
    createdAt: Number(row.created_at),
  };
}

/** Reads and writes wallets and challenges. */
export class CryptoWalletsRepository {
  readonly #queries;

  constructor(private readonly db: Db) {
    this.#queries = {
      unconsumed: prepare(
        db,
        (a: { projectId: string; walletType: WalletType; address: string; limit: number }) =>
          db
            .selectFrom('crypto_challenges')
            .selectAll()
            .where('project_id', '=', a.projectId)
            .where('wallet_type', '=', a.walletType)
            .where('address', '=', a.address)
            .where('consumed_at', 'is', null)
            .orderBy('created_at', 'desc')
            .limit(a.limit),
      ),
      unconsumedOfClient: prepare(
        db,
        (a: {
          projectId: string;
          walletType: WalletType;
          address: string;
          client: string;
          limit: number;
        }) =>
          db
            .selectFrom('crypto_challenges')
            .selectAll()
            .where('project_id', '=', a.projectId)
            .where('wallet_type', '=', a.walletType)
            .where('address', '=', a.address)
            .where('client', '=', a.client)
            .where('consumed_at', 'is', null)
            .orderBy('created_at', 'desc')
            .limit(a.limit),
      ),
      consume: consumeOnce(db, { table: 'crypto_challenges', key: 'challenge_id' }),
      walletByAddress: prepare(
        db,
        (a: { projectId: string; walletType: WalletType; address: string }) =>
          db
            .selectFrom('crypto_wallets')
            .selectAll()
            .where('project_id', '=', a.projectId)
            .where('wallet_type', '=', a.walletType)
            .where('address', '=', a.address),
      ),
    };
  }

  /** Stores a new challenge. */
  async createChallenge(record: Omit<ChallengeRecord, 'consumedAt'>): Promise<void> {
    await this.db
      .insertInto('crypto_challenges')
      .values({
        challenge_id: record.challengeId,
        project_id: record.projectId,
        wallet_type: record.walletType,
        address: record.address,
        message: record.message,
        origin: record.origin,
        session_user_id: record.sessionUserId,
        client: record.client,
        expires_at: record.expiresAt,
        consumed_at: null,
        created_at: record.createdAt,
      })
      .execute();
  }

  /**
   * The address's challenges not yet used (live or expired) that a signature from `client` is
   * checked against: the client's own newest first, then everyone's newest, each at most
   * `LIVE_CHALLENGES_CHECKED`.
   */
  async unconsumedChallenges(
    projectId: string,
    walletType: WalletType,
    address: string,
    client: string,
  ): Promise<ChallengeRecord[]> {
    const limit = LIVE_CHALLENGES_CHECKED;
    const own = await this.#queries.unconsumedOfClient.all({
      projectId,
      walletType,
      address,
      client,
      limit,
    });
    const newest = await this.#queries.unconsumed.all({ projectId, walletType, address, limit });
    const ownIds = new Set(own.map((row) => row.challenge_id));
    return [...own, ...newest.filter((row) => !ownIds.has(row.challenge_id))].map(toChallenge);
  }

  /** Marks the challenge used. Resolves to true for exactly one caller, while it is live. */
  async consumeChallenge(challengeId: string, now: number): Promise<boolean> {
    return this.#queries.consume({ key: challengeId, now });
  }

  /** The wallet with this chain and address in the project, if any. */
  async findWallet(
    projectId: string,
    walletType: WalletType,
    address: string,
  ): Promise<CryptoWalletRecord | undefined> {
    const row = await this.#queries.walletByAddress.first({ projectId, walletType, address });
    return row && toWallet(row);
  }

  /**
   * Finds the user owning the wallet, or creates a user with it (verified).
   * Safe under concurrency: two simultaneous calls end with one user.
   */
  async findOrCreateUser(
    project: { projectId: string; environment: 'test' | 'live' },
    walletType: WalletType,
    address: string,
    ids: { userId: string; walletId: string },
    now: number,
  ): Promise<CryptoWalletRecord & { created: boolean }> {
    const existing = await this.findWallet(project.projectId, walletType, address);
    if (existing) return { ...existing, created: false };
    try {
      await this.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('users')
          .values({
            user_id: ids.userId,
            project_id: project.projectId,
            status: 'active',
            name: JSON.stringify({ first_name: '', middle_name: '', last_name: '' }),
            trusted_metadata: '{}',
            untrusted_metadata: '{}',
            created_at: now,
          })
          .execute();
        await tx
          .insertInto('crypto_wallets')
          .values({
            crypto_wallet_id: ids.walletId,
            project_id: project.projectId,
            user_id: ids.userId,
            wallet_type: walletType,
            address,
            verified: 1,
            created_at: now,
          })
          .execute();
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.findWallet(project.projectId, walletType, address);
      if (!winner) throw error;
      return { ...winner, created: false };
    }
    return {
      cryptoWalletId: ids.walletId,
      projectId: project.projectId,
      userId: ids.userId,
      walletType,
      address,
      verified: true,
      createdAt: now,
      created: true,
    };
  }

  /**
   * Attaches the wallet (verified) to `userId`; returns the existing one when the user has it.
   * @throws DuplicateWalletError when another user owns it.
   */
  async addToUser(
    projectId: string,
    userId: string,
    walletType: WalletType,
    address: string,
    walletId: string,
    now: number,
  ): Promise<CryptoWalletRecord> {
    const existing = await this.findWallet(projectId, walletType, address);
    if (existing) {
      if (existing.userId !== userId) throw new DuplicateWalletError();
      return existing;
    }
    try {
      await this.db
        .insertInto('crypto_wallets')
        .values({
          crypto_wallet_id: walletId,
          project_id: projectId,
          user_id: userId,
          wallet_type: walletType,
          address,
          verified: 1,
          created_at: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateWalletError();
      throw error;
    }
    return {
      cryptoWalletId: walletId,
      projectId,
      userId,
      walletType,
      address,
      verified: true,
      createdAt: now,
    };
  }

  /** Removes one of the user's wallets; resolves to false when it had none such. */
  async deleteWallet(userId: string, cryptoWalletId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('crypto_wallets')
      .where('crypto_wallet_id', '=', cryptoWalletId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return changedRows(result) > 0;
  }

  /** Deletes challenges that expired before `before`. */
  async purgeExpired(before: number): Promise<number> {
    return purgeBefore(this.db, { table: 'crypto_challenges', column: 'expires_at', before });
  }
}
