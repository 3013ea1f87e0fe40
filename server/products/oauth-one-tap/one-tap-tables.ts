/**
 * Google One Tap's table: the prompts started, each with the nonce the ID token must carry. The
 * token a verified prompt lands with is the OAuth product's (`oauth_tokens`).
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `one_tap_starts`: one `oauthCallbackId` handed to a page, single use. */
export interface OneTapStartsTable {
  /** `oauth-callback-{test|live}-…`, the id the page submits the ID token with. */
  oauth_callback_id: string;
  project_id: string;
  /** The nonce the page passed to Google; the ID token's `nonce` claim must equal it. */
  nonce: string;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface OneTapTables {
  one_tap_starts: OneTapStartsTable;
}

/** Their history. */
export const oneTapMigrations: Migrations = {
  '2026-11-23-30-google-one-tap': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('one_tap_starts')
        .ifNotExists()
        .addColumn('oauth_callback_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('one_tap_starts_by_expiry')
        .ifNotExists()
        .on('one_tap_starts')
        .column('expires_at')
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends OneTapTables {}
}
