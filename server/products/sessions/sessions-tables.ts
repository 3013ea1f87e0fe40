/** The sessions product's table. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `sessions`. The token itself is never stored: only its SHA-256. */
export interface SessionsTable {
  session_id: string;
  project_id: string;
  user_id: string;
  token_hash: string;
  started_at: number;
  last_accessed_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** A JSON array of Stytch-shaped authentication factors. */
  authentication_factors: string;
  /** `{ip_address, user_agent}` as JSON. */
  attributes: string;
}

/** The tables this product owns. */
export interface SessionTables {
  sessions: SessionsTable;
}

/** Their history. */
export const sessionMigrations: Migrations = {
  '2025-07-01-06-sessions': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sessions')
        .ifNotExists()
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('last_accessed_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('authentication_factors', 'text', (c) => c.notNull())
        .addColumn('attributes', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sessions_by_user')
        .ifNotExists()
        .on('sessions')
        .column('user_id')
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends SessionTables {}
}
