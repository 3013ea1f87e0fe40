/**
 * Google One Tap's tables: the prompts started (each with the nonce the ID token must carry) and
 * the single-use tokens a verified prompt lands on the redirect URL with, which
 * `POST /oauth/authenticate` exchanges for a session.
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

/** A row of `one_tap_tokens`: the `token` of a redirect URL, stored as its SHA-256, single use. */
export interface OneTapTokensTable {
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  project_id: string;
  user_id: string;
  /** Always `google`. */
  provider: string;
  /** The ID token's `sub`. */
  provider_subject: string;
  /** The verified Google ID token, answered as `provider_values.id_token`. */
  id_token: string;
  /** The user's email id the ID token's verified email matched or made. */
  email_id: string;
  /** The PKCE challenge the submit carried (S256), or null. */
  code_challenge: string | null;
  /** 0 or 1: the submit created the user (a sign-up). */
  user_created: number;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface OneTapTables {
  one_tap_starts: OneTapStartsTable;
  one_tap_tokens: OneTapTokensTable;
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
      await db.schema
        .createTable('one_tap_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_subject', 'text', (c) => c.notNull())
        .addColumn('id_token', 'text', (c) => c.notNull())
        .addColumn('email_id', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('user_created', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('one_tap_tokens_by_expiry')
        .ifNotExists()
        .on('one_tap_tokens')
        .column('expires_at')
        .execute();
    },
  },
};
