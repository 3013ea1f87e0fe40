/**
 * The invitation's draft as the hosts' page edits it: plain JSON reached by paths
 * (`['schedule', 'days', 0, 'title']`), each change a new object along its path (the rest
 * shared), and the server's validation problems matched to the fields by path, whichever way
 * the path is written (`schedule.days.0.title`, `/schedule/days/0/title` or
 * `schedule.days[0].title`).
 */

/** Where a value is in the draft. */
export type DraftPath = readonly (string | number)[];

/** The value at `path` in `value`, or `undefined`. */
export function getAt(value: unknown, path: DraftPath): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/**
 * `value` with `next` at `path`: copies of the objects and arrays on the way, everything else
 * shared. `undefined` removes an object's key (an optional field left empty).
 */
export function setAt<T>(value: T, path: DraftPath, next: unknown): T {
  const [step, ...rest] = path;
  if (step === undefined) return next as T;
  const inner = rest.length === 0 ? next : setAt(getAt(value, [step]), rest, next);
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(step)] = inner;
    return copy as T;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (inner === undefined) delete copy[String(step)];
  else copy[String(step)] = inner;
  return copy as T;
}

/** The path's key, dotted: `schedule.days.0.title`. */
export function pathKey(path: DraftPath): string {
  return path.join('.');
}

/**
 * A problem's path from the server as a {@link pathKey}: a JSON pointer (`/faq/items/1`), dots
 * with brackets (`faq.items[1].answer`) or dots alone.
 */
export function problemKey(path: string): string {
  const pointer = path.startsWith('/');
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split(pointer ? '/' : '.')
    .filter((step) => step !== '')
    .map((step) => (pointer ? step.replaceAll('~1', '/').replaceAll('~0', '~') : step))
    .join('.');
}

/** The id of the field at `key` in the page. */
export function fieldId(key: string): string {
  return `content-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** `list` with the item at `from` moved to `to` (both within the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item === undefined || to < 0 || to > copy.length) return [...list];
  copy.splice(to, 0, item);
  return copy;
}
