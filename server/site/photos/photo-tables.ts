/**
 * The `site_photos` table: the photos hosts uploaded in the hosts' page, every file of each slot
 * (`juno-felix-photobooth-1-400w.avif`…), bytes and all, so every server on one PostgreSQL serves
 * the same photos. A stored file is served at the site root in place of the built file of the same
 * name, to invited guests only, like the built photos (`site-routes.ts`).
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { Migrations } from '../../db/migrator.js';

/** A row of `site_photos`: one file of one slot. */
export interface SitePhotosTable {
  project_id: string;
  /** Its name at the site root, e.g. `juno-felix-photobooth-1-400w.avif`. */
  name: string;
  /** `image/jpeg`, `image/png`, `image/webp` or `image/avif`. */
  content_type: string;
  bytes: Buffer;
  /** Its length in bytes. */
  size: number;
  /** The SHA-256 of `bytes` in hex; the ETag is made from it. */
  hash: string;
  /** Epoch milliseconds of the upload. */
  created_at: number;
}

/** The tables this folder owns. */
export interface SitePhotoTables {
  site_photos: SitePhotosTable;
}

/** Their history: a new table only (expand), which the previous release never reads. */
export const sitePhotoMigrations: Migrations = {
  '2026-11-28-14-site-photos': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('site_photos')
        .ifNotExists()
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_photos_pkey', ['project_id', 'name'])
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** The site's uploaded photos join the one schema. */
  interface Schema extends SitePhotoTables {}
}
