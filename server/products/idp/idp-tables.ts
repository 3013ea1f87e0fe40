/**
 * The identity provider's tables: what users granted each application (consent, the connected
 * apps), the authorization codes, and the access and refresh tokens. Codes and tokens are
 * stored only as their SHA-256.
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `idp_grants`: one user's consent to one application. */
export interface IdpGrantsTable {
  grant_id: string;
  project_id: string;
  user_id: string;
  client_id: string;
  /** The granted scopes, space-separated. */
  scopes: string;
  created_at: number;
  updated_at: number;
  /** When the user withdrew it (connected apps' revoke), or null. */
  revoked_at: number | null;
}

/** A row of `idp_codes`: an authorization code, single use. */
export interface IdpCodesTable {
  code_hash: string;
  project_id: string;
  client_id: string;
  user_id: string;
  grant_id: string;
  redirect_uri: string;
  scopes: string;
  nonce: string | null;
  code_challenge: string | null;
  /** When the user's session authenticated (the ID token's `auth_time`), epoch ms. */
  auth_time: number;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** A row of `idp_tokens`: an access or refresh token. */
export interface IdpTokensTable {
  token_hash: string;
  kind: 'access' | 'refresh';
  project_id: string;
  client_id: string;
  user_id: string;
  grant_id: string;
  /** The code every token of one sign-in descends from: a replayed code revokes them all. */
  family: string;
  scopes: string;
  auth_time: number;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface IdpTables {
  idp_grants: IdpGrantsTable;
  idp_codes: IdpCodesTable;
  idp_tokens: IdpTokensTable;
}

/** Their history. */
export const idpMigrations: Migrations = {
  '2026-11-23-16-idp': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('idp_grants')
        .ifNotExists()
        .addColumn('grant_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id'))
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addUniqueConstraint('idp_grants_unique_client', ['project_id', 'user_id', 'client_id'])
        .execute();
      await db.schema
        .createTable('idp_codes')
        .ifNotExists()
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('grant_id', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text')
        .addColumn('code_challenge', 'text')
        .addColumn('auth_time', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('idp_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('grant_id', 'text', (c) => c.notNull())
        .addColumn('family', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('auth_time', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('idp_tokens_by_grant')
        .ifNotExists()
        .on('idp_tokens')
        .column('grant_id')
        .execute();
      await db.schema
        .createIndex('idp_tokens_by_family')
        .ifNotExists()
        .on('idp_tokens')
        .column('family')
        .execute();
    },
  },
  '2026-11-26-11-idp-by-user': {
    // Proving an unproven account looks up and removes its rows here by user (see
    // `server/products/users/proof.ts`): an index, not a scan of every row.
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('idp_grants_by_user')
        .ifNotExists()
        .on('idp_grants')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('idp_codes_by_user')
        .ifNotExists()
        .on('idp_codes')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('idp_tokens_by_user')
        .ifNotExists()
        .on('idp_tokens')
        .column('user_id')
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends IdpTables {}
}
