/** Random identifiers for telemetry: a UUID behind a readable prefix. */

/** A random version 4 UUID (falls back to `getRandomValues` outside secure contexts). */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const groups = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20)];
  return [...groups, hex.slice(20)].join('-');
}

/** `prefix-` followed by a random UUID, e.g. `event-id-4f1c...`. */
export function prefixedId(prefix: string): string {
  return `${prefix}-${randomUuid()}`;
}
