/**
 * The passwords product's tables: one argon2id hash per user, the reset tokens
 * sent by email (as SHA-256 hashes).
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `passwords`: the user's current password as an argon2id PHC string. */
export interface PasswordsTable {
  user_id: string;
  project_id: string;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

/** A row of `password_resets`: one emailed reset link. */
export interface PasswordResetsTable {
  reset_id: string;
  project_id: string;
  user_id: string;
  email_id: string;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  /** The PKCE challenge (S256, base64url) given at the start, if any. */
  code_challenge: string | null;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface PasswordTables {
  passwords: PasswordsTable;
  password_resets: PasswordResetsTable;
}

/** Their history. */
export const passwordMigrations: Migrations = {
  '2026-11-23-01-passwords': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('passwords')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('password_resets')
        .ifNotExists()
        .addColumn('reset_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('email_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('code_challenge', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('password_guards')
        .ifNotExists()
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('consecutive_failures', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('password_guards_pkey', ['project_id', 'email'])
        .execute();
    },
  },
  '2026-11-23-41-drop-password-guards': {
    // Wrong passwords are throttled per (email, client) by FailureThrottle now; the per-email
    // lock, which a stranger could set, and its table are gone.
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema.dropTable('password_guards').ifExists().execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends PasswordTables {}
}
