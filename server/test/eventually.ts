/**
 * The one way the server tests wait: for a condition, with a limit generous enough for a loaded
 * machine (two cores shared with a second test run). A test never sleeps for a fixed time; it
 * waits until what it expects is true (a message sent in the background has reached the outbox,
 * a line has been logged), and fails with a message saying what never happened.
 */

/** How long a wait lasts before it fails: long, because a slow machine is not a bug. */
export const EVENTUALLY_TIMEOUT_MS = 90_000;

/** How often the condition is checked. */
const POLL_INTERVAL_MS = 10;

/**
 * Resolves once `condition` holds, checking it at once and then every 10 ms; rejects with
 * `never: <what>` after `timeoutMs` ({@link EVENTUALLY_TIMEOUT_MS} by default).
 */
export async function eventually(
  condition: () => boolean,
  what: string,
  timeoutMs = EVENTUALLY_TIMEOUT_MS,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/**
 * Resolves once the asynchronous `check` resolves to true (a server's answer, say), asking again
 * every 10 ms after each answer; rejects with `never: <what>` after `timeoutMs`.
 */
export async function eventuallyResolves(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = EVENTUALLY_TIMEOUT_MS,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
