/** The `telemetry_events` table: the widget's telemetry as daily counts per event. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../db/migrator.js';

/** A row of `telemetry_events`. */
export interface TelemetryEventsTable {
  project_id: string;
  event_name: string;
  /** `YYYY-MM-DD`. */
  day: string;
  count: number;
}

/** The tables this folder owns. */
export interface TelemetryTables {
  telemetry_events: TelemetryEventsTable;
}

/** Their history. */
export const telemetryMigrations: Migrations = {
  '2025-07-01-04-telemetry': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('telemetry_events')
        .ifNotExists()
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_name', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('telemetry_events_pkey', ['project_id', 'event_name', 'day'])
        .execute();
    },
  },
};
