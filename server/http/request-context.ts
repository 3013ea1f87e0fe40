/**
 * What the auth hook learns about a `/sdk/v1` request: its project and, when
 * the Basic secret is a session credential, its live session.
 */
import type { FastifyRequest } from 'fastify';
import type { SessionRecord } from '../products/sessions/index.js';
import type { Project } from '../projects/projects-repository.js';
import { ApiError } from './api-error.js';
import type { CookieSessionMode } from './cookie-session.js';

/** How a route authenticates. */
export type RouteAuth =
  /** No Basic auth (JWKS, the bootstrap that names its token in the path). */
  | 'none'
  /** Basic auth with the public token; a session credential is read when present. */
  | 'project'
  /** Basic auth whose secret must be a live session. */
  | 'session';

/** The caller of a `/sdk/v1` request. */
export interface VelvetContext {
  project: Project;
  session?: SessionRecord;
  /** Set when the page asked for a cookie session (`X-Velvet-Session`): its answers hold no token. */
  cookieSession?: CookieSessionMode;
  /** The opaque token of the `HttpOnly` cookie that gave `session` (cookie mode only). */
  cookieToken?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    velvet?: VelvetContext;
  }
  interface FastifyContextConfig {
    /** How the route authenticates; `project` when unset. */
    auth?: RouteAuth;
  }
}

/** The request's project; the auth hook guarantees it on authenticated routes. */
export function projectOf(request: FastifyRequest): Project {
  if (!request.velvet) throw new Error('route has no project: is its auth "none"?');
  return request.velvet.project;
}

/**
 * The request's live session.
 * @throws ApiError `user_unauthenticated` when the caller sent none.
 */
export function sessionOf(request: FastifyRequest): SessionRecord {
  const session = request.velvet?.session;
  if (!session) throw new ApiError('user_unauthenticated');
  return session;
}
