/**
 * The OAuth routes: `GET /public/oauth/{provider}/start`, `GET|POST
 * /public/oauth/{provider}/callback` (browser navigations: failures are error pages),
 * `POST /oauth/authenticate`, `POST /oauth/attach` and `DELETE /users/oauth/{id}`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { envelope } from '../../http/envelope.js';
import { projectOf, sessionOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import { formFieldParser } from '../../http/well-formed-text.js';
import { codeChallenge, codeVerifier } from '../../keys/pkce.js';
import type { Store } from '../../store.js';
import { signedInAnswer, userAgentOf } from '../sessions/index.js';
import { assertNotLastSignInMethod, userBody } from '../users/index.js';
import { oauthErrorPage } from './oauth-error-page.js';
import type { OAuthService } from './oauth-service.js';
import { oauthProviderType } from './oauth-user-part.js';
import { isPassableParam } from './provider-params.js';

interface StartQuery {
  public_token: string;
  code_challenge?: string;
  custom_scopes?: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  oauth_attach_token?: string;
  [providerParam: `provider_${string}`]: string;
}
interface AuthenticateBody {
  token: string;
  code_verifier?: string;
  session_duration_minutes?: number;
}

const providerParam = { type: 'string', pattern: '^[a-z][a-z0-9]{1,19}$' } as const;
const redirectUrl = { type: 'string', maxLength: 2048 } as const;

const startSchema = {
  params: { type: 'object', required: ['provider'], properties: { provider: providerParam } },
  querystring: {
    type: 'object',
    required: ['public_token'],
    additionalProperties: false,
    properties: {
      public_token: { type: 'string', minLength: 1, maxLength: 256 },
      // S256 of a verifier: 32 bytes as unpadded base64url.
      code_challenge: codeChallenge,
      custom_scopes: {
        type: 'string',
        maxLength: 2000,
        pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E ]*$',
      },
      login_redirect_url: redirectUrl,
      signup_redirect_url: redirectUrl,
      oauth_attach_token: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
    },
    patternProperties: {
      '^provider_[A-Za-z0-9_.-]{1,64}$': { type: 'string', maxLength: 512 },
    },
  },
} as const;

const callbackParams = {
  type: 'object',
  required: ['provider'],
  properties: { provider: providerParam },
} as const;

/** What the provider may send back: strings only, each bounded. */
const callbackFields = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: 8192 },
  maxProperties: 30,
} as const;

const authenticateSchema = {
  type: 'object',
  required: ['token'],
  properties: {
    token: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
    // RFC 7636: 43 to 128 unreserved characters.
    code_verifier: codeVerifier,
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

/** Sends the browser on, or shows the catalogue's error as a page. */
async function navigate(
  request: FastifyRequest,
  reply: FastifyReply,
  ownOrigin: string,
  target: () => Promise<URL>,
): Promise<FastifyReply> {
  let error: ApiError;
  try {
    const url = await target();
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
  } catch (caught) {
    if (!(caught instanceof ApiError)) {
      request.log.error({ err: caught }, 'oauth navigation failed');
      error = new ApiError('internal_server_error');
    } else {
      error = caught;
    }
  }
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(oauthErrorPage(error, request.id, ownOrigin));
}

/** Registers the OAuth routes. */
export function oauthRoutes(
  app: FastifyInstance,
  deps: { oauth: OAuthService; store: Store; ownOrigin: string },
): void {
  /** `GET /public/oauth/{provider}/start`: sends the browser to the provider. */
  app.get<{ Params: { provider: string }; Querystring: StartQuery }>(
    '/public/oauth/:provider/start',
    { schema: startSchema, config: { auth: 'none', checks: 'nothing' } },
    (request, reply) =>
      navigate(request, reply, deps.ownOrigin, () => {
        const query = request.query;
        const providerParams: Record<string, string> = {};
        for (const [key, value] of Object.entries(query)) {
          const name = key.slice('provider_'.length);
          if (key.startsWith('provider_') && isPassableParam(name)) providerParams[name] = value;
        }
        return deps.oauth.start({
          publicToken: query.public_token,
          provider: request.params.provider,
          codeChallenge: query.code_challenge,
          customScopes: query.custom_scopes,
          loginRedirectUrl: query.login_redirect_url,
          signupRedirectUrl: query.signup_redirect_url,
          providerParams,
          attachToken: query.oauth_attach_token,
          ip: request.ip,
        });
      }),
  );

  // The callback arrives as a GET, or (Apple, `response_mode=form_post`) as a form POST: its own
  // scope reads form bodies.
  app.register(async (scope) => {
    formFieldParser(scope);
    const callback = (
      request: FastifyRequest<{ Params: { provider: string } }>,
      reply: FastifyReply,
      params: Record<string, string>,
    ) =>
      navigate(request, reply, deps.ownOrigin, () =>
        deps.oauth.callback({ provider: request.params.provider, params, ip: request.ip }),
      );
    /** `GET /public/oauth/{provider}/callback`: the provider's redirect back. */
    scope.get<{ Params: { provider: string }; Querystring: Record<string, string> }>(
      '/public/oauth/:provider/callback',
      {
        schema: { params: callbackParams, querystring: callbackFields },
        config: { auth: 'none', checks: 'token' },
      },
      (request, reply) => callback(request, reply, request.query),
    );
    /** `POST /public/oauth/{provider}/callback`: the same, as a form post. */
    scope.post<{ Params: { provider: string }; Body: Record<string, string> }>(
      '/public/oauth/:provider/callback',
      {
        schema: { params: callbackParams, body: callbackFields },
        config: { auth: 'none', checks: 'token' },
      },
      (request, reply) => callback(request, reply, request.body),
    );
  });

  /** `POST /oauth/authenticate`: turns the redirect's token into a session. */
  app.post<{ Body: AuthenticateBody }>(
    '/oauth/authenticate',
    { schema: { body: authenticateSchema }, config: { checks: 'token' } },
    async (request) => {
      const result = await deps.oauth.authenticate({
        project: projectOf(request),
        token: request.body.token,
        codeVerifier: request.body.code_verifier,
        sessionDurationMinutes: request.body.session_duration_minutes,
        session: request.velvet?.session,
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      return signedInAnswer(request, deps.store.users, result.userId, result.issued, {
        provider_subject: result.providerSubject,
        provider_type: oauthProviderType(result.provider),
        provider_values: result.providerValues,
        oauth_user_registration_id: result.registrationId,
        reset_sessions: false,
      });
    },
  );

  /**
   * `POST /oauth/attach {provider}`: an `oauth_attach_token` for the session's user, which the same
   * provider's start (`oauth_attach_token=`) consumes to link the provider account to that user.
   */
  app.post<{ Body: { provider: string } }>(
    '/oauth/attach',
    {
      schema: {
        body: {
          type: 'object',
          required: ['provider'],
          properties: { provider: providerParam, ...s.sdkExtras },
        },
      },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const token = await deps.oauth.attach(
        projectOf(request),
        sessionOf(request).userId,
        request.body.provider,
      );
      return envelope(request, { oauth_attach_token: token });
    },
  );

  /** `DELETE /users/oauth/{id}`: removes one of the session user's provider accounts. */
  app.delete<{ Params: { id: string } }>(
    '/users/oauth/:id',
    {
      schema: { params: { type: 'object', required: ['id'], properties: { id: s.id } } },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const projectId = projectOf(request).projectId;
      const userId = sessionOf(request).userId;
      const before = await deps.store.users.findById(projectId, userId);
      if (before) assertNotLastSignInMethod(before, request.params.id);
      await deps.oauth.deleteRegistration(userId, request.params.id);
      const found = await deps.store.users.findById(projectId, userId);
      const user = found ? userBody(found) : {};
      // The user flat, as our clients read it, and as `__user`, where Stytch's SDK reads it.
      return envelope(request, { ...user, __user: user });
    },
  );
}
