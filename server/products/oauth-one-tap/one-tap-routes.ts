/**
 * Google One Tap's routes: `GET /oauth/google/onetap/start` and
 * `POST /oauth/google/onetap/submit`, the consumer twins of the paths Stytch's SDK calls for
 * B2B One Tap (`/b2b/oauth/google/onetap/{start,submit}`), in its envelope.
 */
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../http/envelope.js';
import { projectOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import { codeChallenge } from '../../keys/pkce.js';
import type { OneTapService } from './one-tap-service.js';

interface SubmitBody {
  id_token: string;
  oauth_callback_id: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  pkce_code_challenge?: string;
}

const redirectUrl = { type: 'string', maxLength: 2048 } as const;

const submitSchema = {
  type: 'object',
  required: ['id_token', 'oauth_callback_id'],
  properties: {
    id_token: { type: 'string', minLength: 1, maxLength: 8192 },
    oauth_callback_id: s.id,
    login_redirect_url: redirectUrl,
    signup_redirect_url: redirectUrl,
    pkce_code_challenge: codeChallenge,
    ...s.sdkExtras,
  },
} as const;

/** Registers the One Tap routes. */
export function oneTapRoutes(
  app: FastifyInstance,
  deps: {
    oneTap: OneTapService;
    /** The development Google's script, on a development server only. */
    developmentScriptUrl?: string;
  },
): void {
  /**
   * `GET /oauth/google/onetap/start`: the project's Google client id, a callback id and the
   * nonce to give Google. `oauth_config_not_found`, `no_login_redirect_urls_set` or
   * `no_signup_redirect_urls_set` while the project is not set up for One Tap. On a development
   * server, for a project whose Google is `"development": true`, `development_script_url` names
   * the development Google's script, which the widget loads instead of Google's.
   */
  app.get('/oauth/google/onetap/start', { config: { checks: 'nothing' } }, async (request) => {
    const project = projectOf(request);
    const started = await deps.oneTap.start(project, request.ip);
    const development = project.settings.oauth.providers.google?.development === true;
    return envelope(request, {
      google_client_id: started.googleClientId,
      oauth_callback_id: started.oauthCallbackId,
      nonce: started.nonce,
      ...(development &&
        deps.developmentScriptUrl && { development_script_url: deps.developmentScriptUrl }),
    });
  });

  /**
   * `POST /oauth/google/onetap/submit`: verifies Google's ID token and answers the redirect URL
   * (`redirect_url`) whose `token` `POST /oauth/authenticate` exchanges for a session, with the
   * `code_verifier` of the required `pkce_code_challenge` (Stytch's SDK sends one whenever
   * bootstrap says `pkce_required_for_oauth`, as ours does for every OAuth project).
   */
  app.post<{ Body: SubmitBody }>(
    '/oauth/google/onetap/submit',
    { schema: { body: submitSchema }, config: { checks: 'token' } },
    async (request) => {
      const body = request.body;
      const { redirectUrl: redirect_url } = await deps.oneTap.submit({
        project: projectOf(request),
        idToken: body.id_token,
        oauthCallbackId: body.oauth_callback_id,
        loginRedirectUrl: body.login_redirect_url,
        signupRedirectUrl: body.signup_redirect_url,
        codeChallenge: body.pkce_code_challenge,
        ip: request.ip,
      });
      return envelope(request, { redirect_url });
    },
  );
}
