/**
 * Google One Tap: a page starts a prompt (it learns the project's Google client id and a nonce),
 * Google hands the person's browser an ID token carrying that nonce, and the page submits it.
 * A verified token signs the person in through their verified email (a new user is created, an
 * existing one is linked) through the OAuth product, and answers a redirect URL carrying a
 * single-use token that `POST /oauth/authenticate` exchanges for a session, only with the
 * verifier of the PKCE challenge the page submitted with. Every rule lives here; the routes
 * only translate HTTP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError } from '../../http/api-error.js';
import type { Project } from '../../projects/projects-repository.js';
import { listedRedirect, type RedirectRefusals } from '../../projects/redirect-urls.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { IssueRequest, OAuthProviderSettings } from '../oauth/index.js';
import { normalizeEmail } from '../users/index.js';
import type { GoogleIdTokenVerifier } from './one-tap-id-token.js';
import { START_LIFETIME_MS, START_LIMIT_PER_IP, SUBMIT_LIMIT_PER_IP } from './one-tap-limits.js';
import type { OneTapRepository } from './one-tap-repository.js';
import './oauth-one-tap-errors.js';

/** What the login list answers when it cannot serve a request. */
const LOGIN_REFUSALS: RedirectRefusals = {
  noneListed: 'no_login_redirect_urls_set',
  notListed: 'no_match_for_provided_oauth_url',
};

/** What the sign-up list answers when it cannot serve a request. */
const SIGNUP_REFUSALS: RedirectRefusals = {
  noneListed: 'no_signup_redirect_urls_set',
  notListed: 'no_match_for_provided_oauth_url',
};

/** What a page needs to show the prompt. */
export interface OneTapStarted {
  googleClientId: string;
  oauthCallbackId: string;
  nonce: string;
}

/** An ID token to check. */
export interface OneTapSubmission {
  project: Project;
  idToken: string;
  oauthCallbackId: string;
  loginRedirectUrl?: string;
  signupRedirectUrl?: string;
  /**
   * The page's PKCE challenge (required): the landing token works only with its verifier, so
   * it signs in only the browser that submitted the prompt (no login CSRF).
   */
  codeChallenge?: string;
  ip: string;
}

/** Starts prompts and checks what they return. */
export class OneTapService {
  constructor(
    private readonly tokens: OneTapRepository,
    /** The OAuth product's sign-in (`OAuthService.issue`). */
    private readonly issue: (request: IssueRequest) => Promise<URL>,
    private readonly verifier: GoogleIdTokenVerifier,
    private readonly limiter: RateLimiter,
    private readonly clock: () => number,
  ) {}

  /**
   * A new prompt: the Google client id, and a single-use callback id with the nonce the ID token
   * must carry. Refused (with the error type the widget shows) while the project is not ready.
   */
  async start(project: Project, ip: string): Promise<OneTapStarted> {
    const google = readyGoogle(project);
    await this.limiter.hit(
      `one-tap-start:ip:${project.projectId}:${ip}`,
      START_LIMIT_PER_IP,
      'too_many_requests',
    );
    const now = this.clock();
    const started: OneTapStarted = {
      googleClientId: google.clientId,
      oauthCallbackId: `oauth-callback-${project.environment}-${randomUUID()}`,
      nonce: randomBytes(24).toString('base64url'),
    };
    await this.tokens.createStart(
      {
        oauthCallbackId: started.oauthCallbackId,
        projectId: project.projectId,
        nonce: started.nonce,
        expiresAt: now + START_LIFETIME_MS,
      },
      now,
    );
    return started;
  }

  /**
   * Verifies the ID token against the started prompt and answers the redirect URL: the login
   * URL for a known email, the sign-up URL for a new user, each exactly as listed, with
   * `stytch_token_type=oauth&token=…`. The token is bound to the page's PKCE challenge: a
   * submit without one is refused before anything is read or written, so a token minted for
   * one person's Google account cannot be planted in another person's browser.
   */
  async submit(request: OneTapSubmission): Promise<{ redirectUrl: string }> {
    const { project } = request;
    const google = readyGoogle(project);
    const codeChallenge = request.codeChallenge;
    if (!codeChallenge) {
      throw new ApiError(
        'oauth_pkce_expected_code_challenge',
        'A One Tap submit needs a pkce_code_challenge: the landing token then works only with its code_verifier, in the browser that kept it.',
      );
    }
    await this.limiter.hit(
      `one-tap-submit:ip:${project.projectId}:${request.ip}`,
      SUBMIT_LIMIT_PER_IP,
      'too_many_requests',
    );
    const { loginRedirectURLs, signupRedirectURLs } = project.settings.oauth;
    const login = listedRedirect(request.loginRedirectUrl, loginRedirectURLs, LOGIN_REFUSALS);
    const signup = listedRedirect(request.signupRedirectUrl, signupRedirectURLs, SIGNUP_REFUSALS);
    const now = this.clock();
    const start = await this.tokens.findStart(project.projectId, request.oauthCallbackId);
    if (!start || start.consumedAt !== null || start.expiresAt <= now) {
      throw new ApiError('oauth_callback_id_not_found');
    }
    const identity = await this.verifier.verify(request.idToken, google, {
      nonce: start.nonce,
      now,
    });
    if (!(await this.tokens.consumeStart(start.oauthCallbackId, now))) {
      throw new ApiError('oauth_callback_id_not_found');
    }
    // Google vouched for the address (the verifier refuses an unverified one): the user is
    // found, linked or made as the redirect flow does, through that verified email.
    const target = await this.issue({
      project,
      provider: 'google',
      identity: {
        subject: identity.subject,
        email: normalizeEmail(identity.email),
        emailVerified: true,
        firstName: identity.name.first_name,
        lastName: identity.name.last_name,
      },
      providerValues: {
        access_token: '',
        id_token: request.idToken,
        refresh_token: '',
        scopes: ['openid', 'email', 'profile'],
        expires_at: null,
      },
      codeChallenge,
      loginUrl: login,
      signupUrl: signup,
    });
    return { redirectUrl: target.toString() };
  }
}

/**
 * The project's Google app, when One Tap can run: OAuth on, a Google client id, and login and
 * sign-up redirect URLs listed.
 */
function readyGoogle(project: Project): OAuthProviderSettings {
  if (!project.settings.products.includes('oauth')) {
    throw new ApiError('product_not_enabled', 'OAuth is not enabled for this project.');
  }
  const { providers, loginRedirectURLs, signupRedirectURLs } = project.settings.oauth;
  const google = providers.google;
  if (!google?.clientId) throw new ApiError('oauth_config_not_found');
  if (loginRedirectURLs.length === 0) throw new ApiError(LOGIN_REFUSALS.noneListed);
  if (signupRedirectURLs.length === 0) throw new ApiError(SIGNUP_REFUSALS.noneListed);
  return google;
}
