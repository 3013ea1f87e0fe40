/**
 * Passkeys and WebAuthn, in Stytch's wire format: `POST /webauthn/register/start`,
 * `POST /webauthn/register`, `POST /webauthn/authenticate/start/{primary,secondary}`,
 * `POST /webauthn/authenticate`, `PUT /webauthn/update/{webauthn_registration_id}` and
 * `DELETE /users/webauthn_registrations/{id}`. The options travel as JSON strings
 * (`public_key_credential_creation_options`, `public_key_credential_request_options`), and so
 * does the browser's answer (`public_key_credential`), as Stytch's API has them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { envelope } from '../../http/envelope.js';
import { projectOf, sessionOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { Store } from '../../store.js';
import { signedInAnswer, userAgentOf } from '../sessions/index.js';
import { assertNotLastSignInMethod, userBody } from '../users/index.js';
import type { RegistrationRecord } from './passkeys-repository.js';
import type { AuthenticatorType, Finished, WebAuthnService } from './passkeys-service.js';

/** The most a `public_key_credential` may hold (attestation objects are a few KB). */
const CREDENTIAL_MAX_LENGTH = 65_536;

const domain = { type: 'string', minLength: 1, maxLength: 253 } as const;
const shortText = { type: 'string', minLength: 1, maxLength: 256 } as const;

interface RegisterStartBody {
  domain?: string;
  authenticator_type?: AuthenticatorType;
  return_passkey_credential_options?: boolean;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
  user_agent?: string;
  use_base64_url_encoding?: boolean;
}
interface AuthenticateStartBody {
  domain?: string;
  return_passkey_credential_options?: boolean;
}
interface FinishBody {
  public_key_credential: string;
  session_duration_minutes?: number;
}

const registerStartSchema = {
  type: 'object',
  properties: {
    domain,
    authenticator_type: { enum: ['platform', 'cross-platform'] },
    return_passkey_credential_options: { type: 'boolean' },
    // The user handle: at most 64 bytes (WebAuthn's limit), so 64 ASCII characters.
    override_id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[\\x20-\\x7e]+$' },
    override_name: shortText,
    override_display_name: shortText,
    user_agent: { type: 'string', maxLength: 512 },
    use_base64_url_encoding: { type: 'boolean' },
    ...s.sdkExtras,
  },
} as const;

const authenticateStartSchema = {
  type: 'object',
  properties: {
    domain,
    return_passkey_credential_options: { type: 'boolean' },
    user_id: s.id,
    ...s.sdkExtras,
  },
} as const;

const finishSchema = {
  type: 'object',
  required: ['public_key_credential'],
  properties: {
    public_key_credential: { type: 'string', minLength: 2, maxLength: CREDENTIAL_MAX_LENGTH },
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: s.id },
} as const;

/** A registration in Stytch's shape. */
function registrationBody(registration: RegistrationRecord) {
  return {
    webauthn_registration_id: registration.webauthnRegistrationId,
    domain: registration.domain,
    user_agent: registration.userAgent,
    authenticator_type: registration.authenticatorType,
    verified: true,
    name: registration.name,
  };
}

/** Registers the passkey routes. */
export function webauthnRoutes(
  app: FastifyInstance,
  deps: { webauthn: WebAuthnService; store: Store },
): void {
  const { webauthn, store } = deps;

  const finished = (request: FastifyRequest, result: Finished) =>
    signedInAnswer(request, store.users, result.registration.userId, result.issued, {
      webauthn_registration_id: result.registration.webauthnRegistrationId,
    });

  /** `POST /webauthn/register/start`: creation options for the signed-in user. */
  app.post<{ Body: RegisterStartBody }>(
    '/webauthn/register/start',
    {
      schema: { body: registerStartSchema },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const body = request.body;
      const { userId, options } = await webauthn.registerStart({
        project: projectOf(request),
        session: sessionOf(request),
        domain: body.domain,
        pageOrigin: request.headers.origin,
        authenticatorType: body.authenticator_type,
        isPasskey: body.return_passkey_credential_options === true,
        overrideId: body.override_id,
        overrideName: body.override_name,
        overrideDisplayName: body.override_display_name,
        userAgent: (body.user_agent ?? userAgentOf(request)).slice(0, 512),
        ip: request.ip,
      });
      return envelope(request, {
        user_id: userId,
        public_key_credential_creation_options: options,
      });
    },
  );

  /** `POST /webauthn/register`: stores the new credential and adds it to the session. */
  app.post<{ Body: FinishBody }>(
    '/webauthn/register',
    {
      schema: { body: finishSchema },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const result = await webauthn.register({
        project: projectOf(request),
        session: sessionOf(request),
        credential: request.body.public_key_credential,
        sessionDurationMinutes: request.body.session_duration_minutes,
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      return finished(request, result);
    },
  );

  for (const mode of ['primary', 'secondary'] as const) {
    /** `POST /webauthn/authenticate/start/{primary,secondary}`: request options. */
    app.post<{ Body: AuthenticateStartBody }>(
      `/webauthn/authenticate/start/${mode}`,
      {
        schema: { body: authenticateStartSchema },
        config: { auth: mode === 'secondary' ? 'session' : 'project', checks: 'challenge' },
      },
      async (request) => {
        const { options } = await webauthn.authenticateStart({
          project: projectOf(request),
          session: request.velvet?.session,
          mode,
          domain: request.body.domain,
          pageOrigin: request.headers.origin,
          isPasskey: request.body.return_passkey_credential_options === true,
          ip: request.ip,
        });
        return envelope(request, { public_key_credential_request_options: options });
      },
    );
  }

  /** `POST /webauthn/authenticate`: checks the assertion and starts (or extends) a session. */
  app.post<{ Body: FinishBody }>(
    '/webauthn/authenticate',
    { schema: { body: finishSchema }, config: { checks: 'signature' } },
    async (request) => {
      const result = await webauthn.authenticate({
        project: projectOf(request),
        session: request.velvet?.session,
        credential: request.body.public_key_credential,
        sessionDurationMinutes: request.body.session_duration_minutes,
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      return finished(request, result);
    },
  );

  /** `PUT /webauthn/update/{webauthn_registration_id}`: renames one of the user's passkeys. */
  app.put<{ Params: { id: string }; Body: { name: string } }>(
    '/webauthn/update/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', minLength: 1, maxLength: 128 } },
        },
      },
      config: { auth: 'session', checks: 'session' },
    },
    async (request) => {
      const registration = await webauthn.rename(
        sessionOf(request).userId,
        request.params.id,
        request.body.name,
      );
      return envelope(request, { webauthn_registration: registrationBody(registration) });
    },
  );

  /** `DELETE /users/webauthn_registrations/{id}`: removes one of the user's passkeys. */
  app.delete<{ Params: { id: string } }>(
    '/users/webauthn_registrations/:id',
    {
      schema: { params: idParams },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const project = projectOf(request);
      const userId = sessionOf(request).userId;
      const owner = await store.users.findById(project.projectId, userId);
      if (owner) assertNotLastSignInMethod(owner, request.params.id);
      await webauthn.remove(userId, request.params.id);
      const user = await store.users.findById(project.projectId, userId);
      if (!user) throw new ApiError('session_not_found');
      // Stytch's SDK reads the updated user from `__user` (as for every factor deletion).
      return envelope(request, { user_id: userId, __user: userBody(user) });
    },
  );
}
