/**
 * `POST /events`: the widget's telemetry batches. Counted per event name and
 * day; whatever the batch holds, the answer is a success, so telemetry can
 * never break a sign-in.
 */
import type { FastifyInstance } from 'fastify';
import { envelope } from '../http/envelope.js';
import { projectOf } from '../http/request-context.js';
import type { Store } from '../store/store.js';

/** The most events one batch may count. */
export const MAX_EVENTS_PER_BATCH = 100;
const EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** The valid event names of a batch (`{events: [...]}` or a bare array), with their counts. */
export function countEvents(body: unknown): Map<string, number> {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' &&
        body !== null &&
        Array.isArray((body as { events?: unknown }).events)
      ? (body as { events: unknown[] }).events
      : [];
  const counts = new Map<string, number>();
  for (const event of list.slice(0, MAX_EVENTS_PER_BATCH)) {
    if (typeof event !== 'object' || event === null) continue;
    // The client library sends `{telemetry, event: {event_name, details}}`; a bare event works too.
    const record = event as Record<string, unknown>;
    const inner = record.event;
    const source =
      typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : record;
    const name = source.event_name ?? source.name;
    if (typeof name !== 'string' || !EVENT_NAME.test(name)) continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/** Registers the telemetry route, in its own scope with a body parser that never fails. */
export async function eventRoutes(
  app: FastifyInstance,
  deps: { store: Store; clock: () => number },
): Promise<void> {
  const lenientJson = (
    _request: unknown,
    body: string | Buffer,
    done: (e: null, v: unknown) => void,
  ) => {
    try {
      done(null, JSON.parse(body.toString()));
    } catch {
      done(null, undefined);
    }
  };
  app.removeAllContentTypeParsers();
  // navigator.sendBeacon posts text/plain; both are read the same way.
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, lenientJson);
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.post('/events', async (request) => {
    const project = projectOf(request);
    const counts = countEvents(request.body);
    const day = new Date(deps.clock()).toISOString().slice(0, 10);
    let accepted = 0;
    try {
      for (const [name, count] of counts) {
        await deps.store.telemetry.count(project.projectId, name, day, count);
        accepted += count;
      }
    } catch (error) {
      request.log.warn({ err: error }, 'telemetry not stored');
    }
    return envelope(request, { accepted });
  });
}
