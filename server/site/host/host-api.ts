/**
 * The hosts' API under `/host/api`: every route goes through one guard, so no route can forget
 * a rule.
 *
 * - Anyone but a signed-in host (`HostCheck`: anonymous, a stranger, an uninvited user, an
 *   invited guest) gets the same 404 as a path the server does not have, for every method,
 *   before the request is read any further: the routes do not even show they exist.
 * - A change (POST, PUT, PATCH, DELETE) must come from a page on the server's own origin
 *   (`Origin`, which browsers send on every such request; with the session cookie's
 *   `SameSite=Lax`, another site cannot make a host's browser change anything), with a body of
 *   one of the route's types (JSON unless the route takes an image): else 403 or 415.
 * - Each host has a rate limit (shared by every server on one database): 429 with `Retry-After`.
 * - A destructive change (removing a guest, adding or removing a host) needs a sign-in within
 *   the last `RECENT_SIGN_IN_MINUTES`: else 403 `recent_sign_in_required`, and the page asks
 *   the host to sign in again.
 * - Bad input is refused with 400 and a message (`HostInputError`), having written nothing.
 * - Every answer is `no-store` and varies by cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { ownOriginOf } from '../../http/cookie-session.js';
import type { RateLimit } from '../../projects/project-settings.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { AuditLog } from './audit-log.js';
import type { Host, HostCheck } from './host-check.js';

/** Where the hosts' API lives. */
export const HOST_API_PREFIX = '/host/api';
/** How recent a sign-in a destructive change needs, in minutes. */
export const RECENT_SIGN_IN_MINUTES = 10;
/** Requests per host: every request, and changes. */
export const HOST_RATE_LIMITS: { readonly all: RateLimit; readonly changes: RateLimit } = {
  all: { max: 600, windowMinutes: 10 },
  changes: { max: 120, windowMinutes: 10 },
};
/** The largest JSON body a host route takes unless it says otherwise (a 150-row CSV fits). */
const DEFAULT_BODY_LIMIT = 512 * 1024;

/** What a host route's handler gets. */
export interface HostContext {
  request: FastifyRequest;
  reply: FastifyReply;
  host: Host;
  /** Writes one audit entry by this host: `action` such as `guest.add`, a one-line summary. */
  audit(action: string, summary: string): Promise<void>;
}

/** How a host route differs from the defaults. */
export interface HostRouteOptions {
  /** Needs a sign-in within `RECENT_SIGN_IN_MINUTES`, else 403 `recent_sign_in_required`. */
  destructive?: boolean;
  /** The largest body, in bytes. */
  bodyLimit?: number;
  /** The body's accepted content types; `application/json` by default. */
  contentTypes?: readonly string[];
}

/** A host route's handler: what it resolves to is the JSON body (200), unless it sent one. */
export type HostHandler = (context: HostContext) => Promise<unknown>;

/** One registered route, for the access tests. */
export interface HostRouteEntry {
  readonly method: string;
  /** The full path, e.g. `/host/api/guests/:userId`. */
  readonly url: string;
  readonly destructive: boolean;
}

/** A problem with one field of a host's input. */
export interface InputProblem {
  /** Where, e.g. `schedule.days[1].events[0].starts`. */
  path: string;
  message: string;
}

/**
 * Bad input from a host: answered 400 (or `status`) with `{error, message, field?, problems?}`.
 * Throw it before writing anything.
 */
export class HostInputError extends Error {
  readonly field: string | undefined;
  readonly problems: readonly InputProblem[] | undefined;
  readonly status: number;
  readonly error: string;

  constructor(
    message: string,
    options: {
      field?: string;
      problems?: readonly InputProblem[];
      status?: number;
      error?: string;
    } = {},
  ) {
    super(message);
    this.name = 'HostInputError';
    this.field = options.field;
    this.problems = options.problems;
    this.status = options.status ?? 400;
    this.error = options.error ?? 'invalid_input';
  }
}

/** What the guard needs. */
export interface HostApiDeps {
  projectId: string;
  hosts: HostCheck;
  limiter: RateLimiter;
  audit: AuditLog;
  /** Epoch milliseconds. */
  clock: () => number;
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function answer(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The media type of a request's body, without parameters. */
function mediaType(request: FastifyRequest): string {
  return String(request.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() as string;
}

/** A request the guard refuses: its status, body and, for a rate limit, `Retry-After`. */
interface Refusal {
  status: number;
  body: Record<string, unknown>;
  retryAfter?: string;
}

/**
 * 403 for a change from another origin than the server's own (browsers send `Origin` on every
 * such request), 415 for a body of a type the route does not take.
 */
function changeRefusal(
  request: FastifyRequest,
  contentTypes: readonly string[],
): Refusal | undefined {
  if (request.headers.origin !== ownOriginOf(request)) {
    return {
      status: 403,
      body: { error: 'not_same_origin', message: 'Make changes from the hosts’ page itself.' },
    };
  }
  const length = request.headers['content-length'];
  const hasBody =
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
  if (hasBody && !contentTypes.includes(mediaType(request))) {
    return {
      status: 415,
      body: { error: 'unsupported_media_type', message: `Send ${contentTypes.join(' or ')}.` },
    };
  }
  return undefined;
}

/** The hosts' API: registers guarded routes on one Fastify scope. */
export class HostApi {
  readonly #routes: HostRouteEntry[] = [];
  readonly #app: FastifyInstance;
  readonly #deps: HostApiDeps;

  constructor(app: FastifyInstance, deps: HostApiDeps) {
    this.#app = app;
    this.#deps = deps;
  }

  /** Every registered route. */
  get routes(): readonly HostRouteEntry[] {
    return this.#routes;
  }

  /** A GET route at `path` (under `/host/api`). */
  get(path: string, handler: HostHandler, options?: HostRouteOptions): void {
    this.#route('GET', path, handler, options);
  }

  /** A POST route at `path` (under `/host/api`). */
  post(path: string, handler: HostHandler, options?: HostRouteOptions): void {
    this.#route('POST', path, handler, options);
  }

  /** A PUT route at `path` (under `/host/api`). */
  put(path: string, handler: HostHandler, options?: HostRouteOptions): void {
    this.#route('PUT', path, handler, options);
  }

  /** A PATCH route at `path` (under `/host/api`). */
  patch(path: string, handler: HostHandler, options?: HostRouteOptions): void {
    this.#route('PATCH', path, handler, options);
  }

  /** A DELETE route at `path` (under `/host/api`). */
  delete(path: string, handler: HostHandler, options?: HostRouteOptions): void {
    this.#route('DELETE', path, handler, options);
  }

  /** 429 when the host has used up a rate limit (every request, and changes). */
  async #rateRefusal(host: Host, change: boolean): Promise<Refusal | undefined> {
    const { limiter, projectId } = this.#deps;
    try {
      await limiter.hit(
        `host-api:user:${projectId}:${host.userId}`,
        HOST_RATE_LIMITS.all,
        'too_many_requests',
      );
      if (change) {
        await limiter.hit(
          `host-changes:user:${projectId}:${host.userId}`,
          HOST_RATE_LIMITS.changes,
          'too_many_requests',
        );
      }
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const retry = Number(error.extra.retry_after_seconds ?? 60);
      return {
        status: 429,
        retryAfter: String(retry),
        body: {
          error: 'too_many_requests',
          message: 'Too many requests from this host. Please wait a few minutes and try again.',
          retry_after_seconds: retry,
        },
      };
    }
  }

  /** 403 when the host's latest sign-in is not recent enough for a destructive change. */
  #recentRefusal(host: Host): Refusal | undefined {
    if (this.#deps.clock() - host.authenticatedAt <= RECENT_SIGN_IN_MINUTES * 60_000) {
      return undefined;
    }
    return {
      status: 403,
      body: {
        error: 'recent_sign_in_required',
        message: `To confirm it is you, sign in again: this change needs a sign-in within the last ${RECENT_SIGN_IN_MINUTES} minutes.`,
        max_age_minutes: RECENT_SIGN_IN_MINUTES,
      },
    };
  }

  #route(method: HTTPMethods, path: string, handler: HostHandler, options: HostRouteOptions = {}) {
    const url = `${HOST_API_PREFIX}${path}`;
    const destructive = options.destructive === true;
    const contentTypes = options.contentTypes ?? ['application/json'];
    this.#routes.push({ method, url, destructive });
    // A type Fastify cannot read (an image) arrives as its bytes, a Buffer; the guard runs first.
    for (const type of contentTypes) {
      if (this.#app.hasContentTypeParser(type)) continue;
      this.#app.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
    }
    this.#app.route({
      method,
      url,
      bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      // The guard runs before the body is read: a stranger's body is never parsed.
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store').header('vary', 'cookie');
        const host = await this.#deps.hosts.hostOf(request);
        if (!host) {
          reply.callNotFound();
          return reply;
        }
        request.velvetHost = host;
        const change = CHANGES.has(method);
        const refusal =
          (change ? changeRefusal(request, contentTypes) : undefined) ??
          (await this.#rateRefusal(host, change)) ??
          (destructive ? this.#recentRefusal(host) : undefined);
        if (refusal) {
          if (refusal.retryAfter !== undefined) reply.header('retry-after', refusal.retryAfter);
          return answer(reply, refusal.status, refusal.body);
        }
      },
      handler: async (request, reply) => {
        const host = request.velvetHost as Host;
        const context: HostContext = {
          request,
          reply,
          host,
          audit: async (action, summary) => {
            await this.#deps.audit.record(
              this.#deps.projectId,
              { userId: host.userId, label: host.identifier },
              action,
              summary,
            );
          },
        };
        try {
          const body = await handler(context);
          if (reply.sent) return reply;
          return body === undefined ? reply.code(204).send() : reply.send(body);
        } catch (error) {
          if (!(error instanceof HostInputError)) throw error;
          return answer(reply, error.status, {
            error: error.error,
            message: error.message,
            ...(error.field ? { field: error.field } : {}),
            ...(error.problems ? { problems: error.problems } : {}),
          });
        }
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in host of a host route, set by its guard. */
    velvetHost?: Host;
  }
}
