/** A clock whose time only moves when a test says so. */

import type { Clock, TimerHandle } from '../clock.js';

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/** Lets the browser finish pending promise chains and response-body reads. */
export async function settle(rounds = 3): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await new Promise<void>((resolve) => globalThis.setTimeout(resolve, 0));
  }
}

/** A {@link Clock} for tests: `tick` runs due timers in order, settling between each. */
export class FakeClock implements Clock {
  private current: number;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  /** Starts at the party: 2025-07-26 18:00 UTC unless told otherwise. */
  constructor(start = Date.parse('2025-07-26T18:00:00.000Z')) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const id = this.nextId;
    this.nextId += 1;
    this.timers.set(id, { id, at: this.current + Math.max(0, delayMs), callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    if (typeof handle === 'number') this.timers.delete(handle);
  }

  /** How long from now each pending timer waits, soonest first. */
  pendingDelays(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.current).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  async tick(ms: number): Promise<void> {
    const end = this.current + ms;
    await settle();
    for (;;) {
      const due = [...this.timers.values()]
        .filter((timer) => timer.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers.delete(due.id);
      this.current = due.at;
      due.callback();
      await settle();
    }
    this.current = end;
    await settle();
  }
}
