/**
 * Sessions from other credentials, in Stytch's wire format:
 * `POST /sessions/exchange_access_token {access_token, session_duration_minutes}` (an access
 * token this server issued as identity provider, see `access-tokens.ts`) and
 * `POST /sessions/attest {profile_id, token, session_duration_minutes}` (a JWT of an issuer the
 * project trusts, see `trusted-tokens.ts`; each such token signs in once, see
 * `attested-tokens-repository.ts`). Each starts a new session.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import type { JsonObject } from '../../db/json-column.js';
import type { Store } from '../../db/store.js';
import { ApiError } from '../../http/api-error.js';
import { projectOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { KeyRing } from '../../keys/key-ring.js';
import type { TrustedTokenProfile } from '../../projects/project-settings.js';
import type { Project } from '../../projects/projects-repository.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { SessionService } from '../sessions/session-service.js';
import { signedInAnswer, userAgentOf } from '../sessions/signed-in-answer.js';
import { normalizeEmail } from '../users/destinations.js';
import { verifyAccessToken } from './access-tokens.js';
import { type AttestedTokensRepository, attestedTokenKey } from './attested-tokens-repository.js';
import type { TrustedTokenVerifier } from './trusted-tokens.js';

/** Exchanges per client address, each endpoint (tokens cannot be guessed; floods stay cheap). */
export const EXCHANGE_LIMIT_PER_IP = { max: 100, windowMinutes: 15 } as const;

/** Registers the routes. */
export function sessionExchangeRoutes(
  app: FastifyInstance,
  deps: {
    sessions: SessionService;
    keys: KeyRing;
    store: Store;
    limiter: RateLimiter;
    trusted: TrustedTokenVerifier;
    /** The trusted tokens `attest` accepted, each until it expires. */
    attested: AttestedTokensRepository;
    issuers: readonly string[];
    clock: () => number;
  },
): void {
  const start = async (
    request: FastifyRequest,
    userId: string,
    factor: JsonObject,
    duration: number,
  ) => {
    const issued = await deps.sessions.create(projectOf(request), userId, factor, duration, {
      ip_address: request.ip,
      user_agent: userAgentOf(request),
    });
    return signedInAnswer(request, deps.store.users, userId, issued, {});
  };
  const limit = (request: FastifyRequest, name: string) =>
    deps.limiter.hit(
      `${name}:ip:${projectOf(request).projectId}:${request.ip}`,
      EXCHANGE_LIMIT_PER_IP,
      'too_many_requests',
    );

  /** `POST /sessions/exchange_access_token`: a session for the user of a full-access token. */
  app.post<{ Body: { access_token: string; session_duration_minutes?: number } }>(
    '/sessions/exchange_access_token',
    {
      schema: {
        body: {
          type: 'object',
          required: ['access_token'],
          properties: {
            access_token: { type: 'string', minLength: 1, maxLength: 8192 },
            session_duration_minutes: s.sessionDurationMinutes,
            ...s.sdkExtras,
          },
        },
      },
      config: { checks: 'token' },
    },
    async (request) => {
      const project = projectOf(request);
      await limit(request, 'exchange-access-token');
      const duration = deps.sessions.resolveDuration(
        project,
        request.body.session_duration_minutes,
      );
      const claims = await verifyAccessToken(request.body.access_token, project, deps);
      const user = await deps.store.users.findById(project.projectId, claims.userId);
      if (!user)
        throw new ApiError('invalid_access_token', 'The access token’s user does not exist.');
      const now = deps.clock();
      return start(
        request,
        user.userId,
        {
          type: 'oauth_access_token_exchange',
          delivery_method: 'oauth_access_token_exchange',
          last_authenticated_at: new Date(now).toISOString(),
          oauth_access_token_exchange_factor: { client_id: claims.clientId },
        },
        duration,
      );
    },
  );

  /**
   * `POST /sessions/attest`: a session for the user a trusted issuer's JWT names. Each token
   * signs in once: a replay (its `jti`, or the whole token without one) answers
   * `401 trusted_auth_token_already_used` and writes nothing.
   */
  app.post<{ Body: { profile_id: string; token: string; session_duration_minutes?: number } }>(
    '/sessions/attest',
    {
      schema: {
        body: {
          type: 'object',
          required: ['profile_id', 'token'],
          properties: {
            profile_id: { type: 'string', minLength: 1, maxLength: 128 },
            token: { type: 'string', minLength: 1, maxLength: 8192 },
            session_duration_minutes: s.sessionDurationMinutes,
            ...s.sdkExtras,
          },
        },
      },
      config: { checks: 'token' },
    },
    async (request) => {
      const project = projectOf(request);
      await limit(request, 'attest');
      const duration = deps.sessions.resolveDuration(
        project,
        request.body.session_duration_minutes,
      );
      const profile = project.settings.trustedTokenProfiles.find(
        (p) => p.profileId === request.body.profile_id,
      );
      if (!profile) throw new ApiError('trusted_auth_token_profile_not_found');
      const claims = await deps.trusted.verify(profile, request.body.token);
      const tokenKey = attestedTokenKey(request.body.token, claims);
      // Refused before the user is looked up or made: a replay writes nothing.
      if (await deps.attested.isSpent(project.projectId, tokenKey)) {
        throw new ApiError('trusted_auth_token_already_used');
      }
      const now = deps.clock();
      const userId = await userOfClaim(deps.store, project, profile, claims, now);
      const factor: JsonObject = {
        type: 'trusted_auth_token',
        delivery_method: 'trusted_token_exchange',
        last_authenticated_at: new Date(now).toISOString(),
        trusted_auth_token_factor: {
          token_id: typeof claims.jti === 'string' ? claims.jti : '',
          profile_id: profile.profileId,
        },
      };
      // The token is spent with the session, in one transaction: of two requests with the same
      // token (on one server or several on one database) exactly one gets a session.
      const started = await deps.store.db.transaction().execute(async (tx) => {
        const expiresAt = Number(claims.exp) * 1000;
        if (!(await deps.attested.spend(project.projectId, tokenKey, expiresAt, now, tx))) {
          throw new ApiError('trusted_auth_token_already_used');
        }
        return deps.sessions.insert(
          project,
          userId,
          factor,
          duration,
          { ip_address: request.ip, user_agent: userAgentOf(request) },
          tx,
        );
      });
      const jwt = await deps.sessions.issueJwt(project, started.record);
      return signedInAnswer(request, deps.store.users, userId, { ...started, jwt }, {});
    },
  );
}

/**
 * The user the profile's claim names: a Velvet user id that must exist, or an email address
 * whose user is found or made.
 */
async function userOfClaim(
  store: Store,
  project: Project,
  profile: TrustedTokenProfile,
  claims: JWTPayload,
  now: number,
): Promise<string> {
  const value = claims[profile.userClaim];
  if (typeof value !== 'string' || value === '') {
    throw new ApiError(
      'invalid_trusted_auth_token',
      `The token has no ${profile.userClaim} claim naming the user.`,
    );
  }
  if (profile.userClaimHolds === 'email') {
    let email: string;
    try {
      email = normalizeEmail(value);
    } catch {
      throw new ApiError(
        'invalid_trusted_auth_token',
        `The ${profile.userClaim} claim is not an email address.`,
      );
    }
    const method = await store.users.findOrCreateByDestination(project, 'email', email, now);
    return method.userId;
  }
  const user = await store.users.findById(project.projectId, value);
  if (!user) throw new ApiError('user_not_found');
  return user.userId;
}
