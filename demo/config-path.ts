/**
 * Reading and writing one option of a configuration object by its path (`['otpOptions',
 * 'expirationMinutes']`), immutably: a write returns a new object and leaves the old one as it
 * was. Writing `undefined` removes the option, and any object it leaves empty.
 */

/** A JSON-like object. */
export type ConfigObject = Record<string, unknown>;

/** A path of keys into a configuration object. */
export type ConfigPath = readonly string[];

function isObject(value: unknown): value is ConfigObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `path`, or `undefined` when any step is missing. */
export function getAt(object: ConfigObject, path: ConfigPath): unknown {
  let current: unknown = object;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A copy of `object` with `value` at `path`; `undefined` removes it (and emptied parents). */
export function setAt(object: ConfigObject, path: ConfigPath, value: unknown): ConfigObject {
  const [key, ...rest] = path;
  if (key === undefined) return object;
  const copy: ConfigObject = { ...object };
  const next = rest.length === 0 ? value : setAt(asObject(object[key]), rest, value);
  if (next === undefined || (isObject(next) && Object.keys(next).length === 0)) delete copy[key];
  else copy[key] = next;
  return copy;
}

function asObject(value: unknown): ConfigObject {
  return isObject(value) ? value : {};
}

/**
 * A copy without empty strings, `undefined`s and the objects they leave empty: what a page
 * needs to write down. Arrays are kept as they are, even empty ones.
 */
export function pruned(object: ConfigObject): ConfigObject {
  const out: ConfigObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || value === '') continue;
    if (isObject(value)) {
      const inner = pruned(value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else {
      out[key] = value;
    }
  }
  return out;
}
