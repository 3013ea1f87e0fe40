/**
 * The `dev_outbox` table: the development outbox's messages, so every development process on
 * the same database shows the same `/dev/outbox`. Never written in production.
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../db/migrator.js';

/** A row of `dev_outbox`. */
export interface DevOutboxTable {
  /** `outbox-<uuid>`. */
  id: string;
  channel: string;
  recipient: string;
  text: string;
  subject: string | null;
  html: string | null;
  /** Epoch milliseconds. */
  sent_at: number;
}

/** The tables this folder owns. */
export interface DeliveryTables {
  dev_outbox: DevOutboxTable;
}

/** Their history. */
export const deliveryMigrations: Migrations = {
  '2026-11-23-18-dev-outbox': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('dev_outbox')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('html', 'text')
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('dev_outbox_sent_at')
        .ifNotExists()
        .on('dev_outbox')
        .column('sent_at')
        .execute();
    },
  },
};
