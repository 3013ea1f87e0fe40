/**
 * The `site_rsvps` table: each invited guest's answer to the invitation (coming or not, how
 * many, a note for the hosts), one row per guest of the site's project. The answer and the note
 * are the guest's private data: only that guest's session reads them (`rsvp-routes.ts`), and
 * the hosts through `npm run guests`.
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../db/migrator.js';

/** A row of `site_rsvps`. */
export interface SiteRsvpsTable {
  project_id: string;
  user_id: string;
  /** 1 coming, 0 not coming (an integer on both databases). */
  attending: number;
  /** People coming, the guest included; 0 when not coming. */
  party_size: number;
  /** The note for the hosts, as the guest wrote it ('' for none). */
  note: string;
  /** Epoch milliseconds of the first answer and of the latest change. */
  created_at: number;
  updated_at: number;
}

/** The tables this folder owns. */
export interface SiteTables {
  site_rsvps: SiteRsvpsTable;
}

/** Their history: a new table only (expand), which the previous release never reads. */
export const siteMigrations: Migrations = {
  '2026-11-28-01-site-rsvps': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('site_rsvps')
        .ifNotExists()
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('attending', 'integer', (c) => c.notNull())
        .addColumn('party_size', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_rsvps_pkey', ['project_id', 'user_id'])
        .execute();
    },
  },
};

declare module '../db/schema.js' {
  /** The site's tables join the one schema. */
  interface Schema extends SiteTables {}
}
