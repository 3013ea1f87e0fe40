/** Telemetry from the widget, kept as daily counts per event name for a limited time. */
import type { Db } from '../db/database.js';
import { purgeBefore } from '../db/purge.js';

/** How many days of tallies are kept: housekeeping deletes the older ones. */
export const TELEMETRY_RETENTION_DAYS = 90;

/** Counts telemetry events. */
export class TelemetryRepository {
  constructor(private readonly db: Db) {}

  /** Adds `count` to the event's tally for `day` (YYYY-MM-DD). */
  async count(projectId: string, eventName: string, day: string, count: number): Promise<void> {
    await this.db
      .insertInto('telemetry_events')
      .values({ project_id: projectId, event_name: eventName, day, count })
      .onConflict((oc) =>
        oc.columns(['project_id', 'event_name', 'day']).doUpdateSet((eb) => ({
          count: eb('telemetry_events.count', '+', eb.ref('excluded.count')),
        })),
      )
      .execute();
  }

  /** The tallies of one project, for operators. */
  async totals(
    projectId: string,
  ): Promise<Array<{ eventName: string; day: string; count: number }>> {
    const rows = await this.db
      .selectFrom('telemetry_events')
      .select(['event_name', 'day', 'count'])
      .where('project_id', '=', projectId)
      .orderBy('day')
      .orderBy('event_name')
      .execute();
    return rows.map((r) => ({ eventName: r.event_name, day: r.day, count: Number(r.count) }));
  }

  /**
   * Deletes the tallies of days more than `TELEMETRY_RETENTION_DAYS` before `now` (epoch ms),
   * 500 rows at a time; resolves to how many went.
   */
  async purge(now: number): Promise<number> {
    const oldestKept = new Date(now - TELEMETRY_RETENTION_DAYS * 24 * 60 * 60_000)
      .toISOString()
      .slice(0, 10);
    return purgeBefore(this.db, { table: 'telemetry_events', column: 'day', before: oldestKept });
  }
}
