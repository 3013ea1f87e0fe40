/**
 * The session-exchange product's table: the trusted issuers' JWTs `POST /sessions/attest` has
 * accepted, each remembered until it expires so it signs in once.
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `attested_tokens`: one accepted trusted JWT, kept until its `exp`. */
export interface AttestedTokensTable {
  project_id: string;
  /**
   * SHA-256 (hex) naming the token: of its issuer and `jti` when it has one, else of the whole
   * token. Neither the token nor its `jti` is stored.
   */
  token_key: string;
  /** The token's `exp`, in epoch milliseconds: after it the token is refused anyway. */
  expires_at: number;
  created_at: number;
}

/** The tables this product owns. */
export interface AttestedTokenTables {
  attested_tokens: AttestedTokensTable;
}

/** Their history. */
export const attestedTokenMigrations: Migrations = {
  '2026-11-26-20-attested-tokens': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('attested_tokens')
        .ifNotExists()
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('token_key', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('attested_tokens_pk', ['project_id', 'token_key'])
        .execute();
      await db.schema
        .createIndex('attested_tokens_by_expiry')
        .ifNotExists()
        .on('attested_tokens')
        .column('expires_at')
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends AttestedTokenTables {}
}
