/** The passcode product's table: passcodes, as keyed hashes. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';
import type { Channel } from '../../delivery/delivery.js';

/** A row of `passcodes`. */
export interface PasscodesTable {
  passcode_id: string;
  project_id: string;
  method_id: string;
  user_id: string;
  channel: Channel;
  destination: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  consumed_at: number | null;
  /** 0 or 1: a newer passcode for the same method, asked for by the same client, replaced this one. */
  superseded: number;
  created_at: number;
  /** The client that asked for it (see `clientKey`); only that client can check it. */
  client: string;
}

/** The tables this product owns. */
export interface OtpTables {
  passcodes: PasscodesTable;
}

/** Their history. */
export const otpMigrations: Migrations = {
  '2025-07-01-07-otp': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('passcodes')
        .ifNotExists()
        .addColumn('passcode_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('method_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('superseded', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('passcodes_by_method')
        .ifNotExists()
        .on('passcodes')
        .columns(['method_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('destination_guards')
        .ifNotExists()
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('consecutive_failures', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('destination_guards_pkey', ['project_id', 'destination'])
        .execute();
    },
  },
  '2026-11-23-18-passcodes-by-client': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('passcodes')
        .addColumn('client', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('passcodes_by_method_and_client')
        .ifNotExists()
        .on('passcodes')
        .columns(['method_id', 'client', 'created_at'])
        .execute();
    },
  },
  '2026-11-23-40-drop-destination-guards': {
    // Wrong passcodes are throttled per (destination, client) by FailureThrottle now; the
    // per-destination lock, which a stranger could set, and its table are gone.
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema.dropTable('destination_guards').ifExists().execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends OtpTables {}
}
