/**
 * `POST /events`: telemetry batches from the widget and from Stytch's SDK.
 * Counted per project, event name and day; whatever the batch holds, the
 * answer is a success, so telemetry can never break a sign-in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Store } from '../db/store.js';
import { parseBasicAuth } from '../http/basic-auth.js';
import { envelope } from '../http/envelope.js';
import { assertOriginAllowed, type ProjectDirectory } from '../http/sdk-auth.js';
import type { Project } from '../projects/projects-repository.js';

/** The most events one batch may count. */
export const MAX_EVENTS_PER_BATCH = 100;
const EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** One valid event: its name, and the public token it names, if any. */
interface CountedEvent {
  name: string;
  publicToken: string | undefined;
}

/**
 * The valid events of a batch: `{events: [...]}` or a bare array (Stytch's SDK), each
 * `{telemetry, event: {public_token?, event_name, details}}` or a bare `{event_name}`.
 */
export function readEvents(body: unknown): CountedEvent[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' &&
        body !== null &&
        Array.isArray((body as { events?: unknown }).events)
      ? (body as { events: unknown[] }).events
      : [];
  const events: CountedEvent[] = [];
  for (const event of list.slice(0, MAX_EVENTS_PER_BATCH)) {
    if (typeof event !== 'object' || event === null) continue;
    const record = event as Record<string, unknown>;
    const inner = record.event;
    const source =
      typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : record;
    const name = source.event_name ?? source.name;
    if (typeof name !== 'string' || !EVENT_NAME.test(name)) continue;
    const token = source.public_token;
    events.push({
      name,
      publicToken: typeof token === 'string' && token.length <= 200 ? token : undefined,
    });
  }
  return events;
}

/**
 * Registers the telemetry route, in its own scope with a body parser that never fails. It
 * takes no authentication, as Stytch's SDK sends none here: each event names its project's
 * public token (the Basic auth's project, when sent, stands for events that name none), and
 * an event whose project is unknown, or does not authorize the calling page, is not counted.
 */
export async function eventRoutes(
  app: FastifyInstance,
  deps: { store: Store; projects: ProjectDirectory; ownOrigin: string; clock: () => number },
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

  app.post('/events', { config: { auth: 'none', checks: 'nothing' } }, async (request) => {
    const callerToken = parseBasicAuth(request.headers.authorization)?.publicToken;
    const counts = new Map<string, { projectId: string; name: string; count: number }>();
    for (const event of readEvents(request.body)) {
      const project = deps.projects.byPublicToken(event.publicToken ?? callerToken ?? '');
      if (!project || !originAllowed(request, project, deps.ownOrigin)) continue;
      const key = `${project.projectId} ${event.name}`;
      const entry = counts.get(key) ?? { projectId: project.projectId, name: event.name, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    const day = new Date(deps.clock()).toISOString().slice(0, 10);
    let accepted = 0;
    try {
      for (const { projectId, name, count } of counts.values()) {
        await deps.store.telemetry.count(projectId, name, day, count);
        accepted += count;
      }
    } catch (error) {
      request.log.warn({ err: error }, 'telemetry not stored');
    }
    return envelope(request, { accepted });
  });
}

/** Whether the calling page may speak for `project` (as `assertOriginAllowed`, without throwing). */
function originAllowed(request: FastifyRequest, project: Project, ownOrigin: string): boolean {
  try {
    assertOriginAllowed(request, project, ownOrigin);
    return true;
  } catch {
    return false;
  }
}
