/** The crypto-wallet product's tables: the users' wallets and the sign-in challenges. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A blockchain a wallet signs for. */
export type WalletType = 'ethereum' | 'solana';

/** A row of `crypto_wallets`: one wallet of one user. */
export interface CryptoWalletsTable {
  crypto_wallet_id: string;
  project_id: string;
  user_id: string;
  wallet_type: WalletType;
  /** EIP-55 checksummed (Ethereum) or base58 (Solana). */
  address: string;
  /** 0 or 1. */
  verified: number;
  created_at: number;
}

/** A row of `crypto_challenges`: a message handed out to be signed, single use. */
export interface CryptoChallengesTable {
  challenge_id: string;
  project_id: string;
  wallet_type: WalletType;
  address: string;
  /** The exact text the wallet signs. */
  message: string;
  /** The page origin the challenge was issued to; its answer must come from the same. */
  origin: string;
  /** The user of the session that asked (secondary), or null (primary). */
  session_user_id: string | null;
  /** The key of the client that asked (`clientKey`); null for a challenge made before it was kept. */
  client: string | null;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface CryptoWalletTables {
  crypto_wallets: CryptoWalletsTable;
  crypto_challenges: CryptoChallengesTable;
}

/** Their history. */
export const cryptoWalletMigrations: Migrations = {
  '2026-11-23-15-crypto-wallets': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('crypto_wallets')
        .ifNotExists()
        .addColumn('crypto_wallet_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id'))
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('wallet_type', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('verified', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('crypto_wallets_unique_address', [
          'project_id',
          'wallet_type',
          'address',
        ])
        .execute();
      await db.schema
        .createIndex('crypto_wallets_by_user')
        .ifNotExists()
        .on('crypto_wallets')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('crypto_challenges')
        .ifNotExists()
        .addColumn('challenge_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('wallet_type', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('session_user_id', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('crypto_challenges_by_address')
        .ifNotExists()
        .on('crypto_challenges')
        .columns(['project_id', 'wallet_type', 'address', 'created_at'])
        .execute();
    },
  },
  '2026-11-27-11-crypto-challenges-client': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('crypto_challenges').addColumn('client', 'text').execute();
      await db.schema
        .createIndex('crypto_challenges_by_client')
        .ifNotExists()
        .on('crypto_challenges')
        .columns(['project_id', 'wallet_type', 'address', 'client', 'created_at'])
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends CryptoWalletTables {}
}
