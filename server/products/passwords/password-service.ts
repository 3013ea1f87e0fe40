/**
 * The passwords product's rules: create, log in, check strength, and reset (by email, by the
 * existing password, by a session). The routes only translate HTTP.
 *
 * - Hashes are argon2id (see `password-hashing.ts`), rehashed on login when the parameters
 *   change.
 * - Logins take the same work whether or not the email has a user or a password (a decoy
 *   verification), fail the same way, are throttled per (email, client) with a per-email
 *   backstop that never shuts out the owner's trusted devices (see `FailureThrottle`), and are
 *   limited per client IP.
 * - A user who exists without a password gets `reset_password` on create: only the inbox's
 *   owner may add a password to an account (the Dedupe flow), so nobody can pre-claim one.
 * - Reset tokens are 256 random bits, stored as SHA-256, single use, expiring, optionally bound
 *   to a PKCE challenge; a reset ends the user's other sessions unless asked not to.
 * - When the project has email magic links, the reset email also carries a "Log in without
 *   password" link, as Stytch's does: a magic link (hashed, single use, as long-lived as the reset
 *   link and bound to the same PKCE challenge) to the start's `login_redirect_url`, or the first
 *   of the project's magic-link login URLs. Without magic links (or without a URL to land on, or
 *   when the project requires PKCE for links and the start sent no challenge) there is none: a
 *   link no page could authenticate would only fail.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { JsonObject } from '../../db/json-column.js';
import { DeliveryError, type DeliveryRoutes } from '../../delivery/delivery.js';
import type { MessageLocale } from '../../delivery/message-locale.js';
import { ApiError } from '../../http/api-error.js';
import { isMalformedText } from '../../http/well-formed-text.js';
import { verifierMatches } from '../../keys/pkce.js';
import type { Project } from '../../projects/projects-repository.js';
import { listedRedirect } from '../../projects/redirect-urls.js';
import type { FailureThrottle } from '../../rate-limit/failure-throttle.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import { countSend } from '../../rate-limit/send-limits.js';
import type { LoginLinks } from '../magic-links/index.js';
import type { IssuedSession, SessionRecord, SessionService } from '../sessions/index.js';
import type { MethodRecord, UsersRepository } from '../users/index.js';
import { normalizeEmail } from '../users/index.js';
import type { BreachChecker } from './breached-passwords.js';
import type { PasswordHasher } from './password-hashing.js';
import { resetMessage } from './password-reset-message.js';
import type { PasswordResetsRepository } from './password-resets-repository.js';
import { rateStrength, type StrengthResult } from './password-strength.js';
import type { PasswordsRepository } from './passwords-repository.js';
import './passwords-errors.js';

/** The repositories the service reads and writes. */
export interface PasswordStorage {
  readonly db: Db;
  readonly users: UsersRepository;
  readonly passwords: PasswordsRepository;
  readonly resets: PasswordResetsRepository;
  /** Wrong passwords, throttled per (email, client) as wrong passcodes are. */
  readonly throttle: FailureThrottle;
  /** The client's key for the throttle (`clientKey` under the server secret). */
  readonly clientKey: (ip: string) => string;
  /** The reset email's "Log in without password" links (email magic links). */
  readonly loginLinks: LoginLinks;
}

/** Who is asking, for limits and the session's attributes. */
export interface Caller {
  project: Project;
  ip: string;
  userAgent: string;
  /** The caller's live session, if any. */
  session?: SessionRecord | undefined;
}

/** A sign-in's outcome. */
export interface SignedIn {
  userId: string;
  emailId: string;
  issued: IssuedSession;
}

/** What a reset start reports. */
export interface ResetStarted {
  userId: string;
  emailId: string;
}

/** Options of a reset start. */
export interface ResetStartRequest {
  email: string;
  resetPasswordRedirectUrl?: string | undefined;
  loginRedirectUrl?: string | undefined;
  expirationMinutes?: number | undefined;
  codeChallenge?: string | undefined;
  /** The language of the email; English when absent. */
  locale?: MessageLocale | undefined;
}

/** Turns a `BreachChecker` choice of the project's settings into a checker. */
export type BreachCheckers = (project: Project) => BreachChecker;

/** The SHA-256 of a reset token, hex. */
function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Refuses a password that is not well-formed text (`isMalformedText`: every request's text is
 * checked so before its route, see `http/well-formed-text.ts`), or that holds the replacement
 * character a client's own decoding of bad bytes leaves: such a password could not be typed
 * again.
 */
export function assertPasswordText(password: string): void {
  if (isMalformedText(password) || password.includes('\uFFFD')) {
    throw new ApiError('invalid_password');
  }
}

/** The session factor a password login adds, in Stytch's shape. */
function passwordFactor(emailId: string, email: string, now: number): JsonObject {
  return {
    type: 'password',
    delivery_method: 'knowledge',
    last_authenticated_at: new Date(now).toISOString(),
    email_factor: { email_id: emailId, email_address: email },
  };
}

/** Creates, checks and resets passwords. */
export class PasswordService {
  constructor(
    private readonly store: PasswordStorage,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasher,
    private readonly breaches: BreachCheckers,
    private readonly limiter: RateLimiter,
    private readonly delivery: DeliveryRoutes,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `POST /passwords/strength_check`: the strength result (rate limited per IP). */
  async strengthCheck(caller: Caller, password: string, email?: string): Promise<StrengthResult> {
    const { project } = caller;
    this.#assertEnabled(project);
    await this.limiter.hit(
      `password-strength:ip:${project.projectId}:${caller.ip}`,
      project.settings.passwords.strengthCheckLimit.perIp,
      'too_many_requests',
    );
    const normalized = email === undefined ? undefined : normalizeEmail(email);
    return this.#rate(project, password, normalized);
  }

  /** `POST /passwords`: a new user with a password, signed in. */
  async create(
    caller: Caller,
    rawEmail: string,
    password: string,
    durationMinutes?: number,
  ): Promise<SignedIn> {
    const { project } = caller;
    this.#assertEnabled(project);
    const duration = this.sessions.resolveDuration(project, durationMinutes);
    const email = normalizeEmail(rawEmail);
    assertPasswordText(password);
    await this.limiter.hit(
      `password-auth:ip:${project.projectId}:${caller.ip}`,
      project.settings.passwords.authenticateLimit.perIp,
      'too_many_requests',
    );
    const existing = await this.store.users.findByDestination(project.projectId, 'email', email);
    if (existing) {
      if (await this.store.passwords.hashOf(existing.userId)) throw new ApiError('duplicate_email');
      throw new ApiError('reset_password');
    }
    await this.#assertAcceptable(project, password, email);
    const now = this.clock();
    const hash = await this.hasher.hash(password);
    const method = await this.store.users.findOrCreateByDestination(project, 'email', email, now);
    if (!method.created) throw new ApiError('reset_password');
    await this.store.passwords.set(project.projectId, method.userId, hash, now);
    return this.#signIn(caller, method, duration);
  }

  /** `POST /passwords/authenticate`: checks the password and signs in. */
  async authenticate(
    caller: Caller,
    rawEmail: string,
    password: string,
    durationMinutes?: number,
  ): Promise<SignedIn> {
    this.#assertEnabled(caller.project);
    const duration = this.sessions.resolveDuration(caller.project, durationMinutes);
    const method = await this.#checkPassword(caller, rawEmail, password);
    // A right password that has since shown up in a breach must be replaced first (as Stytch
    // does): the widget sends a reset email and shows Password Breached.
    if (await this.breaches(caller.project).isBreached(password)) {
      throw new ApiError(
        'reset_password',
        'This password may have been used on a different site that experienced a security issue. A reset is needed before you log in.',
      );
    }
    return this.#signIn(caller, method, duration);
  }

  /** `POST /passwords/email/reset/start`: emails a reset link to a user of the project. */
  async resetStart(caller: Caller, request: ResetStartRequest): Promise<ResetStarted> {
    const { project } = caller;
    this.#assertEnabled(project);
    const settings = project.settings.passwords;
    const email = normalizeEmail(request.email);
    const redirect = this.#redirectUrl(project, request.resetPasswordRedirectUrl);
    const loginUrl =
      request.loginRedirectUrl === undefined
        ? undefined
        : loginRedirect(project, request.loginRedirectUrl);
    if (settings.pkceRequiredForResets && request.codeChallenge === undefined) {
      throw new ApiError(
        'pkce_expected_code_challenge',
        'This project requires pkce for password resets: send a code_challenge.',
      );
    }
    await this.limiter.hit(
      `password-reset:ip:${project.projectId}:${caller.ip}`,
      settings.resetSendLimits.perIp,
      'too_many_requests',
    );
    // Per (address, client), with the address's backstop: a stranger's requests never use up
    // the owner's own (see `countSend`).
    const client = this.store.clientKey(caller.ip);
    await countSend(
      this.limiter,
      {
        scope: `password-reset:${project.projectId}`,
        destination: email,
        client,
        perDestination: settings.resetSendLimits.perEmail,
        errorType: 'too_many_requests',
      },
      // A client that signed in with the password before.
      () => this.store.throttle.isTrusted(`password:${project.projectId}`, email, client),
    );
    const method = await this.store.users.findByDestination(project.projectId, 'email', email);
    if (!method) throw new ApiError('email_not_found');
    const now = this.clock();
    const expirationMinutes = request.expirationMinutes ?? settings.resetExpirationMinutes;
    const token = randomBytes(32).toString('base64url');
    await this.store.resets.create({
      resetId: `password-reset-${project.environment}-${crypto.randomUUID()}`,
      projectId: project.projectId,
      userId: method.userId,
      emailId: method.methodId,
      tokenHash: hashResetToken(token),
      codeChallenge: request.codeChallenge ?? null,
      expiresAt: now + expirationMinutes * 60_000,
      consumedAt: null,
      createdAt: now,
    });
    const link = new URL(redirect);
    link.searchParams.set('stytch_token_type', 'reset_password');
    link.searchParams.set('token', token);
    const adapter = this.delivery.email;
    if (!adapter) throw new ApiError('product_not_enabled', 'No delivery is set up for email.');
    const loginLink = await this.#loginLink(project, method, loginUrl, {
      codeChallenge: request.codeChallenge ?? null,
      expirationMinutes,
      now,
    });
    const message = resetMessage({
      projectName: project.name,
      link: link.toString(),
      expirationMinutes,
      ...(loginLink !== undefined && { loginLink }),
      locale: request.locale,
    });
    try {
      const receipt = await adapter.send({ channel: 'email', to: email, ...message });
      this.log.info(
        { adapter: adapter.name, receipt: receipt.id, emailId: method.methodId },
        'password reset email sent',
      );
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      this.log.warn(
        { adapter: adapter.name, vendorCode: error.vendorCode, err: error.message },
        'password reset delivery failed',
      );
      throw new ApiError('email_delivery_failed');
    }
    return { userId: method.userId, emailId: method.methodId };
  }

  /**
   * `POST /passwords/email/reset`: sets a new password with an emailed token, verifies the
   * email, ends the user's other sessions (unless `keepOtherSessions`) and signs in.
   */
  async resetByEmail(
    caller: Caller,
    request: {
      token: string;
      password: string;
      durationMinutes?: number | undefined;
      codeVerifier?: string | undefined;
      keepOtherSessions?: boolean | undefined;
    },
  ): Promise<SignedIn> {
    const { project } = caller;
    this.#assertEnabled(project);
    const duration = this.sessions.resolveDuration(project, request.durationMinutes);
    assertPasswordText(request.password);
    const reset = await this.store.resets.findByTokenHash(hashResetToken(request.token));
    const now = this.clock();
    if (!reset || reset.projectId !== project.projectId || reset.consumedAt !== null) {
      throw new ApiError('password_reset_token_not_found');
    }
    if (reset.expiresAt <= now) throw new ApiError('password_reset_token_expired');
    if (reset.codeChallenge !== null) {
      if (request.codeVerifier === undefined) {
        throw new ApiError(
          'pkce_expected_code_verifier',
          'This password reset was started with a pkce code_challenge: send its code_verifier, from the browser that asked for the reset.',
        );
      }
      if (!verifierMatches(request.codeVerifier, reset.codeChallenge)) {
        throw new ApiError(
          'pkce_mismatch',
          'The pkce code_verifier does not match the code_challenge of this password reset.',
        );
      }
    }
    const method = await this.store.users.findMethod(reset.emailId);
    if (!method || method.userId !== reset.userId) {
      throw new ApiError('password_reset_token_not_found');
    }
    await this.#assertAcceptable(project, request.password, method.destination);
    const hash = await this.hasher.hash(request.password);
    if (!(await this.store.resets.consume(reset.resetId, this.clock()))) {
      throw new ApiError('password_reset_token_not_found');
    }
    // The link proves the email (see `proof.ts`): an account made for it by someone else loses
    // its password and sessions before the owner's password is set.
    const withinOwnSession = caller.session?.userId === method.userId;
    await this.store.users.prove(method, { now, withinOwnSession });
    const keep = request.keepOtherSessions === true;
    await this.#setPassword(project, method, hash, keep, undefined);
    // The caller's own session ended with the others, unless they were kept: a new one starts.
    const signer = keep ? caller : { ...caller, session: undefined };
    return this.#signIn(signer, { ...method, verified: true }, duration);
  }

  /**
   * `POST /passwords/existing_password/reset`: changes the password with the current one,
   * ends the user's other sessions and signs in.
   */
  async resetByExistingPassword(
    caller: Caller,
    request: {
      email: string;
      existingPassword: string;
      newPassword: string;
      durationMinutes?: number | undefined;
    },
  ): Promise<SignedIn> {
    this.#assertEnabled(caller.project);
    const duration = this.sessions.resolveDuration(caller.project, request.durationMinutes);
    assertPasswordText(request.newPassword);
    const method = await this.#checkPassword(caller, request.email, request.existingPassword);
    await this.#assertAcceptable(caller.project, request.newPassword, method.destination);
    const hash = await this.hasher.hash(request.newPassword);
    await this.#setPassword(caller.project, method, hash, false, undefined);
    return this.#signIn({ ...caller, session: undefined }, method, duration);
  }

  /**
   * `POST /passwords/session/reset`: sets the signed-in user's password; the caller's session
   * stays, the user's other sessions end. As Stytch's does, it needs a session that proved the
   * email address or the password in the last {@link SESSION_RESET_RECENCY_MS} (a password, an
   * email magic link or an email passcode factor), so a session left open on a shared device
   * cannot take the account over.
   */
  async resetBySession(
    caller: Caller & { session: SessionRecord },
    password: string,
    durationMinutes?: number,
  ): Promise<SignedIn> {
    const { project, session } = caller;
    this.#assertEnabled(project);
    // Checked before anything is written; without one the session keeps its expiry.
    if (durationMinutes !== undefined) this.sessions.resolveDuration(project, durationMinutes);
    assertPasswordText(password);
    if (!hasRecentEmailFactor(session, this.clock())) {
      throw new ApiError('session_too_old_to_reset_password');
    }
    const user = await this.store.users.findById(project.projectId, session.userId);
    const email = user?.emails[0];
    if (!user || !email) throw new ApiError('email_not_found', 'The signed-in user has no email.');
    await this.#assertAcceptable(project, password, email.email);
    const hash = await this.hasher.hash(password);
    const method: MethodRecord = {
      kind: 'email',
      methodId: email.emailId,
      projectId: project.projectId,
      userId: user.userId,
      destination: email.email,
      verified: email.verified,
    };
    await this.#setPassword(project, method, hash, false, session.sessionId);
    const issued = await this.sessions.touch(project, session, durationMinutes ?? undefined);
    return { userId: user.userId, emailId: email.emailId, issued };
  }

  /**
   * Checks `password` for `rawEmail`, counting failures per email and hits per IP, with the
   * same work whether or not the user (or their password) exists.
   */
  async #checkPassword(caller: Caller, rawEmail: string, password: string): Promise<MethodRecord> {
    const { project } = caller;
    this.#assertEnabled(project);
    const email = normalizeEmail(rawEmail);
    assertPasswordText(password);
    await this.limiter.hit(
      `password-auth:ip:${project.projectId}:${caller.ip}`,
      project.settings.passwords.authenticateLimit.perIp,
      'too_many_requests',
    );
    const method = await this.store.users.findByDestination(project.projectId, 'email', email);
    // Counted as a failure before the check, cleared on success: a stranger's wrong passwords
    // delay only the stranger, and parallel tries are counted one by one (see FailureThrottle).
    // A caller holding the user's own session is never shut out by others' failures.
    const scope = `password:${project.projectId}`;
    const client = this.store.clientKey(caller.ip);
    await this.store.throttle.beginTry(scope, email, client, undefined, {
      vouched: method !== undefined && caller.session?.userId === method.userId,
    });

    const stored = method && (await this.store.passwords.hashOf(method.userId));
    const matches = stored
      ? await this.hasher.verify(stored, password)
      : await this.hasher.verifyDecoy(password);
    if (!method || !stored || !matches) throw new ApiError('unauthorized_password');
    await this.store.throttle.recordSuccess(scope, email, client);
    if (this.hasher.needsRehash(stored)) {
      const upgraded = await this.hasher.hash(password);
      await this.store.passwords.replaceIfUnchanged(method.userId, stored, upgraded, this.clock());
      this.log.info({ userId: method.userId }, 'password hash upgraded to the current parameters');
    }
    return method;
  }

  /** Stores the new hash, retires outstanding resets, ends other sessions. */
  async #setPassword(
    project: Project,
    method: MethodRecord,
    hash: string,
    keepOtherSessions: boolean,
    keepSessionId: string | undefined,
  ): Promise<void> {
    const now = this.clock();
    await this.store.passwords.set(project.projectId, method.userId, hash, now);
    await this.store.resets.retireAllForUser(method.userId, now);
    if (keepOtherSessions) return;
    let revoke = this.store.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', method.userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) revoke = revoke.where('session_id', '!=', keepSessionId);
    await revoke.execute();
  }

  /** Starts the session (or adds the factor to the caller's), `duration` already resolved. */
  async #signIn(caller: Caller, method: MethodRecord, duration: number): Promise<SignedIn> {
    const { project } = caller;
    const now = this.clock();
    const factor = passwordFactor(method.methodId, method.destination, now);
    if (caller.session && caller.session.userId === method.userId) {
      const withFactor = await this.sessions.addFactor(caller.session, factor);
      return {
        userId: method.userId,
        emailId: method.methodId,
        issued: await this.sessions.touch(project, withFactor, duration),
      };
    }
    const issued = await this.sessions.create(project, method.userId, factor, duration, {
      ip_address: caller.ip,
      user_agent: caller.userAgent,
    });
    return { userId: method.userId, emailId: method.methodId, issued };
  }

  async #rate(project: Project, password: string, email?: string): Promise<StrengthResult> {
    assertPasswordText(password);
    const breached = await this.breaches(project).isBreached(password);
    const inputs = email
      ? [email, ...email.split(/[@.+_-]/).filter((part) => part.length > 2)]
      : [];
    return rateStrength(password, project.settings.passwords, breached, inputs);
  }

  /** Refuses a breached password or one the policy rejects. */
  async #assertAcceptable(project: Project, password: string, email: string): Promise<void> {
    const result = await this.#rate(project, password, email);
    if (result.breached_password) throw new ApiError('breached_password');
    if (!result.valid_password) {
      throw new ApiError('weak_password', undefined, { feedback: result.feedback });
    }
  }

  /**
   * The reset email's "Log in without password" link (see the module comment), or `undefined`
   * when the project has no email magic links, no URL to land on, or requires PKCE for links and
   * the start sent no challenge.
   */
  async #loginLink(
    project: Project,
    method: MethodRecord,
    asked: string | undefined,
    link: { codeChallenge: string | null; expirationMinutes: number; now: number },
  ): Promise<string | undefined> {
    if (!project.settings.products.includes('emailMagicLinks')) return undefined;
    const links = project.settings.emailMagicLinks;
    const redirectUrl = asked ?? links.loginRedirectURLs[0];
    if (redirectUrl === undefined) return undefined;
    if (links.pkceRequired && link.codeChallenge === null) return undefined;
    return this.store.loginLinks.create({
      project,
      userId: method.userId,
      emailId: method.methodId,
      email: method.destination,
      redirectUrl,
      ...link,
    });
  }

  #redirectUrl(project: Project, requested: string | undefined): string {
    return listedRedirect(requested, project.settings.passwords.resetRedirectUrls, {
      noneListed: 'reset_redirect_url_not_allowed',
      notListed: 'reset_redirect_url_not_allowed',
    });
  }

  #assertEnabled(project: Project): void {
    if (!project.settings.products.includes('passwords')) {
      throw new ApiError('product_not_enabled', 'Passwords are not enabled for this project.');
    }
  }
}

/**
 * Checks a reset's `login_redirect_url`, where Stytch sends a user who logs in without a password
 * (the prebuilt UI's `passwordOptions.loginRedirectURL`): a login redirect URL, so listed exactly
 * in the project's login redirect URLs (`emailMagicLinks.loginRedirectURLs`), or among its reset
 * URLs (which an earlier release checked it against, so configs that list it there keep working).
 * @throws ApiError `login_redirect_url_not_allowed` naming the URL when it is on neither list
 */
export function loginRedirect(project: Project, asked: string): string {
  const listed = [
    ...(project.settings.emailMagicLinks?.loginRedirectURLs ?? []),
    ...project.settings.passwords.resetRedirectUrls,
  ];
  return listedRedirect(asked, listed, {
    noneListed: 'login_redirect_url_not_allowed',
    notListed: 'login_redirect_url_not_allowed',
  });
}

/** How recent a session's password or email factor must be for `POST /passwords/session/reset`. */
export const SESSION_RESET_RECENCY_MS = 5 * 60_000;

/**
 * Whether `session` holds a password, email magic link or email passcode factor authenticated
 * within {@link SESSION_RESET_RECENCY_MS} of `now`.
 */
function hasRecentEmailFactor(session: SessionRecord, now: number): boolean {
  return session.authenticationFactors.some((factor) => {
    const proves =
      factor.type === 'password' ||
      (factor.type === 'magic_link' && factor.delivery_method === 'email') ||
      (factor.type === 'otp' && factor.delivery_method === 'email');
    const at = Date.parse(String(factor.last_authenticated_at));
    return proves && Number.isFinite(at) && now - at <= SESSION_RESET_RECENCY_MS;
  });
}
