/**
 * `POST /events`: telemetry batches from the widget and from Stytch's SDK.
 * Counted per project, event name and day, for the events the clients really send; whatever
 * else a batch holds is not stored. Anyone may post here, so what it can cost is bounded: a
 * body of at most 32 KiB, 15 events a batch, a limit per client address and one per project,
 * and the tallies are kept 90 days (`TELEMETRY_RETENTION_DAYS`). A refusal (`429`, `413`) never
 * breaks a sign-in: the widget and Stytch's SDK send telemetry without waiting or retrying.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBasicAuth } from '../http/basic-auth.js';
import { envelope } from '../http/envelope.js';
import { assertOriginAllowed, type ProjectDirectory } from '../http/sdk-auth.js';
import type { RateLimit } from '../projects/project-settings.js';
import type { Project } from '../projects/projects-repository.js';
import { clientKey } from '../rate-limit/client-key.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { Store } from '../store.js';

/** The most events one batch may count: the spec's (and Stytch's SDK's) batch size. */
export const MAX_EVENTS_PER_BATCH = 15;
/** The largest body, in bytes: twice a full batch of Stytch's SDK events with error fields (14 KiB). */
export const EVENTS_BODY_LIMIT_BYTES = 32 * 1024;
/**
 * Batches one client address may have counted. A guest's visit sends one to three, so a room of
 * guests behind one Wi-Fi is counted in full up to some twenty visits in 15 minutes.
 */
export const EVENTS_LIMIT_PER_CLIENT: RateLimit = { max: 60, windowMinutes: 15 };
/**
 * Batches counted for one project from all addresses together. It also bounds what new
 * addresses can write: a client address's counter is only made for a batch within this limit.
 */
export const EVENTS_LIMIT_PER_PROJECT: RateLimit = { max: 600, windowMinutes: 15 };

/**
 * The event names counted: the widget's (spec: `render_login_screen`, `email_sent`,
 * `email_try_again_clicked`) and the others Stytch's consumer SDK (`@stytch/vanilla-js` 6.3.0)
 * logs. Any other name is not stored, so no batch adds a row of its own choosing.
 */
export const TELEMETRY_EVENT_NAMES: ReadonlySet<string> = new Set([
  'render_login_screen',
  'email_sent',
  'email_try_again_clicked',
  'sdk_instance_instantiated',
  'render_idp_screen',
  'start_oauth_flow',
]);

/** One event to count: its name, and the public token it names, if any. */
interface CountedEvent {
  name: string;
  publicToken: string | undefined;
}

/**
 * The events of a batch to count: `{events: [...]}` or a bare array (Stytch's SDK), each
 * `{telemetry, event: {public_token?, event_name, details}}` or a bare `{event_name}`, among
 * the first `MAX_EVENTS_PER_BATCH`, whose name is one of `TELEMETRY_EVENT_NAMES`.
 */
export function readEvents(body: unknown): CountedEvent[] {
  const events: CountedEvent[] = [];
  for (const event of batchOf(body).slice(0, MAX_EVENTS_PER_BATCH)) {
    const counted = countedEvent(event);
    if (counted) events.push(counted);
  }
  return events;
}

/** A batch's list of events: `{events: [...]}` or a bare array; empty for anything else. */
function batchOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return [];
  const { events } = body as { events?: unknown };
  return Array.isArray(events) ? events : [];
}

/**
 * One event of a batch as counted: `{telemetry, event: {public_token?, event_name}}` or a bare
 * `{event_name}`; `undefined` for anything else, or a name not among `TELEMETRY_EVENT_NAMES`.
 */
function countedEvent(event: unknown): CountedEvent | undefined {
  if (typeof event !== 'object' || event === null) return undefined;
  const record = event as Record<string, unknown>;
  const inner = record.event;
  const source =
    typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : record;
  const name = source.event_name ?? source.name;
  if (typeof name !== 'string' || !TELEMETRY_EVENT_NAMES.has(name)) return undefined;
  const token = source.public_token;
  return {
    name,
    publicToken: typeof token === 'string' && token.length <= 200 ? token : undefined,
  };
}

/** What the telemetry route needs. */
export interface EventRoutesDeps {
  store: Store;
  projects: ProjectDirectory;
  limiter: RateLimiter;
  /** The server secret, which keys client addresses (see `clientKey`). */
  secret: string;
  ownOrigin: string;
  clock: () => number;
}

/**
 * Registers the telemetry route, in its own scope with a body parser that never fails. It
 * takes no authentication, as Stytch's SDK sends none here: each event names its project's
 * public token (the Basic auth's project, when sent, stands for events that name none), and
 * an event whose project is unknown, or does not authorize the calling page, is not counted.
 */
export async function eventRoutes(app: FastifyInstance, deps: EventRoutesDeps): Promise<void> {
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

  app.post(
    '/events',
    { config: { auth: 'none', checks: 'nothing' }, bodyLimit: EVENTS_BODY_LIMIT_BYTES },
    async (request) => {
      const client = `${BUCKET_PREFIX}client:${clientKey(deps.secret, request.ip)}`;
      // A read first: a client over its limit is refused without a write.
      await deps.limiter.check(client, EVENTS_LIMIT_PER_CLIENT, 'too_many_requests');
      const counts = countsOf(request, deps);
      // Nothing to count writes nothing, not even a counter.
      if (counts.length === 0) return envelope(request, { accepted: 0 });
      // The project's limit before the client's: a refused batch makes no counter for a new
      // address, so the counters made in a window are at most the project's limit.
      for (const projectId of new Set(counts.map((entry) => entry.projectId))) {
        await deps.limiter.hit(
          `${BUCKET_PREFIX}project:${projectId}`,
          EVENTS_LIMIT_PER_PROJECT,
          'too_many_requests',
        );
      }
      await deps.limiter.hit(client, EVENTS_LIMIT_PER_CLIENT, 'too_many_requests');
      return envelope(request, { accepted: await storeTallies(request, deps, counts) });
    },
  );
}

/** The start of the rate-limit buckets this route counts in. */
const BUCKET_PREFIX = 'events:';

/**
 * Housekeeping's part for telemetry: tallies past their retention go, and so do this route's
 * rate-limit counters once their window is over (rather than with the others, a week later), so
 * the counters abuse makes do not pile up.
 */
export async function eventsHousekeeping(store: Store, now: number): Promise<void> {
  const windowMs =
    Math.max(EVENTS_LIMIT_PER_CLIENT.windowMinutes, EVENTS_LIMIT_PER_PROJECT.windowMinutes) *
    60_000;
  await store.telemetry.purge(now);
  // A window that started `windowMs` ago or more is over (as `RateLimitsRepository.hit` sees it).
  await store.rateLimits.purge(now - windowMs + 1, BUCKET_PREFIX);
}

/** A tally to add: so many events of one name for one project. */
interface Tally {
  projectId: string;
  name: string;
  count: number;
}

/** The batch's events to count, as one tally per project and name. */
function countsOf(request: FastifyRequest, deps: EventRoutesDeps): Tally[] {
  const callerToken = parseBasicAuth(request.headers.authorization)?.publicToken;
  const counts = new Map<string, Tally>();
  for (const event of readEvents(request.body)) {
    const project = deps.projects.byPublicToken(event.publicToken ?? callerToken ?? '');
    if (!project || !originAllowed(request, project, deps.ownOrigin)) continue;
    const key = `${project.projectId} ${event.name}`;
    const entry = counts.get(key) ?? { projectId: project.projectId, name: event.name, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

/** Adds the tallies to today's; resolves to the events stored (a failure is logged, not thrown). */
async function storeTallies(request: FastifyRequest, deps: EventRoutesDeps, counts: Tally[]) {
  const day = new Date(deps.clock()).toISOString().slice(0, 10);
  let accepted = 0;
  try {
    for (const { projectId, name, count } of counts) {
      await deps.store.telemetry.count(projectId, name, day, count);
      accepted += count;
    }
  } catch (error) {
    request.log.warn({ err: error }, 'telemetry not stored');
  }
  return accepted;
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
