/** The magic-link product's table: sign-in links, stored only as the SHA-256 of their token. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `magic_links`. */
export interface MagicLinksTable {
  magic_link_id: string;
  project_id: string;
  user_id: string;
  /** The email's id (the `method_id` of the link). */
  email_id: string;
  email: string;
  /** SHA-256 (hex) of the token; the token itself is only in the email. */
  token_hash: string;
  /** `login` or `signup`: which expiry and redirect list it was made with. */
  kind: 'login' | 'signup';
  /** The exact listed URL the link opens. */
  redirect_url: string;
  /** The PKCE S256 challenge it was requested with, if any. */
  code_challenge: string | null;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface MagicLinkTables {
  magic_links: MagicLinksTable;
}

/** Their history. */
export const magicLinkMigrations: Migrations = {
  '2026-11-23-01-magic-links': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('magic_links')
        .ifNotExists()
        .addColumn('magic_link_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('email_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('redirect_url', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('magic_links_by_expiry')
        .ifNotExists()
        .on('magic_links')
        .column('expires_at')
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends MagicLinkTables {}
}
