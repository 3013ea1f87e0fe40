/** The `signing_keys` table: the key pairs that sign session JWTs. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../db/migrator.js';

/** A row of `signing_keys`. */
export interface SigningKeysTable {
  kid: string;
  project_id: string;
  /** The private JWK, sealed with the server secret. */
  private_jwk: string;
  /** The public JWK as JSON. */
  public_jwk: string;
  created_at: number;
  retired_at: number | null;
}

/** The tables this folder owns. */
export interface SigningKeyTables {
  signing_keys: SigningKeysTable;
}

/** Their history. */
export const signingKeyMigrations: Migrations = {
  '2025-07-01-02-signing-keys': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('signing_keys')
        .ifNotExists()
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('retired_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('signing_keys_by_project')
        .ifNotExists()
        .on('signing_keys')
        .columns(['project_id', 'created_at'])
        .execute();
    },
  },
};
