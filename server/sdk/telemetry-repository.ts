/** Telemetry from the widget, kept as daily counts per event name. */
import type { Db } from '../db/database.js';

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
}
