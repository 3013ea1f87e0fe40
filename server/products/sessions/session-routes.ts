/**
 * Sessions: `POST /sessions/authenticate`, `POST /sessions/revoke` and the
 * public keys at `GET /sessions/jwks/{project_id}`.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { callerSessionToken } from '../../http/basic-auth.js';
import { envelope } from '../../http/envelope.js';
import { projectOf, sessionOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { ProjectDirectory } from '../../http/sdk-auth.js';
import { clearSessionCookie } from '../../http/session-cookie.js';
import type { KeyRing } from '../../keys/key-ring.js';
import type { Store } from '../../store.js';
import { userBody } from '../users/index.js';
import { type SessionService, sessionBody } from './session-service.js';

/** Registers the session routes. */
export function sessionRoutes(
  app: FastifyInstance,
  deps: {
    sessions: SessionService;
    keys: KeyRing;
    store: Store;
    projects: ProjectDirectory & { byId(id: string): unknown };
  },
): void {
  /** `POST /sessions/authenticate`: checks the session, touches it, returns a fresh enough JWT. */
  app.post<{ Body: { session_duration_minutes?: number } }>(
    '/sessions/authenticate',
    {
      schema: {
        body: {
          type: 'object',
          properties: { session_duration_minutes: s.sessionDurationMinutes, ...s.sdkExtras },
        },
      },
      config: { auth: 'session', checks: 'session' },
    },
    async (request) => {
      const project = projectOf(request);
      const issued = await deps.sessions.touch(
        project,
        sessionOf(request),
        request.body.session_duration_minutes,
      );
      // The session's lookup read its user in the same query.
      const user =
        issued.record.user ??
        (await deps.store.users.findById(project.projectId, issued.record.userId));
      if (!user) throw new ApiError('session_not_found');
      return envelope(request, {
        session_token: callerSessionToken(request),
        session_jwt: issued.jwt,
        session: sessionBody(issued.record),
        user: userBody(user),
      });
    },
  );

  /** `POST /sessions/revoke`: ends the caller's session. */
  app.post(
    '/sessions/revoke',
    { config: { auth: 'session', checks: 'session' } },
    async (request) => {
      await deps.sessions.revoke(sessionOf(request));
      clearSessionCookie(request);
      return envelope(request, {});
    },
  );

  /**
   * `GET /sessions/jwks/{project_id}`: the keys that verify session JWTs. Public. A JWK Set
   * document (`keys` at the top, as JOSE libraries fetch it, and as Stytch's own JWKS answers),
   * not the SDK envelope.
   */
  app.get<{ Params: { project_id: string } }>(
    '/sessions/jwks/:project_id',
    {
      schema: { params: { type: 'object', properties: { project_id: s.id } } },
      config: { auth: 'none', checks: 'nothing' },
    },
    async (request, reply) => {
      if (!deps.projects.byId(request.params.project_id))
        throw new ApiError('not_found', 'There is no such project.');
      reply.header('cache-control', 'public, max-age=300');
      const { keys } = await deps.keys.jwks(request.params.project_id);
      return { request_id: request.id, status_code: 200, keys };
    },
  );
}
