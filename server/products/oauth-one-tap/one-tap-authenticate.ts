/**
 * `POST /oauth/authenticate` for the tokens Google One Tap lands with (`one_tap_tokens`), in
 * Stytch's shape. The OAuth product's own authenticate (issue 14's redirect flow) takes this
 * over when the two meet: it reads the same table by the token's SHA-256 (see the report of
 * branch issue-14-onetap). Until then this route is how a One Tap sign-in ends.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JsonObject } from '../../db/json-column.js';
import { ApiError } from '../../http/api-error.js';
import { projectOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import { pkceVerifierMatches } from '../magic-links/magic-link-token.js';
import type { SessionService } from '../sessions/session-service.js';
import { signedInAnswer, userAgentOf } from '../sessions/signed-in-answer.js';
import type { UsersRepository } from '../users/users-repository.js';
import { SUBMIT_LIMIT_PER_IP } from './one-tap-limits.js';
import type { OneTapRepository, OneTapToken } from './one-tap-repository.js';
import { hashOneTapToken } from './one-tap-service.js';

interface AuthenticateBody {
  token: string;
  session_duration_minutes?: number;
  code_verifier?: string;
}

const authenticateSchema = {
  type: 'object',
  required: ['token'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 256 },
    session_duration_minutes: s.sessionDurationMinutes,
    code_verifier: { type: 'string', minLength: 43, maxLength: 128 },
    ...s.sdkExtras,
  },
} as const;

/** A stable id for the user's Google account link, in Stytch's `oauth-user-registration-…` form. */
function registrationId(token: OneTapToken, environment: string): string {
  const hex = createHash('sha256')
    .update(`${token.projectId}:${token.provider}:${token.providerSubject}`)
    .digest('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return `oauth-user-registration-${environment}-${uuid}`;
}

/** Registers `POST /oauth/authenticate` for One Tap's tokens. */
export function oneTapAuthenticateRoute(
  app: FastifyInstance,
  deps: {
    tokens: OneTapRepository;
    users: UsersRepository;
    sessions: SessionService;
    limiter: RateLimiter;
    clock: () => number;
  },
): void {
  /** `POST /oauth/authenticate`: exchanges a One Tap redirect's token for a session. */
  app.post<{ Body: AuthenticateBody }>(
    '/oauth/authenticate',
    { schema: { body: authenticateSchema } },
    async (request) => {
      const project = projectOf(request);
      const body = request.body;
      // Before the token is spent: a duration over the project's maximum leaves it usable.
      const duration = deps.sessions.resolveDuration(project, body.session_duration_minutes);
      await deps.limiter.hit(
        `oauth-authenticate:ip:${project.projectId}:${request.ip}`,
        SUBMIT_LIMIT_PER_IP,
        'too_many_requests',
      );
      const now = deps.clock();
      const hash = hashOneTapToken(body.token);
      const token = await deps.tokens.findToken(project.projectId, hash);
      if (!token || token.consumedAt !== null || token.expiresAt <= now) {
        throw new ApiError('oauth_token_not_found');
      }
      if (token.codeChallenge !== null) {
        if (!body.code_verifier) throw new ApiError('pkce_expected_code_verifier');
        if (!pkceVerifierMatches(body.code_verifier, token.codeChallenge)) {
          throw new ApiError('pkce_mismatch');
        }
      }
      if (!(await deps.tokens.consumeToken(hash, now))) throw new ApiError('oauth_token_not_found');
      const registration = registrationId(token, project.environment);
      const factor: JsonObject = {
        type: 'oauth',
        delivery_method: 'oauth_google',
        last_authenticated_at: new Date(now).toISOString(),
        google_oauth_factor: {
          id: registration,
          provider_subject: token.providerSubject,
          email_id: token.emailId,
        },
      };
      const caller = request.velvet?.session;
      const issued =
        caller && caller.userId === token.userId
          ? await deps.sessions.touch(
              project,
              await deps.sessions.addFactor(caller, factor),
              duration,
            )
          : await deps.sessions.create(project, token.userId, factor, duration, {
              ip_address: request.ip,
              user_agent: userAgentOf(request),
            });
      return signedInAnswer(request, deps.users, token.userId, issued, {
        oauth_user_registration_id: registration,
        provider_subject: token.providerSubject,
        provider_type: 'Google',
        provider_values: {
          access_token: '',
          id_token: token.idToken,
          refresh_token: '',
          scopes: [],
          expires_at: null,
        },
        user_created: token.userCreated,
        reset_sessions: false,
      });
    },
  );
}
