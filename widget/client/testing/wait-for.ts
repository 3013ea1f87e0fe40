/**
 * The one way the browser tests wait: for a condition, with a limit generous enough for a
 * loaded CI machine (two cores shared with other work). A test never sleeps for a fixed time;
 * it waits until what it expects is true, and fails with a message saying what never happened.
 */

/** How long a wait lasts before it fails: long, because a slow machine is not a bug. */
export const WAIT_TIMEOUT_MS = 60_000;

/** How often the condition is checked. */
const POLL_INTERVAL_MS = 20;

/** Options of {@link waitFor}. */
export interface WaitOptions {
  /** Fails after this many milliseconds ({@link WAIT_TIMEOUT_MS} by default). */
  readonly timeout?: number;
}

/**
 * Resolves with the condition's first truthy value; checks it at once, then every 20 ms. Rejects
 * with `Timeout: <message>` after the limit; `message` may be a function, called then, so it can
 * show the state the test found (the text on screen, say). A condition that throws counts as
 * false.
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  message: string | (() => string),
  options: WaitOptions = {},
): Promise<NonNullable<T>> {
  const deadline = performance.now() + (options.timeout ?? WAIT_TIMEOUT_MS);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() >= deadline) {
      const text = typeof message === 'function' ? message() : message;
      throw new Error(`Timeout: ${text}`, lastError === undefined ? {} : { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
