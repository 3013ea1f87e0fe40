/** Rate limits over the shared counters: a limit reached answers 429 with `Retry-After`. */
import type { Executor } from '../db/prepared.js';
import { ApiError, type ErrorType } from '../http/api-error.js';
import type { RateLimit } from '../projects/project-settings.js';
import type { RateLimitHit, RateLimitsRepository } from './rate-limits-repository.js';

/** Told the name of the limit of each refusal (see `limitName`), for the metrics. */
export type RefusalObserver = (limit: string) => void;

/** The second parts of a bucket that name whom a limit counts (`otp-send:ip:…`). */
const COUNTED_BY = new Set(['ip', 'client', 'project']);

/**
 * The limit a bucket counts for, without whom it counts: `otp-send:ip:<project>:<address>` is
 * `otp-send:ip`, `events:client:<key>` is `events:client`, `sms-breaker:<project>` is
 * `sms-breaker`. Never an address, a destination or an id.
 */
export function limitName(bucket: string): string {
  const [name = '', by] = bucket.split(':', 2);
  return by !== undefined && COUNTED_BY.has(by) ? `${name}:${by}` : name;
}

/** Counts hits and refuses the ones over a limit. */
export class RateLimiter {
  constructor(
    private readonly repository: RateLimitsRepository,
    private readonly clock: () => number,
    /** Told of each refusal, this limiter's and its callers' (see `noteRefusal`). */
    private readonly onRefusal: RefusalObserver = () => undefined,
  ) {}

  /**
   * Notes a refusal by the limit `limit` (a name such as `otp-send:destination`, never whom it
   * counts): for a caller that refuses on counts of its own (`countSend`, the text breaker).
   */
  noteRefusal(limit: string): void {
    this.onRefusal(limit);
  }

  /**
   * Counts one hit in `bucket` (in the transaction `on` when given).
   * @throws ApiError of `errorType` with `retry_after_seconds` when the hit is over `limit`.
   */
  async hit(bucket: string, limit: RateLimit, errorType: ErrorType, on?: Executor): Promise<void> {
    const now = this.clock();
    const windowMs = limit.windowMinutes * 60_000;
    const { hits, resetAt } = await this.repository.hit(bucket, now, windowMs, on);
    if (hits > limit.max) {
      this.onRefusal(limitName(bucket));
      throw limited(errorType, resetAt, now);
    }
  }

  /**
   * Refuses, as `hit` would, when `bucket` has used up its limit, without counting a hit: a
   * read only, so a client that is refused writes nothing.
   * @throws ApiError of `errorType` with `retry_after_seconds` when no hit is left.
   */
  async check(bucket: string, limit: RateLimit, errorType: ErrorType): Promise<void> {
    const now = this.clock();
    const { hits, resetAt } = await this.repository.peek(bucket, now, limit.windowMinutes * 60_000);
    if (hits >= limit.max) {
      this.onRefusal(limitName(bucket));
      throw limited(errorType, resetAt, now);
    }
  }

  /**
   * Counts one hit in `bucket` and resolves to the bucket after it; never refuses. `on` is a
   * transaction to count it in.
   */
  async count(bucket: string, limit: RateLimit, on?: Executor): Promise<RateLimitHit> {
    return this.repository.hit(bucket, this.clock(), limit.windowMinutes * 60_000, on);
  }

  /** The limiter's clock (epoch ms), for a caller that says when a window ends. */
  now(): number {
    return this.clock();
  }

  /** The hits `bucket` holds in its current window, without counting one. */
  async peek(bucket: string, limit: RateLimit, on?: Executor): Promise<RateLimitHit> {
    return this.repository.peek(bucket, this.clock(), limit.windowMinutes * 60_000, on);
  }
}

/** The refusal of a hit over its limit, with the seconds until the window ends. */
function limited(errorType: ErrorType, resetAt: number, now: number): ApiError {
  return new ApiError(errorType, undefined, {
    retry_after_seconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  });
}
