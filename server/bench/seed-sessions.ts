/**
 * Fills a bench database with live sessions of one user, written straight into the `sessions`
 * table in one statement (the API would take minutes for 100,000), so that the session check
 * can be measured against a large table.
 */
import { sql } from 'kysely';
import { openDatabase } from '../db/database.js';
import type { TestDatabase } from '../test/test-database.js';

/** Adds sessions numbered `from` to `to` (inclusive) to the user of `sessionId`. */
export async function seedSessions(
  database: TestDatabase,
  sessionId: string,
  from: number,
  to: number,
): Promise<void> {
  if (to < from) return;
  const { db, dialect, durable } = await openDatabase(database);
  try {
    const owner = await db
      .selectFrom('sessions')
      .select(['project_id', 'user_id', 'expires_at'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const columns = sql.raw(
      'session_id, project_id, user_id, token_hash, started_at, last_accessed_at, expires_at, ' +
        'revoked_at, authentication_factors, attributes',
    );
    const values = (n: ReturnType<typeof sql.raw>, hash: ReturnType<typeof sql.raw>) =>
      sql`SELECT 'session-bench-' || ${n}, CAST(${owner.project_id} AS TEXT),
        CAST(${owner.user_id} AS TEXT), ${hash}, CAST(${now} AS BIGINT), CAST(${now} AS BIGINT),
        CAST(${owner.expires_at} AS BIGINT), NULL, '[]', '{}'`;
    if (dialect === 'postgres') {
      await sql`INSERT INTO sessions (${columns})
        ${values(sql.raw('n'), sql.raw("lpad(n::text, 64, '0')"))}
        FROM generate_series(CAST(${from} AS BIGINT), CAST(${to} AS BIGINT)) AS n`.execute(db);
    } else {
      await sql`WITH RECURSIVE g(n) AS (SELECT CAST(${from} AS INTEGER) UNION ALL SELECT n + 1 FROM g WHERE n < ${to})
        INSERT INTO sessions (${columns})
        ${values(sql.raw('n'), sql.raw("printf('%064d', n)"))} FROM g`.execute(db);
    }
    await durable();
  } finally {
    await db.destroy();
  }
}
