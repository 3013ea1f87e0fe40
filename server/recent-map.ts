/**
 * A map that keeps the `limit` entries set most recently: setting a key makes it the newest, and
 * setting one past `limit` drops the oldest. For a process's memos, bounded in memory whatever
 * the traffic (sessions' rows and JWTs, users' lists).
 */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value set for `key`, if it is still kept. */
  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Sets `key` as the newest entry, dropping the oldest when over the limit. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.limit) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    this.#entries.delete(key);
  }
}
