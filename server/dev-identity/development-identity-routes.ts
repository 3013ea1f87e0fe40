/**
 * The development identity provider's routes, registered only in development (`buildApp` with
 * the outbox), never in production:
 * - `GET /dev/identity/jwks`: the development key's JWKS;
 * - `GET /dev/identity/return.js`: the return page's script;
 * - for each of the 19 providers, under `/dev/identity/<provider>/`: `GET|POST authorize` (the
 *   sign-in page and its choice), `POST token`, and either (OpenID Connect) the discovery
 *   document and `userinfo`, or the provider's user API in its own shape;
 * - Google One Tap's script stand-in and its ID tokens (`one-tap-stand-in.ts`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formFieldParser } from '../http/well-formed-text.js';
import { SealedJson } from '../keys/sealed-json.js';
import { callbackUrl, PROVIDERS } from '../products/oauth/index.js';
import type { Projects } from '../projects/project-directory.js';
import { AuthorizationCodes } from './authorization-codes.js';
import {
  AuthorizationRefusal,
  type AuthorizationRequest,
  carriedParams,
  type ProviderFacts,
  readAuthorizationRequest,
} from './authorization-request.js';
import {
  DEVELOPMENT_IDENTITY_PATH,
  developmentIssuer,
  developmentJwksUri,
} from './development-endpoints.js';
import type { DevelopmentIdentity } from './development-identity.js';
import { oneTapStandInRoutes } from './one-tap-stand-in.js';
import { apiAnswer, personClaims } from './provider-answers.js';
import { RETURN_SCRIPT, refusalPage, returnPage, signInPage } from './sign-in-page.js';
import { IdentityFormError, identityOfForm } from './test-identities.js';
import { exchangeCode, personOfBearer, TokenRefusal } from './token-exchange.js';

/** What the routes need. */
export interface DevelopmentIdentityDeps {
  development: DevelopmentIdentity;
  projects: Projects;
  secret: string;
  clock: () => number;
}

type ProviderRequest = FastifyRequest<{ Params: { provider: string } }>;

/** The facts of the provider `name`, or `undefined` for a name that is none of the 19. */
function factsOf(name: string): ProviderFacts | undefined {
  if (!Object.hasOwn(PROVIDERS, name)) return undefined;
  const definition = PROVIDERS[name as keyof typeof PROVIDERS];
  return {
    name,
    oidc: definition.identity === 'oidc',
    pkce: definition.pkce,
    clientAuth: definition.clientAuth,
    clientIdParam: definition.clientIdParam ?? 'client_id',
  };
}

/** The string fields of a posted body (a form's are all strings; other bodies may not be). */
function stringFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

const RETURN_SCRIPT_PATH = `${DEVELOPMENT_IDENTITY_PATH}/return.js`;

/** Sends an HTML page, never cached. */
function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The callback URL carrying `answer` (the code or the error, and the state). */
function callbackWith(request: AuthorizationRequest, answer: Record<string, string>): URL {
  const url = new URL(request.redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (request.state !== undefined) url.searchParams.set('state', request.state);
  return url;
}

/** The page that returns `answer` to the app, by redirect or form post as the request asked. */
function returnTo(
  provider: string,
  request: AuthorizationRequest,
  answer: Record<string, string>,
  name: string,
): string {
  if (request.formPost) {
    const fields = { ...answer, ...(request.state !== undefined && { state: request.state }) };
    return returnPage(
      { provider, name, formPost: { action: request.redirectUri, fields } },
      RETURN_SCRIPT_PATH,
    );
  }
  return returnPage(
    { provider, name, location: callbackWith(request, answer).toString() },
    RETURN_SCRIPT_PATH,
  );
}

/**
 * The page that answers the developer's choice of `form`: the return to the app with a new code,
 * or the sign-in page again saying what the typed person lacks (no code then).
 */
function choose(
  provider: string,
  authorization: AuthorizationRequest,
  form: Record<string, string>,
  codes: AuthorizationCodes,
): { status: number; html: string } {
  let identity: ReturnType<typeof identityOfForm>;
  try {
    identity = identityOfForm(form);
  } catch (error) {
    if (!(error instanceof IdentityFormError)) throw error;
    const action = `${DEVELOPMENT_IDENTITY_PATH}/${provider}/authorize`;
    const html = signInPage({
      provider,
      action,
      request: authorization.params,
      problem: error.message,
    });
    return { status: 400, html };
  }
  const code = codes.issue({
    provider,
    clientId: authorization.clientId,
    redirectUri: authorization.redirectUri,
    ...(authorization.codeChallenge !== undefined && {
      codeChallenge: authorization.codeChallenge,
    }),
    ...(authorization.nonce !== undefined && { nonce: authorization.nonce }),
    scope: authorization.scope,
    identity,
  });
  return { status: 200, html: returnTo(provider, authorization, { code }, identity.name) };
}

/** Registers the development identity provider on `app`'s root. */
export function developmentIdentityRoutes(
  app: FastifyInstance,
  deps: DevelopmentIdentityDeps,
): void {
  const { ownOrigin, key } = deps.development;
  const sealed = new SealedJson(deps.secret, 'development identity access token');
  const codes = new AuthorizationCodes(deps.clock);
  const readRequest = (facts: ProviderFacts, params: Record<string, string>) =>
    readAuthorizationRequest(facts, params, {
      projects: deps.projects,
      callbackUrl: callbackUrl(ownOrigin, facts.name),
    });

  /** The provider of the path, or a 404. */
  const providerOf = (request: ProviderRequest, reply: FastifyReply) => {
    const facts = factsOf(request.params.provider);
    if (!facts) reply.code(404).send({ error: 'not_found' });
    return facts;
  };

  oneTapStandInRoutes(app, deps);

  app.get(`${DEVELOPMENT_IDENTITY_PATH}/jwks`, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { keys: [key.publicJwk] };
  });

  app.get(RETURN_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/javascript; charset=utf-8')
      .send(RETURN_SCRIPT),
  );

  app.get<{ Params: { provider: string } }>(
    `${DEVELOPMENT_IDENTITY_PATH}/:provider/.well-known/openid-configuration`,
    async (request, reply) => {
      const facts = providerOf(request, reply);
      if (!facts) return reply;
      if (!facts.oidc) return reply.code(404).send({ error: 'not_found' });
      const issuer = developmentIssuer(ownOrigin, facts.name);
      return {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: developmentJwksUri(ownOrigin),
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'form_post'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [key.alg],
        token_endpoint_auth_methods_supported: [`client_secret_${facts.clientAuth}`],
        code_challenge_methods_supported: facts.pkce ? ['S256'] : [],
        scopes_supported: ['openid', 'email', 'profile'],
        claims_supported: ['sub', 'name', 'given_name', 'family_name', 'email', 'email_verified'],
      };
    },
  );

  /** `GET /dev/identity/{provider}/authorize`: the sign-in page, or why the request is refused. */
  app.get<{ Params: { provider: string } }>(
    `${DEVELOPMENT_IDENTITY_PATH}/:provider/authorize`,
    async (request, reply) => {
      const facts = providerOf(request, reply);
      if (!facts) return reply;
      const params = carriedParams(request.query);
      try {
        readRequest(facts, params);
      } catch (error) {
        if (!(error instanceof AuthorizationRefusal)) throw error;
        return sendPage(reply, 400, refusalPage(facts.name, error.message));
      }
      const action = `${DEVELOPMENT_IDENTITY_PATH}/${facts.name}/authorize`;
      return sendPage(reply, 200, signInPage({ provider: facts.name, action, request: params }));
    },
  );

  app.register(async (scope) => {
    formFieldParser(scope);

    /** `POST /dev/identity/{provider}/authorize`: the developer's choice; a code, or the refusal. */
    scope.post<{ Params: { provider: string }; Body: unknown }>(
      `${DEVELOPMENT_IDENTITY_PATH}/:provider/authorize`,
      async (request, reply) => {
        const facts = providerOf(request, reply);
        if (!facts) return reply;
        const form = stringFields(request.body);
        let authorization: AuthorizationRequest;
        try {
          authorization = readRequest(facts, carriedParams(form));
        } catch (error) {
          if (!(error instanceof AuthorizationRefusal)) throw error;
          return sendPage(reply, 400, refusalPage(facts.name, error.message));
        }
        if (form.decision === 'deny') {
          const answer = { error: 'access_denied' };
          return sendPage(reply, 200, returnTo(facts.name, authorization, answer, 'nobody'));
        }
        const chosen = choose(facts.name, authorization, form, codes);
        return sendPage(reply, chosen.status, chosen.html);
      },
    );

    /** `POST /dev/identity/{provider}/token`: the code exchanged for tokens. */
    scope.post<{ Params: { provider: string }; Body: unknown }>(
      `${DEVELOPMENT_IDENTITY_PATH}/:provider/token`,
      async (request, reply) => {
        const facts = providerOf(request, reply);
        if (!facts) return reply;
        reply.header('cache-control', 'no-store');
        try {
          return await exchangeCode(
            facts,
            stringFields(request.body),
            request.headers.authorization,
            {
              projects: deps.projects,
              codes,
              sealed,
              key,
              clock: deps.clock,
              issuer: developmentIssuer(ownOrigin, facts.name),
            },
          );
        } catch (error) {
          if (!(error instanceof TokenRefusal)) throw error;
          return reply
            .code(error.status)
            .send({ error: error.error, error_description: error.message });
        }
      },
    );
  });

  /** `GET /dev/identity/{provider}/…`: `userinfo`, or the provider's user API. */
  app.get<{ Params: { provider: string; '*': string } }>(
    `${DEVELOPMENT_IDENTITY_PATH}/:provider/*`,
    async (request, reply) => {
      const facts = providerOf(request, reply);
      if (!facts) return reply;
      const person = personOfBearer(request.headers.authorization, facts.name, {
        sealed,
        clock: deps.clock,
      });
      if (!person) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: 'invalid_token' });
      }
      const path = `/${request.params['*']}`;
      const answer =
        facts.oidc && path === '/userinfo'
          ? personClaims(facts.name, person)
          : facts.oidc
            ? undefined
            : apiAnswer(facts.name, path, person);
      if (answer === undefined) return reply.code(404).send({ error: 'not_found' });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
