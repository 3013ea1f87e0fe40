/**
 * The audit log of the hosts' page (`site_audit`): one entry per change a host makes (who, what,
 * when), newest first, read a page at a time. Entries are written after the change they
 * describe and never changed; they hold what a host reads, never a code, a token or a session.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import './host-tables.js';

/** One entry as the page shows it. */
export interface AuditEntry {
  id: string;
  /** Epoch milliseconds. */
  at: number;
  /** The host who made the change (their phone number or email), or `command line`. */
  actor: string;
  action: string;
  summary: string;
}

/** Who made a change: a signed-in host, or the command line. */
export interface AuditActor {
  /** The host's user id; '' for the command line. */
  userId: string;
  /** As the log shows them. */
  label: string;
}

/** The actor of a change made with `npm run guests` (guests or hosts). */
export const COMMAND_LINE: AuditActor = { userId: '', label: 'command line' };

/** The longest summary kept; a longer one is cut with an ellipsis. */
const SUMMARY_MAX = 500;
/** Entries per page. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * An id that sorts as its time does: the time in base 36, fixed width, then randomness, so
 * `before` pages through entries written in the same millisecond too.
 */
function auditId(at: number): string {
  return `${at.toString(36).padStart(10, '0')}-${randomUUID()}`;
}

/** Writes and reads the audit log of one database. */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  /** Records that `actor` did `action` in `projectId`, described by `summary`. */
  async record(
    projectId: string,
    actor: AuditActor,
    action: string,
    summary: string,
  ): Promise<AuditEntry> {
    const at = this.clock();
    const line = summary.replace(/\s+/g, ' ').trim();
    const entry: AuditEntry = {
      id: auditId(at),
      at,
      actor: actor.label,
      action,
      summary: line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line,
    };
    await this.db
      .insertInto('site_audit')
      .values({
        audit_id: entry.id,
        project_id: projectId,
        at,
        user_id: actor.userId,
        actor: entry.actor,
        action,
        summary: entry.summary,
      })
      .execute();
    return entry;
  }

  /**
   * A page of `projectId`'s entries, newest first, older than the entry `before` when given;
   * `next` is the `before` of the following page, or null on the last.
   */
  async list(
    projectId: string,
    options: { before?: string; limit?: number } = {},
  ): Promise<{ entries: AuditEntry[]; next: string | null }> {
    const limit = Math.min(Math.max(options.limit ?? AUDIT_PAGE_SIZE, 1), 200);
    let query = this.db
      .selectFrom('site_audit')
      .select(['audit_id', 'at', 'actor', 'action', 'summary'])
      .where('project_id', '=', projectId);
    if (options.before) query = query.where('audit_id', '<', options.before);
    const rows = await query
      .orderBy('audit_id', 'desc')
      .limit(limit + 1)
      .execute();
    const entries = rows.slice(0, limit).map((row) => ({
      id: row.audit_id,
      at: Number(row.at),
      actor: row.actor,
      action: row.action,
      summary: row.summary,
    }));
    return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
  }
}
