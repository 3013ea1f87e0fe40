/**
 * Bot protection of the routes that check a secret or reveal an account. Every SDK route says what
 * it checks (`config: {checks}`, see `route-checks.ts`), and the routes whose declaration is
 * guarded (a send, a challenge start, a password, a typed code, an account lookup) have their
 * request's `captcha_token` verified with the provider, when the project has a captcha
 * (`botProtection.captcha`), before the handler runs. `OBSERVATION` logs the verdict and lets the
 * request through; `DECISIONING` refuses a request without a token (`403 captcha_required`) or
 * with one the provider rejects (`429 captcha_failed`), as Stytch does. Tokens are never logged.
 *
 * `dfp_telemetry_id` (device fingerprinting) is accepted in bodies, as Stytch's SDK sends it, but
 * not used: Velvet has no fingerprinting service to resolve such an id against.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { CaptchaSettings } from '../projects/project-settings.js';
import type { Project } from '../projects/projects-repository.js';
import { assertDeclaresChecks, isGuarded } from './route-checks.js';
import {
  type CaptchaVerdict,
  type CaptchaVerifier,
  TurnstileVerifier,
} from './turnstile-verifier.js';

/** The action the widget renders the challenge with (spec section 9). */
export const CAPTCHA_ACTION = 'LOGIN';

/** Makes the verifier of a project's captcha provider. */
export type VerifierFactory = (settings: CaptchaSettings) => CaptchaVerifier;

/** The providers Velvet verifies: Cloudflare Turnstile. */
export const defaultVerifierFactory: VerifierFactory = (settings) =>
  new TurnstileVerifier(settings.verifyUrl, settings.secretKey);

/** The hostnames a project's tokens may come from: its authorized origins' and the server's. */
function allowedHostnames(project: Project, ownOrigin: string): Set<string> {
  return new Set(
    [...project.settings.authorizedOrigins, ownOrigin].map((origin) => new URL(origin).hostname),
  );
}

/** The token in the body, if any (schemas limit its type and length). */
function captchaToken(request: FastifyRequest): string | undefined {
  const body = request.body as { captcha_token?: unknown } | undefined;
  const token = body?.captcha_token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/**
 * Adds the check to every route of `scope` whose declaration is guarded, and refuses (at start)
 * a route of `scope` declared from now on that does not say what it checks. Call it before the
 * scope declares its routes.
 */
export function botProtectionHook(
  scope: FastifyInstance,
  deps: { ownOrigin: string; verifierFor?: VerifierFactory },
): void {
  const verifierFor = deps.verifierFor ?? defaultVerifierFactory;
  const check = async (request: FastifyRequest): Promise<void> => {
    const project = request.velvet?.project;
    const captcha = project?.settings.botProtection?.captcha;
    if (!project || !captcha) return;
    const token = captchaToken(request);
    const verdict: CaptchaVerdict = token
      ? await verifierFor(captcha).verify({
          token,
          remoteIp: request.ip,
          action: CAPTCHA_ACTION,
          hostnames: allowedHostnames(project, deps.ownOrigin),
        })
      : { valid: false, errorCodes: ['missing-input-response'] };
    request.log.info(
      {
        bot_protection: {
          provider: captcha.provider,
          mode: captcha.mode,
          route: request.routeOptions.url,
          outcome: verdict.valid ? 'passed' : token ? 'failed' : 'missing',
          error_codes: verdict.errorCodes,
        },
      },
      'captcha checked',
    );
    if (captcha.mode !== 'DECISIONING' || verdict.valid) return;
    throw new ApiError(token ? 'captcha_failed' : 'captcha_required');
  };
  scope.addHook('onRoute', assertDeclaresChecks);
  // A callback hook: the routes that are not guarded (most calls) pass without a promise.
  scope.addHook('preHandler', (request, _reply, done) => {
    if (!isGuarded(request.routeOptions.config.checks)) {
      done();
      return;
    }
    check(request).then(() => done(), done);
  });
}
