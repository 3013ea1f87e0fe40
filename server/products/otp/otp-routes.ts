/**
 * The passcode product: `POST /otps/{sms,whatsapp,email}/login_or_create`,
 * `POST /otps/{sms,whatsapp,email}/send/{primary,secondary}` and
 * `POST /otps/authenticate`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Channel } from '../../delivery/delivery.js';
import { messageLocaleOf } from '../../delivery/message-locale.js';
import { afterAnswerOf } from '../../http/after-answer.js';
import { envelope } from '../../http/envelope.js';
import { projectOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import { refuseTemplateIds } from '../../http/template-ids.js';
import type { Store } from '../../store.js';
import { signedInAnswer, userAgentOf } from '../sessions/index.js';
import type { OtpService, SendMode } from './otp-service.js';

interface PhoneSendBody {
  phone_number: string;
  expiration_minutes?: number;
  locale?: string;
}
interface EmailSendBody {
  email: string;
  expiration_minutes?: number;
  locale?: string;
  login_template_id?: string;
  signup_template_id?: string;
}
interface AuthenticateBody {
  token: string;
  method_id: string;
  session_duration_minutes?: number;
}

const phoneSendSchema = {
  type: 'object',
  required: ['phone_number'],
  properties: {
    phone_number: s.phoneNumber,
    expiration_minutes: s.expirationMinutes,
    locale: { type: 'string', maxLength: 16 },
    ...s.sdkExtras,
  },
} as const;

const emailSendSchema = {
  type: 'object',
  required: ['email'],
  properties: {
    email: s.email,
    expiration_minutes: s.expirationMinutes,
    login_template_id: { type: 'string', maxLength: 128 },
    signup_template_id: { type: 'string', maxLength: 128 },
    locale: { type: 'string', maxLength: 16 },
    ...s.sdkExtras,
  },
} as const;

const authenticateSchema = {
  type: 'object',
  required: ['token', 'method_id'],
  properties: {
    token: { type: 'string', pattern: '^[0-9]{6}$' },
    method_id: s.id,
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

/** The host of the calling page, for the SMS one-time-code line. */
function originHost(request: FastifyRequest, fallbackOrigin: string): string {
  try {
    return new URL(request.headers.origin ?? fallbackOrigin).hostname;
  } catch {
    return new URL(fallbackOrigin).hostname;
  }
}

/** Registers the passcode routes. */
export function otpRoutes(
  app: FastifyInstance,
  deps: { otp: OtpService; store: Store; ownOrigin: string },
): void {
  const sendRoute = (channel: Channel, mode: SendMode) => {
    const path =
      mode === 'login_or_create'
        ? `/otps/${channel}/login_or_create`
        : `/otps/${channel}/send/${mode}`;
    const isEmail = channel === 'email';
    app.post<{ Body: PhoneSendBody | EmailSendBody }>(
      path,
      {
        schema: { body: isEmail ? emailSendSchema : phoneSendSchema },
        config: {
          auth: mode === 'secondary' ? 'session' : 'project',
          changesSignIn: mode === 'secondary',
          checks: 'send',
        },
      },
      async (request, reply) => {
        const body = request.body;
        if ('email' in body) refuseTemplateIds(body, ['login_template_id', 'signup_template_id']);
        const destination = 'email' in body ? body.email : body.phone_number;
        const result = await deps.otp.send({
          project: projectOf(request),
          channel,
          mode,
          destination,
          expirationMinutes: body.expiration_minutes,
          session: request.velvet?.session,
          ip: request.ip,
          originHost: originHost(request, deps.ownOrigin),
          locale: messageLocaleOf(body.locale),
          afterAnswer: afterAnswerOf(reply),
        });
        return envelope(request, {
          user_id: result.userId,
          method_id: result.methodId,
          ...(result.kind === 'phone'
            ? { phone_id: result.methodId }
            : { email_id: result.methodId }),
        });
      },
    );
  };
  for (const channel of ['sms', 'whatsapp', 'email'] as const) {
    for (const mode of ['login_or_create', 'primary', 'secondary'] as const)
      sendRoute(channel, mode);
  }

  /** `POST /otps/authenticate`: checks a passcode and starts (or extends) a session. */
  app.post<{ Body: AuthenticateBody }>(
    '/otps/authenticate',
    { schema: { body: authenticateSchema }, config: { checks: 'passcode' } },
    async (request) => {
      const project = projectOf(request);
      const { method, issued, user } = await deps.otp.authenticate({
        project,
        methodId: request.body.method_id,
        code: request.body.token,
        sessionDurationMinutes: request.body.session_duration_minutes,
        session: request.velvet?.session,
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      return signedInAnswer(
        request,
        deps.store.users,
        method.userId,
        issued,
        { method_id: method.methodId, reset_sessions: false },
        user,
      );
    },
  );
}
