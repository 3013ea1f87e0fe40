/** Telemetry from the widget, kept as daily counts per event name. */
import type { Database } from './database.js';

/** Counts telemetry events. */
export class TelemetryRepository {
  constructor(private readonly db: Database) {}

  /** Adds `count` to the event's tally for `day` (YYYY-MM-DD). */
  async count(projectId: string, eventName: string, day: string, count: number): Promise<void> {
    await this.db.run(
      `INSERT INTO telemetry_events (project_id, event_name, day, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (project_id, event_name, day) DO UPDATE SET
         count = telemetry_events.count + excluded.count`,
      [projectId, eventName, day, count],
    );
  }

  /** The tallies of one project, for operators. */
  async totals(
    projectId: string,
  ): Promise<Array<{ eventName: string; day: string; count: number }>> {
    const rows = await this.db.all(
      'SELECT event_name, day, count FROM telemetry_events WHERE project_id = ? ORDER BY day, event_name',
      [projectId],
    );
    return rows.map((r) => ({
      eventName: String(r.event_name),
      day: String(r.day),
      count: Number(r.count),
    }));
  }
}
