/**
 * Sessions from other credentials, in Stytch's wire format:
 * `POST /sessions/exchange_access_token {access_token, session_duration_minutes}` (an access
 * token this server issued as identity provider, see `access-tokens.ts`) and
 * `POST /sessions/attest {profile_id, token, session_duration_minutes}` (a JWT of an issuer the
 * project trusts, see `trusted-tokens.ts`; each such token signs in once, see
 * `attested-tokens-repository.ts`). Each starts a new session. The rules live in
 * `session-exchange-service.ts`; the routes only translate HTTP.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { Store } from '../../store.js';
import { signedInAnswer, userAgentOf } from '../sessions/index.js';
import type {
  ExchangeClient,
  ExchangedSession,
  SessionExchangeService,
} from './session-exchange-service.js';

/** Registers the routes. */
export function sessionExchangeRoutes(
  app: FastifyInstance,
  deps: { exchange: SessionExchangeService; store: Store },
): void {
  const clientOf = (request: FastifyRequest): ExchangeClient => ({
    ip: request.ip,
    userAgent: userAgentOf(request),
  });
  const answer = (request: FastifyRequest, { userId, issued }: ExchangedSession) =>
    signedInAnswer(request, deps.store.users, userId, issued, {});

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
      const started = await deps.exchange.exchangeAccessToken(
        projectOf(request),
        request.body.access_token,
        request.body.session_duration_minutes,
        clientOf(request),
      );
      return answer(request, started);
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
      const started = await deps.exchange.attest(
        projectOf(request),
        request.body.profile_id,
        request.body.token,
        request.body.session_duration_minutes,
        clientOf(request),
      );
      return answer(request, started);
    },
  );
}
