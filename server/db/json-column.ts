/** JSON kept in `TEXT` columns. */

/** A JSON object as stored in metadata columns. */
export type JsonObject = Record<string, unknown>;

/** Parses a `TEXT` column holding a JSON object; anything else reads as `{}`. */
export function readJsonObject(value: unknown): JsonObject {
  if (typeof value !== 'string' || value === '{}') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : {};
  } catch {
    return {};
  }
}

/** Parses a `TEXT` column holding a JSON array; anything else reads as `[]`. */
export function readJsonArray(value: unknown): unknown[] {
  // Most of a user's lists are empty: no parse for those.
  if (typeof value !== 'string' || value === '[]') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
