/**
 * The persistent storage the library writes to: `localStorage` by default. Access is guarded,
 * because storage can be missing (server rendering) or throw (blocked cookies, full quota).
 */

/** The subset of the Web Storage API the library uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage that remembers nothing: used where `localStorage` is unavailable. */
const noStorage: KeyValueStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/** `localStorage` when the page has one, else a storage that keeps nothing. */
export function defaultStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Reading `localStorage` throws when the browser blocks site data.
  }
  return noStorage;
}

/** Reads and parses a JSON value, or `null` when it is absent, unreadable or not JSON. */
export function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** Writes `value` as JSON; a failing storage is ignored (the value just is not kept). */
export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage blocked: the in-memory state still holds.
  }
}

/** Removes a key; a failing storage is ignored. */
export function removeKey(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Storage blocked: nothing to remove.
  }
}
