/**
 * The standard endpoints a relying party uses, one issuer per project at
 * `{PUBLIC_URL}/oauth/{public_token}`: discovery (`/.well-known/openid-configuration`), the
 * authorization endpoint (the page hosting the consent screen), the token endpoint, userinfo,
 * the JWKS, the end-session endpoint (the page hosting the logout screen), revocation (RFC 7009)
 * and introspection (RFC 7662). Errors here are RFC 6749's `{error, error_description}`, not
 * the SDK's; userinfo's follow RFC 6750 (a request without a token gets a bare `Bearer` challenge).
 * The token endpoint, userinfo, revocation and introspection answer CORS for the origins the
 * project's clients register (`oidc-cors.ts`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { toApiError } from '../../http/error-handler.js';
import { readSessionCookie } from '../../http/session-cookie.js';
import { formEntries, textParser } from '../../http/well-formed-text.js';
import { type KeyRing, SIGNING_ALGORITHMS } from '../../keys/key-ring.js';
import type { Projects } from '../../projects/project-directory.js';
import type { Project } from '../../projects/projects-repository.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { SessionRecord, SessionService } from '../sessions/index.js';
import { AuthorizationEndpoint, PROMPT_VALUES } from './authorization-endpoint.js';
import { IDP_PAGE_CSS, idpPage } from './idp-page.js';
import { type ClientCredentials, type IdpService, issuerOf } from './idp-service.js';
import type { IdpClient } from './idp-settings.js';
import { STANDARD_SCOPES } from './idp-settings.js';
import { OAuthError } from './oauth-error.js';
import { oidcCors } from './oidc-cors.js';

/** Token requests per client IP address (codes and refreshes). */
const TOKEN_LIMIT = { max: 300, windowMinutes: 15 };

interface Deps {
  idp: IdpService;
  projects: Projects;
  keys: KeyRing;
  limiter: RateLimiter;
  sessions: SessionService;
  ownOrigin: string;
  clock: () => number;
}

type Params = { public_token: string };

/** The project the path names, or a 404. */
function projectFrom(projects: Projects, request: FastifyRequest<{ Params: Params }>): Project {
  const project = projects.byPublicToken(request.params.public_token);
  if (!project) throw new ApiError('not_found');
  return project;
}

/** Reads `application/x-www-form-urlencoded`; a parameter given twice is refused (RFC 6749 3.1). */
function parseForm(body: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of formEntries(body, 'body')) {
    if (Object.hasOwn(form, name)) {
      throw new OAuthError('invalid_request', `${name} is given more than once.`);
    }
    form[name] = value;
  }
  return form;
}

/** The client's credentials: HTTP Basic (`client_secret_basic`) or the form (`_post`, `none`). */
function clientCredentials(
  request: FastifyRequest,
  form: Record<string, string>,
): ClientCredentials | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials.');
    const decode = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));
    let clientId: string;
    let clientSecret: string;
    try {
      clientId = decode(decoded.slice(0, colon));
      clientSecret = decode(decoded.slice(colon + 1));
    } catch {
      throw new OAuthError('invalid_client', 'Malformed Basic credentials.');
    }
    if (form.client_secret !== undefined || (form.client_id && form.client_id !== clientId)) {
      throw new OAuthError('invalid_request', 'Use one client authentication method.');
    }
    return { clientId, clientSecret };
  }
  if (!form.client_id) return undefined;
  return {
    clientId: form.client_id,
    ...(form.client_secret !== undefined ? { clientSecret: form.client_secret } : {}),
  };
}

/** Whether `request` is for userinfo, a resource (RFC 6750) rather than the token endpoint. */
function isResource(request: FastifyRequest): boolean {
  return request.routeOptions.url?.endsWith('/userinfo') === true;
}

/** The description of the error a bearer request without a token gets (answered bare). */
const NO_TOKEN = 'Send the access token as a Bearer token.';

function sendOAuthError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: OAuthError,
): FastifyReply {
  reply.code(error.status).header('cache-control', 'no-store');
  if (error.error === 'invalid_token' && error.description === NO_TOKEN) {
    // RFC 6750 3.1: a request without credentials gets the challenge, and no error code.
    return reply.header('www-authenticate', 'Bearer').send();
  }
  if (
    error.error === 'invalid_token' ||
    (error.error === 'invalid_request' && isResource(request))
  ) {
    reply.header('www-authenticate', `Bearer error="${error.error}"`);
  } else if (error.status === 401) {
    reply.header('www-authenticate', 'Basic realm="token"');
  }
  return reply.send({ error: error.error, error_description: error.description });
}

/**
 * A request refused before its route read it (a body that is not a readable form, too large,
 * malformed text: see `well-formed-text.ts`) as RFC 6749's `invalid_request` (400), with the
 * reason in the characters `error_description` allows.
 */
function unreadableRequest(error: Error): OAuthError {
  const description = toApiError(error)
    .message.replaceAll('\n', ' ')
    .replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '');
  return new OAuthError('invalid_request', description);
}

/**
 * The standard endpoints' error handler: every failure in RFC 6749's shape (`error` and
 * `error_description`), an unknown route as `not_found`, a rate limit as `slow_down` (429), a
 * body the endpoint does not read or cannot read as `invalid_request`, anything else as
 * `server_error` (logged).
 */
function sendFailure(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof OAuthError) return sendOAuthError(request, reply, error);
  if (error instanceof ApiError && error.type === 'not_found') {
    return reply.code(404).send({ error: 'not_found', error_description: error.message });
  }
  if (error instanceof ApiError && error.status === 429) {
    return reply
      .code(429)
      .header('cache-control', 'no-store')
      .send({ error: 'slow_down', error_description: error.message });
  }
  if ((error as { statusCode?: number }).statusCode === 415) {
    return sendOAuthError(
      request,
      reply,
      new OAuthError('invalid_request', 'Send application/x-www-form-urlencoded.'),
    );
  }
  const failure = error as Error & { statusCode?: number };
  const status = failure instanceof ApiError ? failure.status : failure.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return sendOAuthError(request, reply, unreadableRequest(failure));
  }
  request.log.error(error);
  return reply.code(500).send({ error: 'server_error', error_description: 'Internal error.' });
}

/** Registers the standard endpoints at the server's root. */
export async function oidcRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    // The form is read strictly here (well-formed UTF-8 and text), and into fields by the route.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer' },
      textParser((_request, text, done) => {
        formEntries(text, 'body');
        done(null, text);
      }),
    );
    scope.setErrorHandler(sendFailure);

    const base = '/oauth/:public_token';
    // Browser applications call these with fetch from their own origins (oidc-cors.ts).
    const cors = oidcCors(scope, deps.projects);
    cors.allow(`${base}/token`, ['POST']);
    cors.allow(`${base}/userinfo`, ['GET', 'POST']);
    cors.allow(`${base}/revoke`, ['POST']);
    cors.allow(`${base}/introspect`, ['POST']);

    /** `GET /oauth/{public_token}/.well-known/openid-configuration`: the provider's metadata. */
    scope.get<{ Params: Params }>(
      `${base}/.well-known/openid-configuration`,
      async (request, reply) => {
        const issuer = issuerOf(deps.ownOrigin, projectFrom(deps.projects, request));
        return reply
          .header('access-control-allow-origin', '*')
          .header('cache-control', 'public, max-age=300')
          .send({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            userinfo_endpoint: `${issuer}/userinfo`,
            jwks_uri: `${issuer}/jwks`,
            end_session_endpoint: `${issuer}/logout`,
            scopes_supported: [...STANDARD_SCOPES],
            response_types_supported: ['code'],
            response_modes_supported: ['query'],
            prompt_values_supported: [...PROMPT_VALUES],
            grant_types_supported: ['authorization_code', 'refresh_token'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: [...SIGNING_ALGORITHMS].reverse(),
            revocation_endpoint: `${issuer}/revoke`,
            revocation_endpoint_auth_methods_supported: [
              'client_secret_basic',
              'client_secret_post',
              'none',
            ],
            introspection_endpoint: `${issuer}/introspect`,
            introspection_endpoint_auth_methods_supported: [
              'client_secret_basic',
              'client_secret_post',
            ],
            token_endpoint_auth_methods_supported: [
              'client_secret_basic',
              'client_secret_post',
              'none',
            ],
            code_challenge_methods_supported: ['S256'],
            claims_supported: [
              'sub',
              'iss',
              'aud',
              'exp',
              'iat',
              'auth_time',
              'nonce',
              'at_hash',
              'name',
              'given_name',
              'family_name',
              'updated_at',
              'email',
              'email_verified',
              'phone_number',
              'phone_number_verified',
            ],
            authorization_response_iss_parameter_supported: true,
            claims_parameter_supported: false,
            request_parameter_supported: false,
            request_uri_parameter_supported: false,
          });
      },
    );

    /** `GET /oauth/{public_token}/jwks`: the keys that verify ID tokens. */
    scope.get<{ Params: Params }>(`${base}/jwks`, async (request, reply) => {
      const project = projectFrom(deps.projects, request);
      return reply
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=300')
        .send(await deps.keys.jwks(project.projectId, SIGNING_ALGORITHMS));
    });

    /** The authorization endpoint and the end-session endpoint: the page with the widget. */
    const page = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const project = projectFrom(deps.projects, request);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(idpPage(project));
    };
    /** The live session of the provider's own `HttpOnly` cookie, if any. */
    const cookieSession = async (
      request: FastifyRequest,
      project: Project,
    ): Promise<SessionRecord | undefined> => {
      const token = readSessionCookie(request);
      if (!token) return undefined;
      try {
        return await deps.sessions.find(project, token);
      } catch {
        return undefined;
      }
    };
    /**
     * `GET /oauth/{public_token}/authorize`: the checks the provider makes on its own
     * (`AuthorizationEndpoint`: `prompt=none`, `login`, `request`, `response_mode`), then the page.
     */
    const endpoint = new AuthorizationEndpoint(deps.idp, deps.ownOrigin, deps.clock);
    scope.get<{ Params: Params }>(`${base}/authorize`, async (request, reply) => {
      const project = projectFrom(deps.projects, request);
      const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1));
      if (!request.url.includes('?')) return page(request, reply);
      const step = await endpoint.step(project, query, await cookieSession(request, project));
      if (step.kind === 'redirect') {
        return reply.code(302).header('cache-control', 'no-store').redirect(step.location);
      }
      if (step.kind === 'refuse') {
        return reply
          .code(400)
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(step.message);
      }
      return page(request, reply);
    });
    scope.get<{ Params: Params }>(`${base}/logout`, page);
    scope.get('/oauth-assets/idp-page.css', async (_request, reply) =>
      reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(IDP_PAGE_CSS),
    );

    /** The form of a token, revocation or introspection request, and the client it authenticates. */
    const authenticated = (
      request: FastifyRequest<{ Body: string }>,
      project: Project,
    ): { form: Record<string, string>; client: IdpClient } => {
      if (typeof request.body !== 'string') {
        throw new OAuthError('invalid_request', 'Send application/x-www-form-urlencoded.');
      }
      const form = parseForm(request.body);
      return {
        form,
        client: deps.idp.authenticateClient(project, clientCredentials(request, form)),
      };
    };

    /** `POST /oauth/{public_token}/revoke` (RFC 7009): the token stops working; 200 either way. */
    scope.post<{ Params: Params; Body: string }>(`${base}/revoke`, async (request, reply) => {
      const project = projectFrom(deps.projects, request);
      await deps.limiter.hit(`idp-token:ip:${request.ip}`, TOKEN_LIMIT, 'too_many_requests');
      const { form, client } = authenticated(request, project);
      await deps.idp.revoke(project, client, form.token);
      return reply.header('cache-control', 'no-store').send();
    });

    /** `POST /oauth/{public_token}/introspect` (RFC 7662): whether the token is active, and its claims. */
    scope.post<{ Params: Params; Body: string }>(`${base}/introspect`, async (request, reply) => {
      const project = projectFrom(deps.projects, request);
      await deps.limiter.hit(`idp-token:ip:${request.ip}`, TOKEN_LIMIT, 'too_many_requests');
      const { form, client } = authenticated(request, project);
      return reply
        .header('cache-control', 'no-store')
        .send(await deps.idp.introspect(project, client, form.token));
    });

    /** `POST /oauth/{public_token}/token`: the authorization code and refresh token grants. */
    scope.post<{ Params: Params; Body: string }>(`${base}/token`, async (request, reply) => {
      const project = projectFrom(deps.projects, request);
      if (typeof request.body !== 'string') {
        throw new OAuthError('invalid_request', 'Send application/x-www-form-urlencoded.');
      }
      await deps.limiter.hit(`idp-token:ip:${request.ip}`, TOKEN_LIMIT, 'too_many_requests');
      const { form, client } = authenticated(request, project);
      let answer: unknown;
      if (form.grant_type === 'authorization_code') {
        answer = await deps.idp.exchangeCode(project, client, form);
      } else if (form.grant_type === 'refresh_token') {
        answer = await deps.idp.refresh(project, client, form);
      } else if (!form.grant_type) {
        throw new OAuthError('invalid_request', 'grant_type is missing.');
      } else {
        throw new OAuthError('unsupported_grant_type', 'Use authorization_code or refresh_token.');
      }
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
    });

    /** `GET` or `POST /oauth/{public_token}/userinfo`: the claims an access token may read. */
    const userinfo = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const project = projectFrom(deps.projects, request);
      const header = request.headers.authorization;
      if (!/^Bearer /i.test(header ?? '') || !header?.slice(7).trim()) {
        throw new OAuthError('invalid_token', NO_TOKEN);
      }
      const claims = await deps.idp.userinfo(project, header.slice(7).trim());
      return reply.header('cache-control', 'no-store').send(claims);
    };
    scope.get<{ Params: Params }>(`${base}/userinfo`, userinfo);
    scope.post<{ Params: Params }>(`${base}/userinfo`, userinfo);
  });
}
