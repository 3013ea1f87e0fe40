/**
 * Sessions, found by the hash of their opaque token or by their id, each together with its
 * user in one query (the session check of every request is one round trip). The query reads
 * the user's own columns and its lists' version; the lists themselves are read again, in a
 * second query, only after they changed (see `UserListsMemo`).
 */
import { sql } from 'kysely';
import { changedRows, type Db } from '../../db/database.js';
import { type JsonObject, readJsonArray, readJsonObject } from '../../db/json-column.js';
import { type Executor, prepare } from '../../db/prepared.js';
import { clearBefore, purgeBefore } from '../../db/purge.js';
import { RecentMap } from '../../recent-map.js';
import {
  type UserListsMemo,
  type UserOwnRow,
  type UserRecord,
  userOwnColumnsSql,
} from '../users/index.js';
import type { SessionsTable } from './sessions-tables.js';

/** A stored session. The token itself is never stored: only its SHA-256. */
export interface SessionRecord {
  sessionId: string;
  projectId: string;
  userId: string;
  tokenHash: string;
  startedAt: number;
  lastAccessedAt: number;
  expiresAt: number;
  revokedAt: number | null;
  authenticationFactors: JsonObject[];
  attributes: { ip_address: string; user_agent: string };
  /**
   * The session's user as read with it, when the session was found (not after it was created).
   * It reflects the user at that read, so a route that changes the user reads it again.
   */
  user?: UserRecord;
}

/** The prefix of the user's own columns in a session row. */
const USER_PREFIX = 'u_';

/** A session row with its user's own columns under `USER_PREFIX` (see `userOwnColumnsSql`). */
type SessionWithUserRow = SessionsTable & { [K in keyof UserOwnRow as `u_${K}`]: UserOwnRow[K] };

/** How many sessions' last rows `RowMemo` keeps (the oldest go first). */
const ROW_MEMO_SIZE = 1_000;

/**
 * The record each session's row last read as, so that a session checked again with nothing
 * changed (the common case: a page asking every few seconds) costs the query but not the JSON
 * parsing, and the same frozen record lets `sessionBody`, `userBody` and the JWT reuse what they
 * made of it. The row is still read on every check: revocation and expiry are seen at once. The
 * row holds the user's own columns and its lists' version, not the lists: those come from
 * `UserListsMemo`, read again only when their version changed.
 */
class RowMemo {
  readonly #rows = new RecentMap<string, { row: SessionWithUserRow; record: SessionRecord }>(
    ROW_MEMO_SIZE,
  );

  constructor(private readonly lists: UserListsMemo) {}

  /**
   * The record of `row`: the one made before when the session's row has not changed, and
   * `undefined` when its user is gone since the row was read.
   */
  async recordOf(row: SessionWithUserRow): Promise<SessionRecord | undefined> {
    const known = this.#rows.get(row.session_id);
    if (known && sameRow(known.row, row)) return known.record;
    const user = await this.lists.userOf(row, USER_PREFIX);
    if (!user) return undefined;
    const record = toRecord(row);
    record.user = Object.freeze(user);
    Object.freeze(record);
    this.#rows.set(row.session_id, { row, record });
    return record;
  }
}

/** Whether two rows of one query hold the same values. */
function sameRow(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const column in right) if (left[column] !== right[column]) return false;
  return true;
}

function toRecord(row: SessionsTable): SessionRecord {
  const attributes = readJsonObject(row.attributes);
  return {
    sessionId: row.session_id,
    projectId: row.project_id,
    userId: row.user_id,
    tokenHash: row.token_hash,
    startedAt: Number(row.started_at),
    lastAccessedAt: Number(row.last_accessed_at),
    expiresAt: Number(row.expires_at),
    revokedAt: row.revoked_at == null ? null : Number(row.revoked_at),
    authenticationFactors: readJsonArray(row.authentication_factors) as JsonObject[],
    attributes: {
      ip_address: String(attributes.ip_address ?? ''),
      user_agent: String(attributes.user_agent ?? ''),
    },
  };
}

/** The `sessions` row of a new session (as `SessionsRepository.create` stores it). */
export function sessionRow(
  session: Omit<SessionRecord, 'revokedAt'>,
): Omit<SessionsTable, 'revoked_at'> {
  return {
    session_id: session.sessionId,
    project_id: session.projectId,
    user_id: session.userId,
    token_hash: session.tokenHash,
    started_at: session.startedAt,
    last_accessed_at: session.lastAccessedAt,
    expires_at: session.expiresAt,
    authentication_factors: JSON.stringify(session.authenticationFactors),
    attributes: JSON.stringify(session.attributes),
  };
}

/**
 * Reads and writes sessions. The lookups and writes of every request are prepared once. A found
 * session's record is frozen and may be the same object for several reads (see `RowMemo`).
 */
export class SessionsRepository {
  readonly #memo;
  readonly #byTokenHash;
  readonly #byId;
  readonly #touch;
  readonly #insert;

  constructor(
    private readonly db: Db,
    lists: UserListsMemo,
  ) {
    this.#memo = new RowMemo(lists);
    this.#insert = prepare(db, (a: Omit<SessionsTable, 'revoked_at'>) =>
      db.insertInto('sessions').values({
        session_id: a.session_id,
        project_id: a.project_id,
        user_id: a.user_id,
        token_hash: a.token_hash,
        started_at: a.started_at,
        last_accessed_at: a.last_accessed_at,
        expires_at: a.expires_at,
        revoked_at: null,
        authentication_factors: a.authentication_factors,
        attributes: a.attributes,
      }),
    );
    const withUser = sql.raw(
      `SELECT s.*, ${userOwnColumnsSql('u', USER_PREFIX)} ` +
        'FROM sessions s JOIN users u ON u.user_id = s.user_id',
    );
    this.#byTokenHash = prepare(
      db,
      (a: { tokenHash: string }) =>
        sql<SessionWithUserRow>`${withUser} WHERE s.token_hash = ${a.tokenHash}`,
    );
    this.#byId = prepare(
      db,
      (a: { sessionId: string }) =>
        sql<SessionWithUserRow>`${withUser} WHERE s.session_id = ${a.sessionId}`,
    );
    this.#touch = prepare(db, (a: { sessionId: string; now: number; expiresAt: number | null }) =>
      db
        .updateTable('sessions')
        .set((eb) => ({
          last_accessed_at: a.now,
          expires_at: eb.fn.coalesce(eb.val(a.expiresAt), 'expires_at'),
        }))
        .where('session_id', '=', a.sessionId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', a.now),
    );
  }

  /** Stores a new session (in the transaction `on` when given). */
  async create(session: Omit<SessionRecord, 'revokedAt'>, on?: Executor): Promise<void> {
    await this.#insert.run(sessionRow(session), on);
  }

  /** The session whose token hashes to `tokenHash`, with its user. */
  async findByTokenHash(tokenHash: string): Promise<SessionRecord | undefined> {
    const row = await this.#byTokenHash.first({ tokenHash });
    return row && (await this.#memo.recordOf(row));
  }

  /** The session with this id, with its user. */
  async findById(sessionId: string): Promise<SessionRecord | undefined> {
    const row = await this.#byId.first({ sessionId });
    return row && (await this.#memo.recordOf(row));
  }

  /** Records an access and, when given, a new expiry; only while the session is live. */
  async touch(sessionId: string, now: number, expiresAt?: number): Promise<boolean> {
    return (await this.#touch.run({ sessionId, now, expiresAt: expiresAt ?? null })) === 1;
  }

  /** Replaces the session's authentication factors. */
  async setFactors(sessionId: string, factors: JsonObject[]): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ authentication_factors: JSON.stringify(factors) })
      .where('session_id', '=', sessionId)
      .execute();
  }

  /** Revokes one session. Resolves to false when it was not live. */
  async revoke(sessionId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return changedRows(result) === 1;
  }

  /** Revokes every live session of a user; resolves to how many. */
  async revokeAllForUser(userId: string, now: number): Promise<number> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return changedRows(result);
  }

  /** Deletes the sessions that ended (expired or revoked) before `before`; resolves to how many. */
  async purgeEnded(before: number): Promise<number> {
    return (
      (await purgeBefore(this.db, { table: 'sessions', column: 'expires_at', before })) +
      (await purgeBefore(this.db, { table: 'sessions', column: 'revoked_at', before }))
    );
  }

  /**
   * Blanks the IP address and user agent of `projectId`'s sessions started before
   * `startedBefore`, live or not; resolves to how many sessions changed.
   */
  async forgetMetadata(projectId: string, startedBefore: number): Promise<number> {
    const blank = JSON.stringify(BLANK_ATTRIBUTES);
    return clearBefore(this.db, {
      table: 'sessions',
      column: 'started_at',
      before: startedBefore,
      set: sql`attributes = ${blank}`,
      where: sql`project_id = ${projectId} AND attributes <> ${blank}`,
    });
  }
}

/** A session's attributes once its metadata retention is over. */
const BLANK_ATTRIBUTES: SessionRecord['attributes'] = { ip_address: '', user_agent: '' };
