/** The impersonation product's table: tokens minted by `npm run impersonate`, stored as hashes. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `impersonation_tokens`. The token itself is never stored: only its SHA-256. */
export interface ImpersonationTokensTable {
  token_hash: string;
  project_id: string;
  user_id: string;
  /** Who minted it (the operator's name or email, as given to the command). */
  impersonator: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface ImpersonationTables {
  impersonation_tokens: ImpersonationTokensTable;
}

/** Their history. */
export const impersonationMigrations: Migrations = {
  '2026-11-23-21-impersonation-tokens': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('impersonation_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('impersonator', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends ImpersonationTables {}
}
