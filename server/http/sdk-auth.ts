/**
 * Authenticates `/sdk/v1` calls: HTTP Basic auth `public_token:secret`, where
 * the secret is the public token again or a session credential (opaque token
 * or session JWT), and the page's origin must be one the project authorized.
 */
import type { FastifyRequest } from 'fastify';
import type { SessionService } from '../products/sessions/session-service.js';
import type { Project } from '../projects/projects-repository.js';
import { ApiError } from './api-error.js';
import { parseBasicAuth } from './basic-auth.js';
import type { RouteAuth } from './request-context.js';

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
    request.velvet = { project };
    if (credentials.secret !== credentials.publicToken) {
      request.velvet.session = await options.sessions.find(project, credentials.secret);
    }
    if (auth === 'session' && !request.velvet.session) throw new ApiError('user_unauthenticated');
  };
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
