/**
 * The `site_content` table: what the invitation says (`InvitationContent`,
 * `site/content/invitation.ts`), one row per project: the hosts' draft, which they edit and
 * preview, and the published content, which guests read. Both are JSON text, checked by
 * `content-validation.ts` before any write.
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `site_content`. */
export interface SiteContentTable {
  project_id: string;
  /** The hosts' working copy, as JSON. */
  draft: string;
  /** What guests read, as JSON. */
  published: string;
  /** Epoch milliseconds of the latest publication; null while the seed was never published. */
  published_at: number | null;
  /** Epoch milliseconds of the draft's latest change (the seed's time at first). */
  updated_at: number;
  /** The host (user id) who changed the draft last; null for the seed. */
  updated_by: string | null;
}

/** The tables this folder owns. */
export interface SiteContentTables {
  site_content: SiteContentTable;
}

/** Their history: a new table only (expand), which the previous release never reads. */
export const contentMigrations: Migrations = {
  '2026-11-28-10-site-content': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('site_content')
        .ifNotExists()
        .addColumn('project_id', 'text', (c) => c.primaryKey())
        .addColumn('draft', 'text', (c) => c.notNull())
        .addColumn('published', 'text', (c) => c.notNull())
        .addColumn('published_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** The content's table joins the one schema. */
  interface Schema extends SiteContentTables {}
}
