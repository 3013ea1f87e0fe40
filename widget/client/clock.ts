/**
 * Time as the library sees it. Everything that waits (background refresh, retry backoff,
 * telemetry flushes, focus throttling) goes through a {@link Clock}, so tests can pass a
 * fake one and move time by hand.
 */

/** An opaque timer handle: whatever the clock's `setTimeout` returned. */
export type TimerHandle = unknown;

/** The clock and scheduler the library runs on. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `callback` once after `delayMs`. */
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  /** Cancels a timer returned by {@link Clock.setTimeout}; unknown handles are ignored. */
  clearTimeout(handle: TimerHandle): void;
}

/** The real clock: `Date.now` and the global timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/** A source of random numbers in `[0, 1)`, like `Math.random`. Used for retry jitter. */
export type RandomSource = () => number;
