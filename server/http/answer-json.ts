/**
 * The JSON of `/sdk/v1` answers: exactly what `JSON.stringify` writes, except that a shared
 * body (see `sharedBody`) is written once and its JSON reused. A session checked every few
 * seconds answers the same session and user bodies each time (`sessionBody` and `userBody`
 * share them while the stored rows are unchanged), and writing them was the larger part of
 * serializing its answer.
 */

/** The JSON of each shared body, made on its first answer. */
const sharedJson = new WeakMap<object, string>();
/** Bodies whose JSON may be reused: frozen, and nothing inside them changes either. */
const shared = new WeakSet<object>();

/**
 * Freezes `body` and lets answers reuse its JSON. Only for a body nothing inside of will ever
 * change (its nested objects are never written to after it is made).
 */
export function sharedBody<T extends object>(body: T): Readonly<T> {
  shared.add(Object.freeze(body));
  return body;
}

/**
 * The shared body (see `sharedBody`) of each frozen record, made by `make` on the record's first
 * answer. A record that is not frozen may still change: it gets a body of its own each time.
 */
export class SharedBodies<R extends object, B extends object> {
  readonly #bodies = new WeakMap<R, B>();

  constructor(private readonly make: (record: R) => B) {}

  /** The body of `record`. */
  of(record: R): B {
    if (!Object.isFrozen(record)) return this.make(record);
    let body = this.#bodies.get(record);
    if (!body) {
      body = sharedBody(this.make(record));
      this.#bodies.set(record, body);
    }
    return body;
  }
}

/** `JSON.stringify(payload)`, byte for byte, with shared bodies' JSON made once each. */
export function answerJson(payload: unknown): string {
  return isPlainObject(payload) ? objectJson(payload, ENVELOPE_DEPTH) : JSON.stringify(payload);
}

/** How deep shared bodies are looked for: in an envelope's `data` (the answer, then `data`). */
const ENVELOPE_DEPTH = 1;

function valueJson(value: unknown, depth: number): string | undefined {
  if (value !== null && typeof value === 'object') {
    if (shared.has(value)) {
      let json = sharedJson.get(value);
      if (json === undefined) {
        json = JSON.stringify(value);
        sharedJson.set(value, json);
      }
      return json;
    }
    if (depth > 0 && isPlainObject(value)) return objectJson(value, depth - 1);
  }
  // `undefined` for what JSON.stringify leaves out of an object (undefined, functions, symbols).
  return JSON.stringify(value) as string | undefined;
}

function objectJson(object: Record<string, unknown>, depth: number): string {
  let json = '';
  for (const key of Object.keys(object)) {
    const value = valueJson(object[key], depth);
    if (value === undefined) continue;
    json += `${json === '' ? '{' : ','}${JSON.stringify(key)}:${value}`;
  }
  return json === '' ? '{}' : `${json}}`;
}

/** An object literal's kind of object, without a `toJSON` of its own to call. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return (
    (prototype === Object.prototype || prototype === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}
