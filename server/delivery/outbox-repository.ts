/** The development outbox's messages in the database, shared by every process on it. */
import type { Db } from '../db/database.js';
import { purgeBefore } from '../db/purge.js';
import type { Channel } from './delivery.js';
import type { OutboxEntry } from './outbox.js';

/** Reads and writes `dev_outbox`. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /** Keeps `entry`, then drops all but the newest `capacity` messages. */
  async add(entry: OutboxEntry, capacity: number): Promise<void> {
    await this.db
      .insertInto('dev_outbox')
      .values({
        id: entry.id,
        channel: entry.channel,
        recipient: entry.to,
        text: entry.text,
        subject: entry.subject ?? null,
        html: entry.html ?? null,
        sent_at: Date.parse(entry.sent_at),
      })
      .execute();
    const oldestKept = await this.db
      .selectFrom('dev_outbox')
      .select('sent_at')
      .orderBy('sent_at', 'desc')
      .offset(capacity - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldestKept) {
      await this.db
        .deleteFrom('dev_outbox')
        .where('sent_at', '<', Number(oldestKept.sent_at))
        .execute();
    }
  }

  /** The kept messages, newest first; with `to`, only those sent to exactly that address. */
  async list(filter: { to?: string } = {}, limit = 200): Promise<OutboxEntry[]> {
    let query = this.db
      .selectFrom('dev_outbox')
      .selectAll()
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    if (filter.to !== undefined) query = query.where('recipient', '=', filter.to);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel as Channel,
      to: row.recipient,
      text: row.text,
      ...(row.subject === null ? {} : { subject: row.subject }),
      ...(row.html === null ? {} : { html: row.html }),
      sent_at: new Date(Number(row.sent_at)).toISOString(),
    }));
  }

  /** Forgets the messages sent before `before`; resolves to how many. */
  purge(before: number): Promise<number> {
    return purgeBefore(this.db, { table: 'dev_outbox', column: 'sent_at', before });
  }

  /** Forgets every message. */
  async clear(): Promise<void> {
    await this.db.deleteFrom('dev_outbox').execute();
  }
}
