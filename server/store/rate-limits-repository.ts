/** Fixed-window hit counters, shared by every server process on the same database. */
import type { Database } from './database.js';

/** The state of a bucket after a hit. */
export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends (epoch ms). */
  resetAt: number;
}

/** Reads and writes rate-limit buckets. */
export class RateLimitsRepository {
  constructor(private readonly db: Database) {}

  /** Counts one hit in `bucket`, atomically, starting a new window when the last one ended. */
  async hit(bucket: string, now: number, windowMs: number): Promise<RateLimitHit> {
    const windowEndedBefore = now - windowMs;
    const row = await this.db.get(
      `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?, ?, 1)
       ON CONFLICT (bucket) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.hits + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= ? THEN ? ELSE rate_limits.window_start END
       RETURNING hits, window_start`,
      [bucket, now, windowEndedBefore, windowEndedBefore, now],
    );
    return {
      hits: Number(row?.hits ?? 1),
      resetAt: Number(row?.window_start ?? now) + windowMs,
    };
  }

  /** Deletes buckets whose window ended before `before`. */
  async purge(before: number): Promise<number> {
    return this.db.run('DELETE FROM rate_limits WHERE window_start < ?', [before]);
  }
}
