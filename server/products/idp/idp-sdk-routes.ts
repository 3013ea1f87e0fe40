/**
 * The identity provider's SDK endpoints, in Stytch's wire format: `POST /oauth/authorize/start`
 * (the consent screen's preflight), `POST /oauth/authorize` (its decision),
 * `POST /oauth/logout/start` (the logout screen's preflight), and the user's connected apps:
 * `GET /users/connected_apps` and `POST /users/connected_apps/{id}/revoke`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { envelope } from '../../http/envelope.js';
import { projectOf, sessionOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import { codeChallenge } from '../../keys/pkce.js';
import type { Store } from '../../store.js';
import { assertNotImpersonated } from '../sessions/index.js';
import { userBody } from '../users/index.js';
import type { AuthorizeParams, IdpService } from './idp-service.js';

const url = { type: 'string', minLength: 1, maxLength: 2048 } as const;
const clientId = { type: 'string', minLength: 1, maxLength: 128 } as const;
const opaque = { type: 'string', maxLength: 512 } as const;

const authorizeProperties = {
  client_id: clientId,
  redirect_uri: url,
  response_type: { type: 'string', minLength: 1, maxLength: 64 },
  scopes: {
    type: 'array',
    maxItems: 50,
    items: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$',
    },
  },
  prompt: { type: 'string', maxLength: 64 },
  max_age: { type: 'integer', minimum: 0, maximum: 9_999_999_999 },
  auth_after: { type: 'integer', minimum: 0, maximum: 9_999_999_999 },
  ...s.sdkExtras,
} as const;

const startSchema = {
  type: 'object',
  required: ['client_id', 'redirect_uri', 'response_type', 'scopes'],
  properties: authorizeProperties,
} as const;

const authorizeSchema = {
  type: 'object',
  required: ['client_id', 'redirect_uri', 'response_type', 'scopes', 'consent_granted'],
  properties: {
    ...authorizeProperties,
    consent_granted: { type: 'boolean' },
    state: opaque,
    nonce: opaque,
    code_challenge: codeChallenge,
    code_challenge_method: { type: 'string', maxLength: 16 },
  },
} as const;

/** `client_id`, or an `id_token_hint` whose `aud` names the client (RP-Initiated Logout 1.0). */
const logoutSchema = {
  type: 'object',
  required: ['post_logout_redirect_uri'],
  anyOf: [{ required: ['client_id'] }, { required: ['id_token_hint'] }],
  properties: {
    client_id: clientId,
    post_logout_redirect_uri: url,
    state: opaque,
    id_token_hint: { type: 'string', maxLength: 8192 },
    ...s.sdkExtras,
  },
} as const;

/** Registers the SDK routes. */
export function idpSdkRoutes(app: FastifyInstance, deps: { idp: IdpService; store: Store }): void {
  /**
   * `POST /oauth/authorize/start` (and `/idp/oauth/authorize/start`): the application, whether
   * the user must consent, and each requested scope. The client and redirect URI are checked before the session, so a page
   * learns of a bad request before it asks anyone to sign in.
   */
  const start = async (request: FastifyRequest<{ Body: AuthorizeParams }>) => {
    const project = projectOf(request);
    const client = deps.idp.client(project, request.body.client_id);
    deps.idp.checkRedirect(client, request.body.redirect_uri);
    const session = sessionOf(request);
    const answer = await deps.idp.authorizeStart(project, session, request.body);
    const user = await deps.store.users.findById(project.projectId, session.userId);
    if (!user) throw new ApiError('session_not_found');
    return envelope(request, { user_id: session.userId, user: userBody(user), ...answer });
  };
  app.post<{ Body: AuthorizeParams }>(
    '/oauth/authorize/start',
    { schema: { body: startSchema }, config: { checks: 'session' } },
    start,
  );
  // The path Stytch's SDK (6.x) calls for the same preflight.
  app.post<{ Body: AuthorizeParams }>(
    '/idp/oauth/authorize/start',
    { schema: { body: startSchema }, config: { checks: 'session' } },
    start,
  );

  /**
   * `POST /oauth/authorize`: the user's decision; the answer is where to send the browser. Only
   * the user's own session decides: an impersonated one is refused (its grant and tokens would
   * outlive the impersonation's hour).
   */
  // `/idp/oauth/authorize/submit` is the path Stytch's SDK (6.x) calls for the same decision.
  for (const path of ['/oauth/authorize', '/idp/oauth/authorize/submit']) {
    app.post<{ Body: AuthorizeParams & { consent_granted: boolean } }>(
      path,
      { schema: { body: authorizeSchema }, config: { auth: 'session', checks: 'session' } },
      async (request) => {
        const session = sessionOf(request);
        assertNotImpersonated(
          session,
          'An impersonated session cannot grant an application access to the account.',
        );
        return envelope(
          request,
          await deps.idp.authorize(projectOf(request), session, request.body),
        );
      },
    );
  }

  /** `POST /oauth/logout/start`: where the logout returns to, and whether to confirm it. */
  app.post<{
    Body: {
      client_id?: string;
      post_logout_redirect_uri: string;
      state?: string;
      id_token_hint?: string;
    };
  }>(
    '/oauth/logout/start',
    { schema: { body: logoutSchema }, config: { checks: 'token' } },
    async (request) =>
      envelope(
        request,
        await deps.idp.logoutStart(projectOf(request), request.velvet?.session, request.body),
      ),
  );

  /** `GET /users/connected_apps`: the applications the session's user granted access to. */
  app.get(
    '/users/connected_apps',
    { config: { auth: 'session', checks: 'session' } },
    async (request) =>
      envelope(request, {
        connected_apps: await deps.idp.connectedApps(projectOf(request), sessionOf(request).userId),
      }),
  );

  /** `POST /users/connected_apps/{id}/revoke`: withdraws access; the app's tokens stop working. */
  app.post<{ Params: { id: string } }>(
    '/users/connected_apps/:id/revoke',
    {
      schema: { params: { type: 'object', required: ['id'], properties: { id: clientId } } },
      config: { auth: 'session', checks: 'session' },
    },
    async (request) => {
      await deps.idp.revokeConnectedApp(
        projectOf(request),
        sessionOf(request).userId,
        request.params.id,
      );
      return envelope(request, {});
    },
  );
}
