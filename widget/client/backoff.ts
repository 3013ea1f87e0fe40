/**
 * The retry schedule of a failed background refresh: 2000 ms doubled per attempt, moved by a
 * random jitter of plus or minus 175 ms, for at most 7 attempts in all.
 */

import type { RandomSource } from './clock.js';
import { REFRESH_BACKOFF_BASE_MS, REFRESH_JITTER_MS } from './constants.js';

/**
 * The wait after failed attempt number `attempt` (1-based) before the next one:
 * `2000 * 2^(attempt - 1)` plus an integer jitter in `[-175, +175]`.
 */
export function backoffDelay(attempt: number, random: RandomSource = Math.random): number {
  const base = REFRESH_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1);
  const jitter = Math.floor(random() * (2 * REFRESH_JITTER_MS + 1)) - REFRESH_JITTER_MS;
  return base + jitter;
}
