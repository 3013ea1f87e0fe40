/** The guests' RSVP answers (`site_rsvps`), read and written per guest. */
import type { Db } from '../db/database.js';
import './rsvp-tables.js';

/** One guest's answer. */
export interface RsvpAnswer {
  attending: boolean;
  /** People coming, the guest included; 0 when not coming. */
  partySize: number;
  /** The note for the hosts ('' for none). */
  note: string;
  /** Epoch milliseconds of the latest change. */
  updatedAt: number;
}

/** Reads and writes the answers of one database. */
export class RsvpRepository {
  constructor(private readonly db: Db) {}

  /** The answer of `userId` in `projectId`, or null before the first one. */
  async find(projectId: string, userId: string): Promise<RsvpAnswer | null> {
    const row = await this.db
      .selectFrom('site_rsvps')
      .select(['attending', 'party_size', 'note', 'updated_at'])
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toAnswer(row) : null;
  }

  /** Every answer of `projectId`, by user id (for the guest list). */
  async listByUser(projectId: string): Promise<Map<string, RsvpAnswer>> {
    const rows = await this.db
      .selectFrom('site_rsvps')
      .select(['user_id', 'attending', 'party_size', 'note', 'updated_at'])
      .where('project_id', '=', projectId)
      .execute();
    return new Map(rows.map((row) => [row.user_id, toAnswer(row)]));
  }

  /** Writes `answer` as the answer of `userId` (the first one, or a change of it). */
  async save(projectId: string, userId: string, answer: RsvpAnswer): Promise<void> {
    const values = {
      attending: answer.attending ? 1 : 0,
      party_size: answer.partySize,
      note: answer.note,
      updated_at: answer.updatedAt,
    };
    await this.db
      .insertInto('site_rsvps')
      .values({ project_id: projectId, user_id: userId, created_at: answer.updatedAt, ...values })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doUpdateSet(values))
      .execute();
  }
}

function toAnswer(row: {
  attending: number;
  party_size: number;
  note: string;
  updated_at: number;
}): RsvpAnswer {
  return {
    attending: Number(row.attending) === 1,
    partySize: Number(row.party_size),
    note: row.note,
    updatedAt: Number(row.updated_at),
  };
}
