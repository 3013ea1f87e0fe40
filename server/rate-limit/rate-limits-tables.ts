/** The `rate_limits` table: fixed-window hit counters shared by every server process. */
import type { Generated, Kysely } from 'kysely';
import type { Migrations } from '../db/migrator.js';

/** A row of `rate_limits`. */
export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}

/**
 * A row of `failure_guards`: the consecutive failures of one client (see `clientKey`) against
 * one subject (a phone number, an email address, an account) in one scope (a project's product),
 * and when the client last succeeded against it (`trusted_at`, 0 for never).
 */
export interface FailureGuardsTable {
  scope: string;
  subject: string;
  client: string;
  failures: number;
  last_failure_at: number;
  trusted_at: Generated<number>;
}

/** The tables this folder owns. */
export interface RateLimitTables {
  rate_limits: RateLimitsTable;
  failure_guards: FailureGuardsTable;
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
  '2026-11-23-18-failure-guards': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('failure_guards')
        .ifNotExists()
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('failure_guards_pkey', ['scope', 'subject', 'client'])
        .execute();
      await db.schema
        .createIndex('failure_guards_by_time')
        .ifNotExists()
        .on('failure_guards')
        .column('last_failure_at')
        .execute();
    },
  },
  '2026-11-27-10-failure-guards-trust': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('failure_guards')
        .addColumn('trusted_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};
