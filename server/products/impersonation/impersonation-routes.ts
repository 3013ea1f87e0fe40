/**
 * `POST /impersonation/authenticate {impersonation_token}`: spends a token minted on the host
 * (`npm run impersonate`) and starts a session for its user, marked with Stytch's
 * `impersonated` factor so the site (and its logs) can tell.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { projectOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { Store } from '../../store.js';
import type { SessionService } from '../sessions/index.js';
import { signedInAnswer, userAgentOf } from '../sessions/index.js';
import {
  IMPERSONATION_SESSION_MAX_MINUTES,
  type ImpersonationTokens,
} from './impersonation-tokens.js';
import './impersonation-errors.js';

/** Tries per client address (a token cannot be guessed; this keeps floods cheap). */
export const IMPERSONATION_LIMIT_PER_IP = { max: 30, windowMinutes: 15 } as const;

/** Registers the route. */
export function impersonationRoutes(
  app: FastifyInstance,
  deps: {
    tokens: ImpersonationTokens;
    sessions: SessionService;
    store: Store;
    limiter: RateLimiter;
    clock: () => number;
  },
): void {
  app.post<{ Body: { impersonation_token: string } }>(
    '/impersonation/authenticate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['impersonation_token'],
          properties: {
            impersonation_token: { type: 'string', minLength: 1, maxLength: 128 },
            ...s.sdkExtras,
          },
        },
      },
      config: { checks: 'token' },
    },
    async (request) => {
      const project = projectOf(request);
      await deps.limiter.hit(
        `impersonation:ip:${project.projectId}:${request.ip}`,
        IMPERSONATION_LIMIT_PER_IP,
        'too_many_requests',
      );
      const now = deps.clock();
      const spent = await deps.tokens.spend(
        project.projectId,
        request.body.impersonation_token,
        now,
      );
      if (spent === 'not_found') throw new ApiError('impersonation_token_not_found');
      if (spent === 'expired') throw new ApiError('impersonation_token_expired');
      const duration = Math.min(
        IMPERSONATION_SESSION_MAX_MINUTES,
        deps.sessions.resolveDuration(project, undefined),
      );
      const issued = await deps.sessions.create(
        project,
        spent.userId,
        {
          type: 'impersonated',
          delivery_method: 'impersonation',
          last_authenticated_at: new Date(now).toISOString(),
          impersonated_factor: {
            impersonator_id: spent.impersonator,
            impersonator_email_address: spent.impersonator.includes('@') ? spent.impersonator : '',
          },
        },
        duration,
        { ip_address: request.ip, user_agent: userAgentOf(request) },
      );
      return signedInAnswer(request, deps.store.users, spent.userId, issued, {});
    },
  );
}
