/**
 * The magic-link product: `POST /magic_links/email/login_or_create`,
 * `POST /magic_links/email/send/{primary,secondary}` and `POST /magic_links/authenticate`.
 */
import type { FastifyInstance } from 'fastify';
import { messageLocaleOf } from '../../delivery/message-locale.js';
import { afterAnswerOf } from '../../http/after-answer.js';
import { envelope } from '../../http/envelope.js';
import { projectOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import { refuseTemplateIds } from '../../http/template-ids.js';
import { codeChallenge, codeVerifier } from '../../keys/pkce.js';
import type { Store } from '../../store.js';
import { signedInAnswer, userAgentOf } from '../sessions/index.js';
import { MAGIC_LINK_EXPIRATION_MINUTES } from './magic-link-limits.js';
import type { MagicLinkSendMode, MagicLinksService } from './magic-links-service.js';

interface SendBody {
  email: string;
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  create_user_as_pending?: boolean;
  code_challenge?: string;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
}
interface AuthenticateBody {
  token: string;
  code_verifier?: string;
  session_duration_minutes?: number;
}

const expirationMinutes = {
  type: 'integer',
  minimum: MAGIC_LINK_EXPIRATION_MINUTES.min,
  maximum: MAGIC_LINK_EXPIRATION_MINUTES.max,
} as const;
const redirectUrl = { type: 'string', maxLength: 2048 } as const;

const sendSchema = {
  type: 'object',
  required: ['email'],
  properties: {
    email: s.email,
    login_magic_link_url: redirectUrl,
    signup_magic_link_url: redirectUrl,
    login_expiration_minutes: expirationMinutes,
    signup_expiration_minutes: expirationMinutes,
    create_user_as_pending: { type: 'boolean' },
    // S256 of a verifier: 32 bytes as unpadded base64url.
    code_challenge: codeChallenge,
    login_template_id: { type: 'string', maxLength: 128 },
    signup_template_id: { type: 'string', maxLength: 128 },
    locale: { type: 'string', maxLength: 16 },
    ...s.sdkExtras,
  },
} as const;

const authenticateSchema = {
  type: 'object',
  required: ['token'],
  properties: {
    token: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
    // RFC 7636: 43 to 128 unreserved characters.
    code_verifier: codeVerifier,
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

/** Registers the magic-link routes. */
export function magicLinkRoutes(
  app: FastifyInstance,
  deps: { magicLinks: MagicLinksService; store: Store },
): void {
  const sendRoute = (path: string, mode: MagicLinkSendMode) => {
    app.post<{ Body: SendBody }>(
      path,
      {
        schema: { body: sendSchema },
        config: {
          auth: mode === 'secondary' ? 'session' : 'project',
          changesSignIn: mode === 'secondary',
          checks: 'send',
        },
      },
      async (request, reply) => {
        const body = request.body;
        refuseTemplateIds(body, ['login_template_id', 'signup_template_id']);
        const result = await deps.magicLinks.send({
          project: projectOf(request),
          mode,
          email: body.email,
          loginMagicLinkUrl: body.login_magic_link_url,
          signupMagicLinkUrl: body.signup_magic_link_url,
          loginExpirationMinutes: body.login_expiration_minutes,
          signupExpirationMinutes: body.signup_expiration_minutes,
          createUserAsPending: body.create_user_as_pending,
          codeChallenge: body.code_challenge,
          locale: messageLocaleOf(body.locale),
          session: request.velvet?.session,
          ip: request.ip,
          afterAnswer: afterAnswerOf(reply),
        });
        return envelope(request, {
          ...(result.userId === undefined ? {} : { user_id: result.userId }),
          ...(result.emailId === undefined ? {} : { email_id: result.emailId }),
        });
      },
    );
  };
  /** `POST /magic_links/email/login_or_create`: a link to sign in, creating the user on first use. */
  sendRoute('/magic_links/email/login_or_create', 'login_or_create');
  /** `POST /magic_links/email/send/primary`: a link for an existing user (same answer otherwise). */
  sendRoute('/magic_links/email/send/primary', 'primary');
  /** `POST /magic_links/email/send/secondary`: with a session, adds the email to its user. */
  sendRoute('/magic_links/email/send/secondary', 'secondary');

  /** `POST /magic_links/authenticate`: turns a link's token into a session. */
  app.post<{ Body: AuthenticateBody }>(
    '/magic_links/authenticate',
    { schema: { body: authenticateSchema }, config: { checks: 'token' } },
    async (request) => {
      const project = projectOf(request);
      const { link, issued } = await deps.magicLinks.authenticate({
        project,
        token: request.body.token,
        codeVerifier: request.body.code_verifier,
        sessionDurationMinutes: request.body.session_duration_minutes,
        session: request.velvet?.session,
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      return signedInAnswer(request, deps.store.users, link.userId, issued, {
        method_id: link.emailId,
        email_id: link.emailId,
        reset_sessions: false,
      });
    },
  );
}
