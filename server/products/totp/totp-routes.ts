/**
 * TOTP (authenticator apps), in Stytch's wire format: `POST /totps`, `POST /totps/authenticate`,
 * `POST /totps/recovery_codes`, `POST /totps/recover` and `DELETE /users/totps/{id}`. Every one
 * acts for the caller's session. Enrolling, new recovery codes and deleting change the user's
 * factors (`changesSignIn`): once the user has a verified app, only a session that proved it (a
 * code, or a recovery code through `recover`) may make them, so a session holding the first
 * factor only cannot mint codes and redeem them for the second.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { envelope } from '../../http/envelope.js';
import { projectOf, sessionOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { Store } from '../../store.js';
import { signedInAnswer } from '../sessions/index.js';
import { assertNotLastSignInMethod, userBody } from '../users/index.js';
import { TOTP_EXPIRATION_MINUTES } from './totp-limits.js';
import type { TotpRepository } from './totp-repository.js';
import type { TotpService } from './totp-service.js';
import './totp-errors.js';

const createSchema = {
  type: 'object',
  properties: {
    expiration_minutes: {
      type: 'integer',
      minimum: TOTP_EXPIRATION_MINUTES.min,
      maximum: TOTP_EXPIRATION_MINUTES.max,
    },
    ...s.sdkExtras,
  },
} as const;

const authenticateSchema = {
  type: 'object',
  required: ['totp_code'],
  properties: {
    totp_code: { type: 'string', minLength: 1, maxLength: 16 },
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

const recoverSchema = {
  type: 'object',
  required: ['recovery_code'],
  properties: {
    recovery_code: { type: 'string', minLength: 1, maxLength: 64 },
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

/** Registers the TOTP routes. */
export function totpRoutes(
  app: FastifyInstance,
  deps: { totps: TotpService; repository: TotpRepository; store: Store },
): void {
  const currentUser = async (request: FastifyRequest) => {
    const user = await deps.store.users.findById(
      projectOf(request).projectId,
      sessionOf(request).userId,
    );
    if (!user) throw new ApiError('session_not_found');
    return user;
  };
  const step = (request: FastifyRequest, sessionDurationMinutes: number | undefined) => ({
    project: projectOf(request),
    session: sessionOf(request),
    sessionDurationMinutes,
    ip: request.ip,
  });

  /**
   * `POST /totps {expiration_minutes}`: enrols an authenticator app. Answers `totp_id`, the
   * base32 `secret`, `qr_code` (a PNG data URL of the `otpauth://` URI, also given as
   * `otpauth_uri`) and ten `recovery_codes`, shown this once.
   */
  app.post<{ Body: { expiration_minutes?: number } }>(
    '/totps',
    {
      schema: { body: createSchema },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const project = projectOf(request);
      const created = await deps.totps.create(
        project,
        await currentUser(request),
        request.body.expiration_minutes,
      );
      const user = userBody(await currentUser(request));
      return envelope(request, {
        totp_id: created.totpId,
        secret: created.secret,
        qr_code: created.qrCode,
        otpauth_uri: created.otpauthUri,
        recovery_codes: created.recoveryCodes,
        user_id: user.user_id,
        user,
        // Stytch's SDK reads the updated user from `__user`.
        __user: user,
      });
    },
  );

  /** `POST /totps/authenticate {totp_code, session_duration_minutes}`: adds the factor to the session. */
  app.post<{ Body: { totp_code: string; session_duration_minutes?: number } }>(
    '/totps/authenticate',
    { schema: { body: authenticateSchema }, config: { auth: 'session', checks: 'code' } },
    async (request) => {
      const { totp, issued } = await deps.totps.authenticate(
        step(request, request.body.session_duration_minutes),
        request.body.totp_code,
      );
      return signedInAnswer(request, deps.store.users, totp.userId, issued, {
        totp_id: totp.totpId,
      });
    },
  );

  /**
   * `POST /totps/recovery_codes`: a fresh set of ten recovery codes for the verified TOTP (the
   * earlier ones stop working: they are kept only as hashes and cannot be shown again). Stytch's
   * answers the existing codes; both need a session that proved the second factor.
   */
  app.post(
    '/totps/recovery_codes',
    { config: { auth: 'session', changesSignIn: true, checks: 'session' } },
    async (request) => {
      const userId = sessionOf(request).userId;
      const { totp, recoveryCodes } = await deps.totps.newRecoveryCodes(userId);
      return envelope(request, {
        user_id: userId,
        totps: [{ totp_id: totp.totpId, verified: totp.verified, recovery_codes: recoveryCodes }],
      });
    },
  );

  /** `POST /totps/recover {recovery_code, session_duration_minutes}`: spends a recovery code. */
  app.post<{ Body: { recovery_code: string; session_duration_minutes?: number } }>(
    '/totps/recover',
    { schema: { body: recoverSchema }, config: { auth: 'session', checks: 'code' } },
    async (request) => {
      const { totp, issued } = await deps.totps.recover(
        step(request, request.body.session_duration_minutes),
        request.body.recovery_code,
      );
      return signedInAnswer(request, deps.store.users, totp.userId, issued, {
        totp_id: totp.totpId,
      });
    },
  );

  /** `DELETE /users/totps/{id}`: removes the user's authenticator app and its recovery codes. */
  app.delete<{ Params: { id: string } }>(
    '/users/totps/:id',
    {
      schema: { params: { type: 'object', required: ['id'], properties: { id: s.id } } },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      assertNotLastSignInMethod(await currentUser(request), request.params.id);
      if (!(await deps.repository.delete(userId, request.params.id))) {
        throw new ApiError('totp_not_found');
      }
      const user = userBody(await currentUser(request));
      return envelope(request, { ...user, __user: user });
    },
  );
}
