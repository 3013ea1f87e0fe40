/**
 * The hosts' tables: `site_hosts`, the hosts added from the hosts' page or the command line
 * besides the config's, and `site_audit`, every change a host made (who, what, when), which
 * the page shows. Neither holds a code, a token or a session.
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `site_hosts`. */
export interface SiteHostsTable {
  host_id: string;
  project_id: string;
  /** E.164 phone number or lower-case email (`normalizeHostIdentifier`). */
  identifier: string;
  /** Who added it: a host's identifier, or `command line`. */
  added_by: string;
  added_at: number;
}

/** A row of `site_audit`. */
export interface SiteAuditTable {
  audit_id: string;
  project_id: string;
  /** Epoch milliseconds. */
  at: number;
  /** The acting host's user id ('' for the command line). */
  user_id: string;
  /** The acting host as the page shows them: their identifier, or `command line`. */
  actor: string;
  /** What kind of change, e.g. `guest.add`, `content.publish`. */
  action: string;
  /** One line a host reads: "Added Ada Lovelace (+1 415-555-0100)". */
  summary: string;
}

/** The tables this folder owns. */
export interface HostTables {
  site_hosts: SiteHostsTable;
  site_audit: SiteAuditTable;
}

/** Their history: new tables only (expand), which the previous release never reads. */
export const hostMigrations: Migrations = {
  '2026-11-28-02-site-hosts-and-audit': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('site_hosts')
        .ifNotExists()
        .addColumn('host_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('added_by', 'text', (c) => c.notNull())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('site_hosts_identifier_key', ['project_id', 'identifier'])
        .execute();
      await db.schema
        .createTable('site_audit')
        .ifNotExists()
        .addColumn('audit_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_audit_project_at_idx')
        .ifNotExists()
        .on('site_audit')
        .columns(['project_id', 'at'])
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** The hosts' tables join the one schema. */
  interface Schema extends HostTables {}
}
