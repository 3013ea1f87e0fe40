/** The TOTP product's tables: users' authenticator-app secrets and their recovery codes. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `totps`: one authenticator app of one user. */
export interface TotpsTable {
  totp_id: string;
  project_id: string;
  user_id: string;
  /** The RFC 6238 key, sealed with the server secret (`SealedJson`, purpose `totp-secrets`). */
  sealed_secret: string;
  /** 0 until a first code is authenticated, then 1. */
  verified: number;
  /** An unverified TOTP is unusable after this (epoch ms). */
  expires_at: number;
  /** The newest 30-second step whose code was accepted; codes of it and earlier steps are spent. */
  last_used_step: number | null;
  created_at: number;
}

/** A row of `totp_recovery_codes`: a recovery code, stored only as an HMAC, usable once. */
export interface TotpRecoveryCodesTable {
  code_hash: string;
  totp_id: string;
  user_id: string;
  used_at: number | null;
  created_at: number;
}

/** The purpose `totps.sealed_secret` is sealed for (see `SealedJson`). */
export const TOTP_SEALING_PURPOSE = 'totp-secrets';

/** The tables this product owns. */
export interface TotpTables {
  totps: TotpsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
}

/** Their history. */
export const totpMigrations: Migrations = {
  '2026-11-23-20-totps': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('totps')
        .ifNotExists()
        .addColumn('totp_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('sealed_secret', 'text', (c) => c.notNull())
        .addColumn('verified', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_step', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('totps_by_user')
        .ifNotExists()
        .on('totps')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('totp_recovery_codes')
        .ifNotExists()
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('totp_id', 'text', (c) =>
          c.notNull().references('totps.totp_id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('totp_recovery_codes_by_totp')
        .ifNotExists()
        .on('totp_recovery_codes')
        .column('totp_id')
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends TotpTables {}
}
