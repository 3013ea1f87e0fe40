/**
 * The passwords product: `POST /passwords`, `/passwords/authenticate`,
 * `/passwords/strength_check`, `/passwords/email/reset/start`, `/passwords/email/reset`,
 * `/passwords/existing_password/reset` and `/passwords/session/reset`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messageLocaleOf } from '../../delivery/message-locale.js';
import { envelope } from '../../http/envelope.js';
import { projectOf, sessionOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import { refuseTemplateIds } from '../../http/template-ids.js';
import { codeChallenge, codeVerifier } from '../../keys/pkce.js';
import type { Store } from '../../store.js';
import { signedInAnswer, userAgentOf } from '../sessions/index.js';
import { PASSWORD_MAX_LENGTH, RESET_EXPIRATION_MINUTES } from './password-limits.js';
import type { Caller, PasswordService, SignedIn } from './password-service.js';

/** A password as sent: 1 to 256 characters (well-formedness is checked by the service). */
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH } as const;
/** A redirect URL as sent (checked against the project's list). */
const url = { type: 'string', minLength: 1, maxLength: 2048 } as const;

const credentialsSchema = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email: s.email,
    password,
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

const strengthSchema = {
  type: 'object',
  required: ['password'],
  properties: { email: s.email, password, ...s.sdkExtras },
} as const;

const resetStartSchema = {
  type: 'object',
  required: ['email'],
  properties: {
    email: s.email,
    login_redirect_url: url,
    reset_password_redirect_url: url,
    reset_password_expiration_minutes: {
      type: 'integer',
      minimum: RESET_EXPIRATION_MINUTES.min,
      maximum: RESET_EXPIRATION_MINUTES.max,
    },
    reset_password_template_id: { type: 'string', maxLength: 128 },
    code_challenge: codeChallenge,
    locale: { type: 'string', maxLength: 16 },
    ...s.sdkExtras,
  },
} as const;

const resetByEmailSchema = {
  type: 'object',
  required: ['token', 'password'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 128 },
    password,
    session_duration_minutes: s.sessionDurationMinutes,
    code_verifier: codeVerifier,
    keep_other_sessions: { type: 'boolean' },
    options: { type: 'object' },
    ...s.sdkExtras,
  },
} as const;

const resetExistingSchema = {
  type: 'object',
  required: ['email', 'existing_password', 'new_password'],
  properties: {
    email: s.email,
    existing_password: password,
    new_password: password,
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

const resetSessionSchema = {
  type: 'object',
  required: ['password'],
  properties: { password, session_duration_minutes: s.sessionDurationMinutes, ...s.sdkExtras },
} as const;

interface CredentialsBody {
  email: string;
  password: string;
  session_duration_minutes?: number;
}

/** The caller of a request. */
function callerOf(request: FastifyRequest): Caller {
  return {
    project: projectOf(request),
    ip: request.ip,
    userAgent: userAgentOf(request),
    session: request.velvet?.session,
  };
}

/** Registers the password routes. */
export function passwordRoutes(
  app: FastifyInstance,
  deps: { passwords: PasswordService; store: Store },
): void {
  const { passwords } = deps;

  /** The body of every call that ends signed in. */
  const signedInBody = (request: FastifyRequest, result: SignedIn) =>
    signedInAnswer(request, deps.store.users, result.userId, result.issued, {
      email_id: result.emailId,
      reset_sessions: false,
    });

  /** `POST /passwords`: creates a user with an email and a password, signed in. */
  app.post<{ Body: CredentialsBody }>(
    '/passwords',
    { schema: { body: credentialsSchema }, config: { checks: 'password' } },
    async (request) => {
      const { email, password: secret, session_duration_minutes } = request.body;
      const result = await passwords.create(
        callerOf(request),
        email,
        secret,
        session_duration_minutes,
      );
      return signedInBody(request, result);
    },
  );

  /** `POST /passwords/authenticate`: signs in with an email and a password. */
  app.post<{ Body: CredentialsBody }>(
    '/passwords/authenticate',
    { schema: { body: credentialsSchema }, config: { checks: 'password' } },
    async (request) => {
      const { email, password: secret, session_duration_minutes } = request.body;
      const result = await passwords.authenticate(
        callerOf(request),
        email,
        secret,
        session_duration_minutes,
      );
      return signedInBody(request, result);
    },
  );

  /** `POST /passwords/strength_check`: the strength result of the project's policy. */
  app.post<{ Body: { email?: string; password: string } }>(
    '/passwords/strength_check',
    { schema: { body: strengthSchema }, config: { checks: 'nothing' } },
    async (request) => {
      const result = await passwords.strengthCheck(
        callerOf(request),
        request.body.password,
        request.body.email,
      );
      return envelope(request, result);
    },
  );

  /** `POST /passwords/email/reset/start`: emails a reset link. */
  app.post<{
    Body: {
      email: string;
      login_redirect_url?: string;
      reset_password_redirect_url?: string;
      reset_password_expiration_minutes?: number;
      reset_password_template_id?: string;
      code_challenge?: string;
      locale?: string;
    };
  }>(
    '/passwords/email/reset/start',
    { schema: { body: resetStartSchema }, config: { checks: 'send' } },
    async (request) => {
      const body = request.body;
      refuseTemplateIds(body, ['reset_password_template_id']);
      const started = await passwords.resetStart(callerOf(request), {
        email: body.email,
        resetPasswordRedirectUrl: body.reset_password_redirect_url,
        loginRedirectUrl: body.login_redirect_url,
        expirationMinutes: body.reset_password_expiration_minutes,
        codeChallenge: body.code_challenge,
        locale: messageLocaleOf(body.locale),
      });
      return envelope(request, { user_id: started.userId, email_id: started.emailId });
    },
  );

  /** `POST /passwords/email/reset`: sets a new password with the emailed token. */
  app.post<{
    Body: {
      token: string;
      password: string;
      session_duration_minutes?: number;
      code_verifier?: string;
      keep_other_sessions?: boolean;
    };
  }>(
    '/passwords/email/reset',
    { schema: { body: resetByEmailSchema }, config: { checks: 'password' } },
    async (request) => {
      const body = request.body;
      const result = await passwords.resetByEmail(callerOf(request), {
        token: body.token,
        password: body.password,
        durationMinutes: body.session_duration_minutes,
        codeVerifier: body.code_verifier,
        keepOtherSessions: body.keep_other_sessions,
      });
      return signedInBody(request, result);
    },
  );

  /** `POST /passwords/existing_password/reset`: changes the password with the current one. */
  app.post<{
    Body: {
      email: string;
      existing_password: string;
      new_password: string;
      session_duration_minutes?: number;
    };
  }>(
    '/passwords/existing_password/reset',
    // Checked when a session comes with the call (see `signInChangesHook`).
    { schema: { body: resetExistingSchema }, config: { changesSignIn: true, checks: 'password' } },
    async (request) => {
      const body = request.body;
      const result = await passwords.resetByExistingPassword(callerOf(request), {
        email: body.email,
        existingPassword: body.existing_password,
        newPassword: body.new_password,
        durationMinutes: body.session_duration_minutes,
      });
      return signedInBody(request, result);
    },
  );

  /** `POST /passwords/session/reset`: sets the signed-in user's password. */
  app.post<{ Body: { password: string; session_duration_minutes?: number } }>(
    '/passwords/session/reset',
    {
      schema: { body: resetSessionSchema },
      config: { auth: 'session', changesSignIn: true, checks: 'password' },
    },
    async (request) => {
      const result = await passwords.resetBySession(
        { ...callerOf(request), session: sessionOf(request) },
        request.body.password,
        request.body.session_duration_minutes,
      );
      return signedInBody(request, result);
    },
  );
}
