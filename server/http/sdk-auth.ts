/**
 * Authenticates `/sdk/v1` calls: HTTP Basic auth `public_token:secret`, where
 * the secret is the public token again or a session credential (opaque token
 * or session JWT), and the page's origin must be one the project authorized.
 * A page on the server's own origin in cookie mode (`cookie-session.ts`) sends
 * the public token only: its session is the server's `HttpOnly` cookie.
 */
import type { FastifyRequest } from 'fastify';
import type { SessionService } from '../products/sessions/index.js';
import type { Project } from '../projects/projects-repository.js';
import { ApiError } from './api-error.js';
import { type BasicCredentials, parseBasicAuth } from './basic-auth.js';
import { cookieSessionMode } from './cookie-session.js';
import type { RouteAuth, VelvetContext } from './request-context.js';
import { clearSessionCookie, readSessionCookie } from './session-cookie.js';

/** Finds projects by public token. */
export interface ProjectDirectory {
  byPublicToken(publicToken: string): Project | undefined;
}

/** Builds the `onRequest`-style hook that fills `request.velvet`. */
export function sdkAuthHook(options: {
  projects: ProjectDirectory;
  sessions: SessionService;
  /** The server's own origin: its pages may call every project. */
  ownOrigin: string;
}) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const auth: RouteAuth = request.routeOptions.config.auth ?? 'project';
    if (auth === 'none') return;
    const credentials = parseBasicAuth(request.headers.authorization);
    if (!credentials) {
      throw new ApiError(
        'unauthorized_credentials',
        'Send HTTP Basic auth: the public token, a colon, then the session token or the public token.',
      );
    }
    const project = options.projects.byPublicToken(credentials.publicToken);
    if (!project) throw new ApiError('invalid_public_token');
    assertOriginAllowed(request, project, options.ownOrigin);
    const velvet: VelvetContext = { project };
    request.velvet = velvet;
    await findSession(request, velvet, credentials, options.sessions);
    if (auth === 'session' && !velvet.session) throw new ApiError('user_unauthenticated');
  };
}

/**
 * The request's session, if any, into `velvet`: in cookie mode the one its cookie names (Basic
 * auth then carries the public token only), else the one the Basic secret names when it is not
 * the public token.
 */
async function findSession(
  request: FastifyRequest,
  velvet: VelvetContext,
  credentials: BasicCredentials,
  sessions: SessionService,
): Promise<void> {
  const mode = cookieSessionMode(request);
  if (mode) {
    velvet.cookieSession = mode;
    assertPublicTokenOnly(credentials);
    if (mode === 'cookie') await findCookieSession(request, velvet, sessions);
  } else if (credentials.secret !== credentials.publicToken) {
    velvet.session = await sessions.find(velvet.project, credentials.secret);
  }
}

/**
 * In cookie mode Basic auth names the project only: its secret is the public token (or empty).
 * @throws ApiError `unauthorized_credentials` when it carries a session credential
 */
function assertPublicTokenOnly(credentials: BasicCredentials): void {
  if (credentials.secret === credentials.publicToken || credentials.secret === '') return;
  throw new ApiError(
    'unauthorized_credentials',
    'With X-Velvet-Session the session is the cookie: send the public token as the Basic secret.',
  );
}

/**
 * Cookie mode's session: the one the `HttpOnly` cookie names, if the request carries the cookie.
 * A cookie naming no live session is refused as a stale token is (and the answer deletes it).
 */
async function findCookieSession(
  request: FastifyRequest,
  velvet: VelvetContext,
  sessions: SessionService,
): Promise<void> {
  const token = readSessionCookie(request);
  if (token === undefined) return;
  try {
    // Opaque tokens only: the server never writes a JWT into this cookie.
    if (token.length > 256 || token.includes('.')) throw new ApiError('session_not_found');
    velvet.session = await sessions.find(velvet.project, token);
    velvet.cookieToken = token;
  } catch (error) {
    if (error instanceof ApiError) clearSessionCookie(request);
    throw error;
  }
}

/** Whether a page on `origin` may call `project`: no origin (not a browser), ours, or listed. */
export function isOriginAllowed(
  origin: string | undefined,
  project: Project,
  ownOrigin: string,
): boolean {
  return (
    origin === undefined ||
    origin === ownOrigin ||
    project.settings.authorizedOrigins.includes(origin)
  );
}

/** How to authorize `origin` for a project, for the messages that refuse it. */
export function authorizeOriginHint(origin: string): string {
  return (
    `Add ${origin} to the project's authorizedOrigins in the server's config file ` +
    `(in development: VELVET_DEV_ORIGINS=${origin}).`
  );
}

/**
 * A browser names the page's origin; it must be the server's own or one of the
 * project's. Calls without `Origin` (servers, the command line) pass.
 * @throws ApiError `origin_not_allowed`, saying how to authorize the origin
 */
export function assertOriginAllowed(
  request: FastifyRequest,
  project: Project,
  ownOrigin: string,
): void {
  const origin = request.headers.origin;
  if (isOriginAllowed(origin, project, ownOrigin)) return;
  const shown = (origin ?? '').slice(0, 200);
  throw new ApiError(
    'origin_not_allowed',
    `The origin ${shown} is not on this project's list of authorized origins. ${authorizeOriginHint(shown)}`,
  );
}
