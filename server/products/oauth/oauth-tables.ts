/**
 * The OAuth product's tables: a user's provider registrations, the pending sign-ins (one row per
 * `state`, stored as its SHA-256), the one-time tokens a finished sign-in hands the page, and the
 * attach tokens that link a provider account to a signed-in user.
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `oauth_registrations`: a user's account at a provider. */
export interface OAuthRegistrationsTable {
  oauth_user_registration_id: string;
  project_id: string;
  user_id: string;
  /** The provider's name (`google`, `github`, …). */
  provider: string;
  /** The provider's id of the user. */
  provider_subject: string;
  profile_picture_url: string;
  locale: string;
  created_at: number;
}

/** A row of `oauth_states`: a sign-in sent to a provider and not yet back. */
export interface OAuthStatesTable {
  /** SHA-256 (hex) of the `state` parameter. */
  state_hash: string;
  project_id: string;
  provider: string;
  /**
   * Sealed JSON of what the callback checks and needs: the provider's PKCE verifier, the nonce,
   * the redirect URLs, the scopes and the page's PKCE challenge.
   */
  sealed: string;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** A row of `oauth_tokens`: a finished sign-in waiting for `POST /oauth/authenticate`. */
export interface OAuthTokensTable {
  /** SHA-256 (hex) of the token; the token itself is only in the redirect. */
  token_hash: string;
  project_id: string;
  user_id: string;
  oauth_user_registration_id: string;
  provider: string;
  provider_subject: string;
  /** The page's PKCE challenge, when it sent one. */
  code_challenge: string | null;
  /** The provider's tokens, sealed; emptied when the token is used. */
  sealed_provider_values: string;
  /** The verified email the sign-in matched or added, if any. */
  email_id: string | null;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/**
 * A row of `oauth_attach_tokens`: `POST /oauth/attach`'s single-use token, which a later start for
 * the same provider consumes to link the provider account to the signed-in user who asked.
 */
export interface OAuthAttachTokensTable {
  /** SHA-256 (hex) of the token; the token itself is only in the answer. */
  token_hash: string;
  project_id: string;
  user_id: string;
  provider: string;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface OAuthTables {
  oauth_registrations: OAuthRegistrationsTable;
  oauth_states: OAuthStatesTable;
  oauth_tokens: OAuthTokensTable;
  oauth_attach_tokens: OAuthAttachTokensTable;
}

/** Their history. */
export const oauthMigrations: Migrations = {
  '2026-11-23-10-oauth': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('oauth_registrations')
        .ifNotExists()
        .addColumn('oauth_user_registration_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_subject', 'text', (c) => c.notNull())
        .addColumn('profile_picture_url', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('oauth_registrations_subject', [
          'project_id',
          'provider',
          'provider_subject',
        ])
        .execute();
      await db.schema
        .createIndex('oauth_registrations_by_user')
        .ifNotExists()
        .on('oauth_registrations')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('oauth_states')
        .ifNotExists()
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('oauth_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('oauth_user_registration_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_subject', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('sealed_provider_values', 'text', (c) => c.notNull())
        .addColumn('email_id', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      for (const table of ['oauth_states', 'oauth_tokens']) {
        await db.schema
          .createIndex(`${table}_by_expiry`)
          .ifNotExists()
          .on(table)
          .column('expires_at')
          .execute();
      }
    },
  },
  '2026-11-26-10-oauth-tokens-by-user': {
    // Proving an unproven account looks up and removes its rows here by user (see
    // `server/products/users/proof.ts`): an index, not a scan of every row.
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('oauth_tokens_by_user')
        .ifNotExists()
        .on('oauth_tokens')
        .column('user_id')
        .execute();
    },
  },
  '2026-11-27-10-oauth-attach-tokens': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('oauth_attach_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      for (const [name, column] of [
        ['oauth_attach_tokens_by_expiry', 'expires_at'],
        ['oauth_attach_tokens_by_user', 'user_id'],
      ]) {
        await db.schema
          .createIndex(name as string)
          .ifNotExists()
          .on('oauth_attach_tokens')
          .column(column as string)
          .execute();
      }
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends OAuthTables {}
}
