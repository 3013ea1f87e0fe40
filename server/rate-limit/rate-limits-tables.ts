/** The `rate_limits` table: fixed-window hit counters shared by every server process. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../db/migrator.js';

/** A row of `rate_limits`. */
export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}

/** The tables this folder owns. */
export interface RateLimitTables {
  rate_limits: RateLimitsTable;
}

/** Their history. */
export const rateLimitMigrations: Migrations = {
  '2025-07-01-03-rate-limits': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_limits')
        .ifNotExists()
        .addColumn('bucket', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};
