/**
 * Email magic links: send a sign-in link (login_or_create, primary, secondary) and turn a link's
 * token into a session. Every rule lives here; the routes only translate HTTP.
 *
 * - Tokens carry 256 random bits, are stored as SHA-256, work once, belong to one project and
 *   open only the exact redirect URL they were made for.
 * - Redirect URLs must be on the project's lists, or be the project's own authorization endpoint
 *   on the server's own origin (`authorizationReturn`: a link sent from the authorization page
 *   opens the same authorization request, which checks its parameters again); a request naming
 *   none gets the first listed.
 * - With a PKCE challenge (required when the project says so, at send and at authenticate) the
 *   token needs its verifier, so a link signs in only the browser that asked for it.
 * - Sends are limited per (address, client), with a per-address backstop (see `countSend`), and
 *   per client IP; wrong PKCE verifiers are throttled as wrong passcodes are (see
 *   `FailureThrottle`).
 * - `send/primary` answers the same, in the same time, whether or not the address signs anyone
 *   in: the email goes out in the background, and only to an existing user. `send/secondary`
 *   answers alike for an address another user holds verified, and sends nothing to it; one
 *   others only claim (unproven) is the caller's to claim too.
 */
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../db/ids.js';
import type { JsonObject } from '../../db/json-column.js';
import { DeliveryError, type DeliveryRoutes } from '../../delivery/delivery.js';
import type { MessageLocale } from '../../delivery/message-locale.js';
import { type AfterAnswer, afterThisTurn } from '../../http/after-answer.js';
import { ApiError } from '../../http/api-error.js';
import { verifierMatches } from '../../keys/pkce.js';
import type { Project } from '../../projects/projects-repository.js';
import { listedRedirect, type RedirectRefusals } from '../../projects/redirect-urls.js';
import type { FailureThrottle } from '../../rate-limit/failure-throttle.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import { countSend } from '../../rate-limit/send-limits.js';
import { authorizationReturn } from '../idp/index.js';
import type { IssuedSession, SessionRecord, SessionService } from '../sessions/index.js';
import {
  DuplicateDestinationError,
  type MethodRecord,
  normalizeEmail,
  type UsersRepository,
} from '../users/index.js';
import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES } from './magic-link-limits.js';
import { magicLinkMessage } from './magic-link-message.js';
import { hashMagicLinkToken, newMagicLinkToken } from './magic-link-token.js';
import type { MagicLinkRecord, MagicLinksRepository } from './magic-links-repository.js';
import './magic-links-errors.js';

/** How a send finds its user. */
export type MagicLinkSendMode = 'login_or_create' | 'primary' | 'secondary';

/** A request to send a link. */
export interface MagicLinkSendRequest {
  project: Project;
  mode: MagicLinkSendMode;
  /** The address as typed. */
  email: string;
  loginMagicLinkUrl?: string;
  signupMagicLinkUrl?: string;
  loginExpirationMinutes?: number;
  signupExpirationMinutes?: number;
  createUserAsPending?: boolean;
  codeChallenge?: string;
  /** The language of the email; English when absent. */
  locale?: MessageLocale;
  /** The caller's session; required for `secondary`. */
  session?: SessionRecord;
  ip: string;
  /** Runs the background work of `primary` once the answer is out (after this turn by default). */
  afterAnswer?: AfterAnswer;
}

/** What a send reports: the user and email, except for `primary` (which says nothing). */
export interface MagicLinkSendResult {
  userId?: string;
  emailId?: string;
}

/** A request to authenticate a link's token. */
export interface MagicLinkAuthenticateRequest {
  project: Project;
  token: string;
  codeVerifier?: string;
  sessionDurationMinutes?: number;
  session?: SessionRecord;
  ip: string;
  userAgent: string;
}

/** The repositories the service reads and writes. */
export interface MagicLinkStorage {
  readonly users: UsersRepository;
  readonly links: MagicLinksRepository;
  /** Wrong PKCE verifiers, throttled per (address, client) as wrong passcodes are. */
  readonly throttle: FailureThrottle;
  /** The client's key for the throttle (`clientKey` under the server secret). */
  readonly clientKey: (ip: string) => string;
}

/** Sends and checks sign-in links. */
export class MagicLinksService {
  constructor(
    private readonly store: MagicLinkStorage,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly delivery: DeliveryRoutes,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
    /** The server's public origin, where the project's authorization endpoint lives. */
    private readonly ownOrigin: string,
  ) {}

  /** Sends a sign-in link to `request.email`. */
  async send(request: MagicLinkSendRequest): Promise<MagicLinkSendResult> {
    const { project } = request;
    const settings = project.settings;
    if (!settings.products.includes('emailMagicLinks')) {
      throw new ApiError(
        'product_not_enabled',
        'Email magic links are not enabled for this project.',
      );
    }
    const email = normalizeEmail(request.email);
    const links = settings.emailMagicLinks;
    if (links.pkceRequired && !request.codeChallenge) {
      throw new ApiError('pkce_expected_code_challenge');
    }
    // Both redirects are checked before the user is looked up: the answer cannot depend on it.
    const loginUrl = this.#landing(project, request.loginMagicLinkUrl, links.loginRedirectURLs, {
      noneListed: 'no_login_redirect_urls_set',
      notListed: 'no_match_for_provided_magic_link_url',
    });
    const signupUrl = this.#landing(project, request.signupMagicLinkUrl, links.signupRedirectURLs, {
      noneListed: 'no_signup_redirect_urls_set',
      notListed: 'no_match_for_provided_magic_link_url',
    });
    if (!this.delivery.email) {
      throw new ApiError('product_not_enabled', 'No delivery is set up for email.');
    }
    await this.limiter.hit(
      `magic-link-send:ip:${project.projectId}:${request.ip}`,
      links.sendLimits.perIp,
      'magic_link_send_rate_limited',
    );
    // Per (address, client), with the address's backstop: a stranger's sends never use up
    // the owner's own (see `countSend`).
    const client = this.store.clientKey(request.ip);
    await countSend(
      this.limiter,
      {
        scope: `magic-link-send:${project.projectId}`,
        destination: email,
        client,
        perDestination: links.sendLimits.perDestination,
        errorType: 'magic_link_send_rate_limited',
      },
      // A client that signed in with a link to the address before.
      () => this.store.throttle.isTrusted(`magic-link:${project.projectId}`, email, client),
    );

    const now = this.clock();
    const method = await this.#method(request, email, now);
    if (request.mode === 'primary') {
      // The answer cannot wait for the link: making and mailing it would make an existing
      // account's answer slower than a missing one's, so it starts once the answer is out. A
      // missing one gets no email.
      if (method) {
        (request.afterAnswer ?? afterThisTurn)(() => {
          this.#issue(request, method, email, loginUrl, signupUrl, now).catch((error: unknown) => {
            if (!(error instanceof ApiError)) this.log.error({ err: error }, 'magic link not sent');
          });
        });
      }
      return {};
    }
    if (!method) {
      // `send/secondary` to an address another user holds verified: answered as a sent link,
      // with an id that exists nowhere, and nothing stored or sent.
      const userId = request.session?.userId ?? newId('user', project.environment);
      return { userId, emailId: newId('email', project.environment) };
    }
    await this.#issue(request, method, email, loginUrl, signupUrl, now);
    return { userId: method.userId, emailId: method.methodId };
  }

  /** Stores a new link for `method` and mails it; rejects with `email_delivery_failed`. */
  async #issue(
    request: MagicLinkSendRequest,
    method: MethodRecord & { created?: boolean },
    email: string,
    loginUrl: string,
    signupUrl: string,
    now: number,
  ): Promise<void> {
    const { project } = request;
    const adapter = this.delivery.email;
    if (!adapter) throw new ApiError('product_not_enabled', 'No delivery is set up for email.');
    const kind = method.created || !method.verified ? 'signup' : 'login';
    const minutes =
      (kind === 'signup' ? request.signupExpirationMinutes : request.loginExpirationMinutes) ??
      DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES;
    const redirectUrl = kind === 'signup' ? signupUrl : loginUrl;
    const token = newMagicLinkToken();
    await this.store.links.create({
      magicLinkId: newId('magic-link', project.environment),
      projectId: project.projectId,
      userId: method.userId,
      emailId: method.methodId,
      email,
      tokenHash: hashMagicLinkToken(token),
      kind,
      redirectUrl,
      codeChallenge: request.codeChallenge ?? null,
      expiresAt: now + minutes * 60_000,
      createdAt: now,
    });
    const message = magicLinkMessage({
      projectName: project.name,
      link: linkUrl(redirectUrl, token),
      expirationMinutes: minutes,
      kind,
      locale: request.locale,
    });
    try {
      const receipt = await adapter.send({ channel: 'email', to: email, ...message });
      this.log.info(
        { adapter: adapter.name, receipt: receipt.id, methodId: method.methodId, kind },
        'magic link sent',
      );
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      this.log.warn(
        { adapter: adapter.name, vendorCode: error.vendorCode, err: error.message },
        'magic link delivery failed',
      );
      throw new ApiError('email_delivery_failed');
    }
  }

  /**
   * Where a link opens: the project's authorization endpoint when `asked` is it (on the
   * server's own origin), else the listed URL (`listedRedirect`: exact, or the first listed).
   */
  #landing(
    project: Project,
    asked: string | undefined,
    listed: readonly string[],
    refusals: RedirectRefusals,
  ): string {
    return (
      authorizationReturn(asked, this.ownOrigin, project) ?? listedRedirect(asked, listed, refusals)
    );
  }

  /** Checks a link's token; on success the email is verified and a session issued. */
  async authenticate(
    request: MagicLinkAuthenticateRequest,
  ): Promise<{ link: MagicLinkRecord; issued: IssuedSession }> {
    const { project } = request;
    await this.limiter.hit(
      `magic-link-auth:ip:${project.projectId}:${request.ip}`,
      project.settings.emailMagicLinks.authenticateLimit.perIp,
      'too_many_requests',
    );
    // Refused before the link is read: a refused duration spends nothing.
    const duration = this.sessions.resolveDuration(project, request.sessionDurationMinutes);
    const now = this.clock();
    const link = await this.store.links.findByTokenHash(hashMagicLinkToken(request.token));
    if (
      !link ||
      link.projectId !== project.projectId ||
      link.consumedAt !== null ||
      link.expiresAt <= now
    ) {
      throw new ApiError('unable_to_auth_magic_link');
    }
    if (link.codeChallenge === null && project.settings.emailMagicLinks.pkceRequired) {
      // Sent before the project required PKCE: it is bound to no browser, so it is refused.
      throw new ApiError(
        'pkce_expected_code_challenge',
        'This project requires pkce for magic links, and this link was sent without a code_challenge: request a new one.',
      );
    }
    const scope = `magic-link:${project.projectId}`;
    const client = this.store.clientKey(request.ip);
    if (link.codeChallenge !== null) {
      if (!request.codeVerifier) throw new ApiError('pkce_expected_code_verifier');
      // Counted before the check, cleared on success: a stranger's wrong verifiers delay only
      // the stranger (see `FailureThrottle`).
      await this.store.throttle.beginTry(scope, link.email, client, undefined, {
        vouched: request.session?.userId === link.userId,
      });
      if (!verifierMatches(request.codeVerifier, link.codeChallenge)) {
        throw new ApiError('pkce_mismatch');
      }
      // The right verifier: its failures cleared at once (a second tab losing the race below to
      // spend the link is no failure), and the browser trusted for the address's sends.
      await this.store.throttle.recordSuccess(scope, link.email, client);
    }
    const method = await this.store.users.findMethod(link.emailId);
    if (!method || method.userId !== link.userId) throw new ApiError('unable_to_auth_magic_link');
    if (!(await this.store.links.consume(link.magicLinkId, now))) {
      throw new ApiError('unable_to_auth_magic_link');
    }
    // A link without PKCE trusts the browser once it has signed in with it.
    if (link.codeChallenge === null)
      await this.store.throttle.recordSuccess(scope, link.email, client);
    // The link proves the email (see `proof.ts`).
    const withinOwnSession = request.session?.userId === link.userId;
    await this.store.users.prove(method, { now, withinOwnSession });
    await this.store.users.activate(link.userId);
    const factor = magicLinkFactor(link, now);
    if (request.session && withinOwnSession) {
      const withFactor = await this.sessions.addFactor(request.session, factor);
      return { link, issued: await this.sessions.touch(project, withFactor, duration) };
    }
    const issued = await this.sessions.create(project, link.userId, factor, duration, {
      ip_address: request.ip,
      user_agent: request.userAgent,
    });
    return { link, issued };
  }

  async #method(
    request: MagicLinkSendRequest,
    email: string,
    now: number,
  ): Promise<(MethodRecord & { created?: boolean }) | undefined> {
    const { project } = request;
    if (request.mode === 'login_or_create') {
      return this.store.users.findOrCreateByDestination(project, 'email', email, now, {
        status: request.createUserAsPending ? 'pending' : 'active',
      });
    }
    if (request.mode === 'primary') {
      return this.store.users.findByDestination(project.projectId, 'email', email);
    }
    if (!request.session) throw new ApiError('user_unauthenticated');
    try {
      return await this.store.users.addDestination(
        project,
        request.session.userId,
        'email',
        email,
        now,
      );
    } catch (error) {
      if (error instanceof DuplicateDestinationError) return undefined;
      throw error;
    }
  }
}

/** The redirect URL with `stytch_token_type=magic_links&token=…`, as Stytch's links have. */
export function linkUrl(redirectUrl: string, token: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('stytch_token_type', 'magic_links');
  url.searchParams.set('token', token);
  return url.toString();
}

/** The session factor a link adds, in Stytch's shape. */
function magicLinkFactor(link: MagicLinkRecord, now: number): JsonObject {
  return {
    type: 'magic_link',
    delivery_method: 'email',
    last_authenticated_at: new Date(now).toISOString(),
    email_factor: { email_id: link.emailId, email_address: link.email },
  };
}
