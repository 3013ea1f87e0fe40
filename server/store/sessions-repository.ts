/** Sessions, found by the hash of their opaque token or by their id. */
import type { Database } from './database.js';
import { type JsonObject, readJsonArray, readJsonObject } from './json-column.js';

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
}

function toRecord(row: Record<string, unknown>): SessionRecord {
  const attributes = readJsonObject(row.attributes);
  return {
    sessionId: String(row.session_id),
    projectId: String(row.project_id),
    userId: String(row.user_id),
    tokenHash: String(row.token_hash),
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

/** Reads and writes sessions. */
export class SessionsRepository {
  constructor(private readonly db: Database) {}

  async create(session: Omit<SessionRecord, 'revokedAt'>): Promise<void> {
    await this.db.run(
      `INSERT INTO sessions (session_id, project_id, user_id, token_hash, started_at,
         last_accessed_at, expires_at, revoked_at, authentication_factors, attributes)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
      [
        session.sessionId,
        session.projectId,
        session.userId,
        session.tokenHash,
        session.startedAt,
        session.lastAccessedAt,
        session.expiresAt,
        JSON.stringify(session.authenticationFactors),
        JSON.stringify(session.attributes),
      ],
    );
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | undefined> {
    const row = await this.db.get('SELECT * FROM sessions WHERE token_hash = ?', [tokenHash]);
    return row && toRecord(row);
  }

  async findById(sessionId: string): Promise<SessionRecord | undefined> {
    const row = await this.db.get('SELECT * FROM sessions WHERE session_id = ?', [sessionId]);
    return row && toRecord(row);
  }

  /** Records an access and, when given, a new expiry; only while the session is live. */
  async touch(sessionId: string, now: number, expiresAt?: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE sessions SET last_accessed_at = ?, expires_at = COALESCE(?, expires_at)
       WHERE session_id = ? AND revoked_at IS NULL AND expires_at > ?`,
      [now, expiresAt ?? null, sessionId, now],
    );
    return changed === 1;
  }

  /** Replaces the session's authentication factors. */
  async setFactors(sessionId: string, factors: JsonObject[]): Promise<void> {
    await this.db.run('UPDATE sessions SET authentication_factors = ? WHERE session_id = ?', [
      JSON.stringify(factors),
      sessionId,
    ]);
  }

  /** Revokes one session. Resolves to false when it was not live. */
  async revoke(sessionId: string, now: number): Promise<boolean> {
    const changed = await this.db.run(
      'UPDATE sessions SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL',
      [now, sessionId],
    );
    return changed === 1;
  }

  /** Revokes every live session of a user; resolves to how many. */
  async revokeAllForUser(userId: string, now: number): Promise<number> {
    return this.db.run(
      'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
      [now, userId],
    );
  }
}
