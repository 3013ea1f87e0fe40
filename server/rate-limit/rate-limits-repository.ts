/** Fixed-window hit counters, shared by every server process on the same database. */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type Executor, prepare } from '../db/prepared.js';
import { purgeBefore } from '../db/purge.js';

/** The state of a bucket after a hit. */
export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends (epoch ms). */
  resetAt: number;
}

/** Reads and writes rate-limit buckets. */
export class RateLimitsRepository {
  readonly #hit;
  readonly #peek;

  constructor(private readonly db: Db) {
    this.#peek = prepare(db, (a: { bucket: string }) =>
      db.selectFrom('rate_limits').select(['hits', 'window_start']).where('bucket', '=', a.bucket),
    );
    this.#hit = prepare(db, (a: { bucket: string; now: number; windowEndedBefore: number }) =>
      db
        .insertInto('rate_limits')
        .values({ bucket: a.bucket, window_start: a.now, hits: 1 })
        .onConflict((oc) =>
          oc.column('bucket').doUpdateSet((eb) => {
            const ended = eb('rate_limits.window_start', '<=', a.windowEndedBefore);
            return {
              hits: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb('rate_limits.hits', '+', 1))
                .end(),
              window_start: eb
                .case()
                .when(ended)
                .then(a.now)
                .else(eb.ref('rate_limits.window_start'))
                .end(),
            };
          }),
        )
        .returning(['hits', 'window_start']),
    );
  }

  /**
   * Counts one hit in `bucket`, atomically, starting a new window when the last one ended
   * (inside the transaction `on` when given).
   */
  async hit(bucket: string, now: number, windowMs: number, on?: Executor): Promise<RateLimitHit> {
    const row = await this.#hit.first({ bucket, now, windowEndedBefore: now - windowMs }, on);
    return {
      hits: Number(row?.hits ?? 1),
      resetAt: Number(row?.window_start ?? now) + windowMs,
    };
  }

  /** The bucket's hits in its current window, without counting one (0 when its window ended). */
  async peek(bucket: string, now: number, windowMs: number, on?: Executor): Promise<RateLimitHit> {
    const row = await this.#peek.first({ bucket }, on);
    if (!row || Number(row.window_start) <= now - windowMs) return { hits: 0, resetAt: now };
    return { hits: Number(row.hits), resetAt: Number(row.window_start) + windowMs };
  }

  /**
   * Deletes buckets whose window started before `before` (every bucket, or those whose name
   * starts with `prefix`).
   */
  async purge(before: number, prefix?: string): Promise<number> {
    return purgeBefore(this.db, {
      table: 'rate_limits',
      column: 'window_start',
      before,
      ...(prefix ? { where: sql`bucket LIKE ${`${prefix}%`}` } : {}),
    });
  }
}
