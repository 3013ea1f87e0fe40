/**
 * The spec's data-fetching timings (section 9: "Data-fetching cache: dedupe 2 s, focus throttle
 * 5 s, retry interval 5 s (10 s on slow networks), loading timeout 3 s (5 s slow)"), for the
 * widget's reads that repeat as a guest types (the password strength check). The focus throttle
 * is the client library's (`FOCUS_REFRESH_THROTTLE_MS`). This module sits in the chunks of the
 * products that import it, never in the first render.
 */

/** The same read asked again within this long shares the first one's answer. */
export const CACHE_DEDUPE_MS = 2000;

/** A read that failed for want of the server is asked again after this long. */
export const RETRY_INTERVAL_MS = 5000;

/** {@link RETRY_INTERVAL_MS} on a slow network. */
export const SLOW_RETRY_INTERVAL_MS = 10_000;

/** A read without an answer after this long is shown as slow. */
export const LOADING_TIMEOUT_MS = 3000;

/** {@link LOADING_TIMEOUT_MS} on a slow network. */
export const SLOW_LOADING_TIMEOUT_MS = 5000;

/** What the timings read of the browser's network information (`navigator.connection`). */
export interface NetworkInformationLike {
  readonly effectiveType?: string;
  readonly saveData?: boolean;
}

/**
 * Whether the network is slow: a 2G (or slower) effective connection, or the guest asked to save
 * data. Browsers without the Network Information API count as fast.
 */
export function isSlowNetwork(
  connection: NetworkInformationLike | undefined = (
    globalThis.navigator as { connection?: NetworkInformationLike } | undefined
  )?.connection,
): boolean {
  const type = connection?.effectiveType;
  return type === 'slow-2g' || type === '2g' || connection?.saveData === true;
}

/** The retry interval for the network as it is (5 s, or 10 s when slow). */
export function retryIntervalMs(slow = isSlowNetwork()): number {
  return slow ? SLOW_RETRY_INTERVAL_MS : RETRY_INTERVAL_MS;
}

/** The loading timeout for the network as it is (3 s, or 5 s when slow). */
export function loadingTimeoutMs(slow = isSlowNetwork()): number {
  return slow ? SLOW_LOADING_TIMEOUT_MS : LOADING_TIMEOUT_MS;
}

/**
 * Answers kept by a key for {@link CACHE_DEDUPE_MS}: a read asked again with the same key
 * within that time (while the first is under way, or after it answered) gets the same promise
 * instead of a second request. A read that fails is forgotten at once, so the next ask is sent.
 */
export class DedupedReads<T> {
  private readonly recent = new Map<string, { readonly at: number; readonly answer: Promise<T> }>();
  private readonly now: () => number;

  /** `now` is the clock's (a fake one in tests). */
  constructor(now: () => number) {
    this.now = now;
  }

  /** The answer for `key`: a recent one, or `read()`'s. */
  get(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    for (const [known, entry] of this.recent) {
      if (now - entry.at >= CACHE_DEDUPE_MS) this.recent.delete(known);
    }
    const recent = this.recent.get(key);
    if (recent) return recent.answer;
    const entry = { at: now, answer: read() };
    this.recent.set(key, entry);
    entry.answer.catch(() => {
      if (this.recent.get(key) === entry) this.recent.delete(key);
    });
    return entry.answer;
  }
}
