/**
 * OAuth sign-in: start (send the browser to the provider), callback (exchange the code, read who
 * signed in, create or link the user, send the browser to the listed redirect URL with a one-time
 * token) and authenticate (turn that token into a session). Every rule lives here; the routes
 * only translate HTTP.
 *
 * - The `state` carries 256 random bits, is stored as its SHA-256, works once, for 10 minutes,
 *   for the provider it was made for. The provider's own PKCE verifier and the OpenID Connect
 *   nonce are sealed with it.
 * - Redirect URLs must be listed exactly, or be the project's own authorization endpoint on the
 *   server's own origin (`authorizationReturn`: the authorization page's sign-in comes back to
 *   the same authorization request, which checks its parameters again); a request naming none
 *   gets the first listed.
 * - A provider account signs in its user. A new account joins an existing user only through an
 *   email both the provider and Velvet hold as verified; otherwise it makes a new user.
 * - The token that ends the redirect works once, for 10 minutes, and only with the verifier of
 *   the PKCE challenge the page started with (wrong ones are throttled per user and client and
 *   do not spend it).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../db/ids.js';
import type { JsonObject } from '../../db/json-column.js';
import { developmentEndpoints } from '../../dev-identity/development-endpoints.js';
import type { DevelopmentIdentity } from '../../dev-identity/development-identity.js';
import { ApiError } from '../../http/api-error.js';
import { verifierMatches } from '../../keys/pkce.js';
import type { SealedJson } from '../../keys/sealed-json.js';
import type { Projects } from '../../projects/project-directory.js';
import type { Project } from '../../projects/projects-repository.js';
import { listedRedirect, type RedirectRefusals } from '../../projects/redirect-urls.js';
import type { FailureThrottle } from '../../rate-limit/failure-throttle.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import { authorizationReturn } from '../idp/index.js';
import type { IssuedSession, SessionRecord, SessionService } from '../sessions/index.js';
import {
  DuplicateDestinationError,
  type MethodRecord,
  type UsersRepository,
} from '../users/index.js';
import type { ProviderIdentity } from './identity-readers.js';
import { isProviderName, PROVIDERS } from './oauth-providers.js';
import {
  DuplicateRegistrationError,
  type OAuthRegistration,
  type OAuthRepository,
} from './oauth-repository.js';
import type { OAuthProviderName } from './oauth-settings.js';
import type { ProviderClient, ProviderTokens, providerClient } from './provider-client.js';
import './oauth-errors.js';

/**
 * The provider client (openid-client) and the identity readers, loaded on the first OAuth
 * request: the migrator, the command line and projects without OAuth never load them.
 */
let kit:
  | Promise<[typeof import('./provider-client.js'), typeof import('./identity-readers.js')]>
  | undefined;
function exchangeKit() {
  kit ??= Promise.all([import('./provider-client.js'), import('./identity-readers.js')]);
  kit.catch(() => {
    kit = undefined;
  });
  return kit;
}

/** How long a sign-in may stay at the provider. */
export const STATE_TTL_MS = 10 * 60_000;
/** What a sign-in's redirect lists answer when they cannot serve a request. */
const REFUSALS: RedirectRefusals = {
  noneListed: 'oauth_no_redirect_urls_set',
  notListed: 'no_match_for_provided_oauth_url',
};

/** How long the redirect's token waits for `POST /oauth/authenticate`. */
export const TOKEN_TTL_MS = 10 * 60_000;
/** How long `POST /oauth/attach`'s token waits for the start that consumes it. */
export const ATTACH_TTL_MS = 10 * 60_000;
/** Starts per client IP address: generous (a room of guests may share one), but bounded. */
const START_LIMIT = { max: 120, windowMinutes: 15 };
/** Callbacks per client IP address. */
const CALLBACK_LIMIT = { max: 120, windowMinutes: 15 };
/** Authenticate calls per client IP address. */
const AUTHENTICATE_LIMIT = { max: 120, windowMinutes: 15 };

/** The provider's values the authenticate answer hands back (Stytch's `provider_values`). */
export interface ProviderValues {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scopes: string[];
  expires_at: string | null;
}

/** Who a provider vouched for, and where to land: see {@link OAuthService.issue}. */
export interface IssueRequest {
  project: Project;
  provider: OAuthProviderName;
  identity: ProviderIdentity;
  /** The provider's tokens, handed back by `POST /oauth/authenticate`. */
  providerValues: ProviderValues;
  /**
   * The page's PKCE challenge: every landing token is bound to the browser that started (the
   * redirect flow's start and One Tap's submit both require one), so a token planted in
   * another browser signs nobody in there.
   */
  codeChallenge: string;
  /** The listed URLs to land on (already checked against the project's lists). */
  loginUrl: string;
  signupUrl: string;
  /** The user an attach token named: the provider account is linked to this user. */
  attachUserId?: string;
}

/** A request to start a sign-in. */
export interface StartRequest {
  publicToken: string;
  provider: string;
  codeChallenge?: string;
  customScopes?: string;
  loginRedirectUrl?: string;
  signupRedirectUrl?: string;
  /** The `provider_*` query parameters, without the prefix. */
  providerParams: Record<string, string>;
  /** `POST /oauth/attach`'s token: the sign-in links the provider account to its user. */
  attachToken?: string;
  ip: string;
}

/** The provider's redirect back. */
export interface CallbackRequest {
  provider: string;
  /** The query (or Apple's form post) as given. */
  params: Record<string, string>;
  ip: string;
}

/** A request to turn the redirect's token into a session. */
export interface AuthenticateRequest {
  project: Project;
  token: string;
  codeVerifier?: string;
  sessionDurationMinutes?: number;
  session?: SessionRecord;
  ip: string;
  userAgent: string;
}

/** What authenticate signed in. */
export interface AuthenticateResult {
  userId: string;
  provider: OAuthProviderName;
  providerSubject: string;
  registrationId: string;
  providerValues: ProviderValues;
  issued: IssuedSession;
}

/** What the state seals: the callback's checks and destinations. */
interface SealedState {
  /** The provider's PKCE verifier. */
  v?: string;
  /** The OpenID Connect nonce. */
  n?: string;
  login: string;
  signup: string;
  scopes: string[];
  /** The page's PKCE challenge. */
  cc?: string;
  /** The user an attach token named (see {@link OAuthService.attach}). */
  a?: string;
}

/** The parts the service uses. */
export interface OAuthDeps {
  readonly projects: Projects;
  readonly users: UsersRepository;
  readonly oauth: OAuthRepository;
  readonly sessions: SessionService;
  readonly limiter: RateLimiter;
  readonly throttle: FailureThrottle;
  /** The client's key for the throttle (`clientKey` under the server secret). */
  readonly clientKey: (ip: string) => string;
  /** Seals pending sign-ins and the provider's tokens at rest. */
  readonly sealed: SealedJson;
  /** The server's public origin: the callback is `${ownOrigin}/sdk/v1/public/oauth/{provider}/callback`. */
  readonly ownOrigin: string;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  /** The development identity provider, in development only. */
  readonly development?: DevelopmentIdentity;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

/** The callback URL a provider's app must list. */
export function callbackUrl(ownOrigin: string, provider: string): string {
  return `${ownOrigin}/sdk/v1/public/oauth/${provider}/callback`;
}

/** Runs OAuth sign-ins. */
export class OAuthService {
  constructor(private readonly deps: OAuthDeps) {}

  /** The provider's authorization URL for a new sign-in. */
  async start(request: StartRequest): Promise<URL> {
    const project = this.deps.projects.byPublicToken(request.publicToken);
    if (!project) throw new ApiError('invalid_public_token');
    const { provider, settings } = this.#provider(project, request.provider);
    const oauth = project.settings.oauth;
    if (!request.codeChallenge) throw new ApiError('oauth_pkce_expected_code_challenge');
    const login = this.#landing(project, request.loginRedirectUrl, oauth.loginRedirectURLs);
    const signup = this.#landing(project, request.signupRedirectUrl, oauth.signupRedirectURLs);
    await this.deps.limiter.hit(
      `oauth-start:ip:${project.projectId}:${request.ip}`,
      START_LIMIT,
      'too_many_requests',
    );
    const definition = PROVIDERS[provider];
    const scopes = [
      ...new Set([
        ...definition.scopes,
        ...(settings.scopes ?? []),
        ...(request.customScopes ?? '').split(' ').filter(Boolean),
      ]),
    ];
    const client = await this.#client(provider, settings);
    const [{ authorizationUrl, openidClient }] = await exchangeKit();
    const now = this.deps.clock();
    const attachUserId =
      request.attachToken === undefined
        ? undefined
        : await this.#consumeAttachToken(project, provider, request.attachToken, now);
    const state = random();
    const sealed: SealedState = {
      login,
      signup,
      scopes,
      cc: request.codeChallenge,
      ...(attachUserId !== undefined && { a: attachUserId }),
      ...(client.oidc && { n: random() }),
      ...(definition.pkce && { v: openidClient.randomPKCECodeVerifier() }),
    };
    await this.deps.oauth.createState({
      state_hash: sha256(state),
      project_id: project.projectId,
      provider,
      sealed: this.deps.sealed.seal(sealed),
      expires_at: now + STATE_TTL_MS,
      created_at: now,
    });
    return authorizationUrl(client, {
      redirectUri: callbackUrl(this.deps.ownOrigin, provider),
      state,
      scopes,
      nonce: sealed.n,
      codeVerifier: sealed.v,
      providerParams: request.providerParams,
    });
  }

  /** Finishes the provider's part; resolves to the listed URL to send the browser to. */
  async callback(request: CallbackRequest): Promise<URL> {
    const { params } = request;
    const state = params.state;
    if (!state || state.length > 512) throw new ApiError('oauth_invalid_state');
    const now = this.deps.clock();
    const row = await this.deps.oauth.consumeState(sha256(state), now);
    if (!row || row.provider !== request.provider) throw new ApiError('oauth_invalid_state');
    const project = this.deps.projects.byId(row.project_id);
    if (!project) throw new ApiError('oauth_invalid_state');
    await this.deps.limiter.hit(
      `oauth-callback:ip:${project.projectId}:${request.ip}`,
      CALLBACK_LIMIT,
      'too_many_requests',
    );
    const { provider, settings } = this.#provider(project, request.provider);
    const sealed = this.deps.sealed.open(row.sealed) as SealedState;
    if (params.error) {
      throw new ApiError(
        'oauth_provider_error',
        params.error === 'access_denied'
          ? 'Sign-in was cancelled at the provider, or the provider refused it. Please try again.'
          : `The provider did not sign you in (${params.error.slice(0, 100)}). Please try again.`,
      );
    }
    const client = await this.#client(provider, settings);
    const redirectUri = new URL(callbackUrl(this.deps.ownOrigin, provider));
    for (const [key, value] of Object.entries(params)) redirectUri.searchParams.set(key, value);
    const [{ exchangeCode }, { readIdentity }] = await exchangeKit();
    let tokens: ProviderTokens;
    let identity: ProviderIdentity;
    try {
      tokens = await exchangeCode(client, redirectUri, {
        state,
        nonce: sealed.n,
        codeVerifier: sealed.v,
      });
      identity = await readIdentity(client, tokens);
    } catch (error) {
      throw this.#providerFailure(provider, error);
    }
    return this.issue({
      project,
      provider,
      identity,
      providerValues: {
        access_token: tokens.access_token,
        id_token: tokens.id_token ?? '',
        refresh_token: tokens.refresh_token ?? '',
        scopes: tokens.scope ? tokens.scope.split(/[ ,]+/).filter(Boolean) : sealed.scopes,
        expires_at:
          tokens.expires_in === undefined
            ? null
            : new Date(now + Number(tokens.expires_in) * 1000).toISOString(),
      },
      // Every start stores one (it is required there); a state without one is not ours.
      codeChallenge: requiredChallenge(sealed.cc),
      loginUrl: sealed.login,
      signupUrl: sealed.signup,
      attachUserId: sealed.a,
    });
  }

  /**
   * `POST /oauth/attach`: a single-use token (stored as its SHA-256, live for
   * {@link ATTACH_TTL_MS}) that a start for `providerName` in the project consumes, so that the
   * sign-in links the provider account to `userId` (the session's user) instead of finding or
   * making a user by the provider's email: Stytch's OAuth attach.
   */
  async attach(project: Project, userId: string, providerName: string): Promise<string> {
    const { provider } = this.#provider(project, providerName);
    const token = random();
    const now = this.deps.clock();
    await this.deps.oauth.createAttachToken({
      token_hash: sha256(token),
      project_id: project.projectId,
      user_id: userId,
      provider,
      expires_at: now + ATTACH_TTL_MS,
      created_at: now,
    });
    return token;
  }

  /**
   * The user of a live attach token made in `project` for `provider`, using it up.
   * @throws ApiError `oauth_attach_token_not_found` for any other token (unknown, used, expired,
   *   or made for another project or provider)
   */
  async #consumeAttachToken(
    project: Project,
    provider: OAuthProviderName,
    token: string,
    now: number,
  ): Promise<string> {
    const userId = await this.deps.oauth.consumeAttachToken(
      sha256(token),
      project.projectId,
      provider,
      now,
    );
    if (userId === undefined) throw new ApiError('oauth_attach_token_not_found');
    return userId;
  }

  /**
   * Signs in the person a provider vouched for (after the redirect flow's code exchange, or an
   * ID token Google One Tap handed over) and answers the listed URL to land on, the sign-up one
   * for a new user, with `stytch_token_type=oauth&token=…`: a single-use token that
   * `POST /oauth/authenticate` turns into a session.
   */
  async issue(request: IssueRequest): Promise<URL> {
    const { project, provider, identity } = request;
    const now = this.deps.clock();
    const signedIn =
      request.attachUserId === undefined
        ? await this.#signIn(project, provider, identity, now)
        : await this.#signInAttached(project, provider, identity, request.attachUserId, now);
    const token = random();
    await this.deps.oauth.createToken({
      token_hash: sha256(token),
      project_id: project.projectId,
      user_id: signedIn.userId,
      oauth_user_registration_id: signedIn.registrationId,
      provider,
      provider_subject: identity.subject,
      code_challenge: request.codeChallenge,
      sealed_provider_values: this.deps.sealed.seal(request.providerValues),
      email_id: signedIn.emailId ?? null,
      expires_at: now + TOKEN_TTL_MS,
      created_at: now,
    });
    const target = new URL(signedIn.created ? request.signupUrl : request.loginUrl);
    target.searchParams.set('stytch_token_type', 'oauth');
    target.searchParams.set('token', token);
    return target;
  }

  /** Turns the redirect's token into a session. */
  async authenticate(request: AuthenticateRequest): Promise<AuthenticateResult> {
    const { project } = request;
    await this.deps.limiter.hit(
      `oauth-auth:ip:${project.projectId}:${request.ip}`,
      AUTHENTICATE_LIMIT,
      'too_many_requests',
    );
    const duration = this.deps.sessions.resolveDuration(project, request.sessionDurationMinutes);
    const now = this.deps.clock();
    const tokenHash = sha256(request.token);
    const row = await this.deps.oauth.findToken(tokenHash);
    if (
      !row ||
      row.project_id !== project.projectId ||
      row.consumed_at !== null ||
      Number(row.expires_at) <= now ||
      !isProviderName(row.provider)
    ) {
      throw new ApiError('oauth_token_not_found');
    }
    if (row.code_challenge !== null) {
      if (!request.codeVerifier) throw new ApiError('oauth_pkce_expected_code_verifier');
      const scope = `oauth:${project.projectId}`;
      const client = this.deps.clientKey(request.ip);
      await this.deps.throttle.beginTry(scope, row.user_id, client);
      if (!verifierMatches(request.codeVerifier, row.code_challenge)) {
        throw new ApiError('oauth_pkce_mismatch');
      }
      await this.deps.throttle.recordSuccess(scope, row.user_id, client);
    }
    const providerValues = this.deps.sealed.open(row.sealed_provider_values) as ProviderValues;
    if (!(await this.deps.oauth.consumeToken(tokenHash, now))) {
      throw new ApiError('oauth_token_not_found');
    }
    await this.deps.users.activate(row.user_id);
    const factor = oauthFactor(row.provider, row, now);
    let issued: IssuedSession;
    if (request.session && request.session.userId === row.user_id) {
      const withFactor = await this.deps.sessions.addFactor(request.session, factor);
      issued = await this.deps.sessions.touch(project, withFactor, duration);
    } else {
      issued = await this.deps.sessions.create(project, row.user_id, factor, duration, {
        ip_address: request.ip,
        user_agent: request.userAgent,
      });
    }
    return {
      userId: row.user_id,
      provider: row.provider,
      providerSubject: row.provider_subject,
      registrationId: row.oauth_user_registration_id,
      providerValues,
      issued,
    };
  }

  /** Removes one of the user's provider accounts. */
  async deleteRegistration(userId: string, registrationId: string): Promise<void> {
    if (!(await this.deps.oauth.deleteRegistration(userId, registrationId))) {
      throw new ApiError('oauth_user_registration_not_found');
    }
  }

  /**
   * Where a sign-in lands: the project's authorization endpoint when `asked` is it (on the
   * server's own origin), else the listed URL (`listedRedirect`: exact, or the first listed).
   */
  #landing(project: Project, asked: string | undefined, listed: readonly string[]): string {
    return (
      authorizationReturn(asked, this.deps.ownOrigin, project) ??
      listedRedirect(asked, listed, REFUSALS)
    );
  }

  /** The project's settings for `name`, refusing a product or provider it has not set up. */
  #provider(project: Project, name: string) {
    if (!project.settings.products.includes('oauth')) {
      throw new ApiError('product_not_enabled', 'OAuth is not enabled for this project.');
    }
    const settings = isProviderName(name) ? project.settings.oauth.providers[name] : undefined;
    if (!isProviderName(name) || !settings) {
      throw new ApiError(
        'oauth_provider_not_configured',
        `The OAuth provider ${name.slice(0, 40)} is not set up for this project.`,
      );
    }
    return { provider: name, settings };
  }

  async #client(
    provider: OAuthProviderName,
    settings: Parameters<typeof providerClient>[1],
  ): Promise<ProviderClient> {
    if (settings.development) return this.#developmentClient(provider, settings);
    try {
      const [{ providerClient }] = await exchangeKit();
      return await providerClient(PROVIDERS[provider], settings, this.deps.clock());
    } catch (error) {
      throw this.#providerFailure(provider, error);
    }
  }

  /**
   * A provider configured `"development": true`: the development identity provider's endpoints,
   * reached inside the process. Refused where there is none (production).
   */
  async #developmentClient(
    provider: OAuthProviderName,
    settings: Parameters<typeof providerClient>[1],
  ): Promise<ProviderClient> {
    const development = this.deps.development;
    if (!development) {
      throw new ApiError(
        'oauth_provider_not_configured',
        `The OAuth provider ${provider} is set to the development identity provider, which only a development server has.`,
      );
    }
    const definition = PROVIDERS[provider];
    const endpoints = developmentEndpoints(
      development.ownOrigin,
      provider,
      definition.identity === 'oidc',
    );
    try {
      const [{ providerClient }] = await exchangeKit();
      return await providerClient(
        definition,
        { clientId: settings.clientId, clientSecret: settings.clientSecret, ...endpoints },
        this.deps.clock(),
        (url, options) => development.fetch(url, options),
      );
    } catch (error) {
      throw this.#providerFailure(provider, error);
    }
  }

  /** The catalogue's error for a failed exchange, logged without tokens. */
  #providerFailure(provider: string, error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    const code = (error as { code?: unknown }).code;
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const text = error instanceof Error ? error.message : String(error);
    this.deps.log.warn(
      { provider, code, cause: cause?.code, reason: text.slice(0, 300) },
      'oauth exchange failed',
    );
    const said = `${String(code ?? '')} ${text} ${String(cause?.code ?? '')} ${String(cause?.message ?? '')}`;
    if (/JWT|JWS|CLAIM|NONCE|SIGNATURE|ID_TOKEN|id_token|"(iss|aud|azp)"/i.test(said)) {
      return new ApiError('oauth_invalid_id_token');
    }
    if ((error as { error?: unknown }).error === 'access_denied') {
      return new ApiError('oauth_provider_error');
    }
    return new ApiError('oauth_provider_unreachable');
  }

  /**
   * Finds or creates the user of `identity`: its registration's user; else the user holding the
   * email verified when the provider verified it too (the only way a provider account links to
   * an existing user); else a new user, with the email proven when the provider verified it
   * (every other user's pending claim of it dropped) and pending when not (a provider that says
   * nothing counts as not). `created` says whether the user is new (the sign-up redirect).
   */
  async #signIn(
    project: Project,
    provider: OAuthProviderName,
    identity: ProviderIdentity,
    now: number,
  ): Promise<OAuthSignIn> {
    const { oauth } = this.deps;
    const known = await oauth.findBySubject(project.projectId, provider, identity.subject);
    if (known) return this.#signInRegistered(project, known, identity, now);
    const linked = await this.#verifiedHolder(project, identity);
    const userId =
      linked?.userId ??
      (await oauth.createUser(project, now, {
        first_name: identity.firstName ?? '',
        last_name: identity.lastName ?? '',
      }));
    const registrationId = newId('oauth-user-registration', project.environment);
    const winner = await this.#register(project, provider, identity, userId, registrationId, now);
    if (winner) return winner;
    if (linked) return { userId, registrationId, emailId: linked.methodId, created: false };
    const emailId = await this.#attachEmail(project, userId, identity, now);
    return { userId, registrationId, emailId, created: true };
  }

  /**
   * The sign-in of an attach flow: the provider account is linked to `userId` (the user who asked
   * for the attach token), whatever email the provider gives, and signs that user in; an account
   * that is that user's already signs in as usual.
   * @throws ApiError `oauth_account_linked_to_another_user` when the account is another user's
   */
  async #signInAttached(
    project: Project,
    provider: OAuthProviderName,
    identity: ProviderIdentity,
    userId: string,
    now: number,
  ): Promise<OAuthSignIn> {
    const known = await this.deps.oauth.findBySubject(
      project.projectId,
      provider,
      identity.subject,
    );
    if (known && known.userId !== userId)
      throw new ApiError('oauth_account_linked_to_another_user');
    if (known) return this.#signInRegistered(project, known, identity, now);
    const registrationId = newId('oauth-user-registration', project.environment);
    const winner = await this.#register(project, provider, identity, userId, registrationId, now);
    if (winner && winner.userId !== userId) {
      throw new ApiError('oauth_account_linked_to_another_user');
    }
    if (winner) return winner;
    const emailId = identity.emailVerified
      ? await this.#verifiedEmailOf(project, userId, identity.email, now)
      : undefined;
    return { userId, registrationId, emailId, created: false };
  }

  /**
   * Signs in the user of a provider account registered before; the provider's email, when it
   * verified it, is proven on the way when the user holds it.
   */
  async #signInRegistered(
    project: Project,
    known: OAuthRegistration,
    identity: ProviderIdentity,
    now: number,
  ): Promise<OAuthSignIn> {
    const emailId = identity.emailVerified
      ? await this.#verifiedEmailOf(project, known.userId, identity.email, now)
      : undefined;
    return {
      userId: known.userId,
      registrationId: known.registrationId,
      emailId,
      created: false,
    };
  }

  /**
   * The sign-in row of the user holding the provider's email verified, when the provider
   * verified it too: the only way a provider account links to an existing user.
   */
  async #verifiedHolder(
    project: Project,
    identity: ProviderIdentity,
  ): Promise<MethodRecord | undefined> {
    const owner =
      identity.email && identity.emailVerified
        ? await this.deps.users.findByDestination(project.projectId, 'email', identity.email)
        : undefined;
    return owner?.verified === true ? owner : undefined;
  }

  /**
   * Registers the provider account `identity` to `userId`. Resolves to `undefined` when it did;
   * when a concurrent callback for the same account registered it first, to that sign-in.
   */
  async #register(
    project: Project,
    provider: OAuthProviderName,
    identity: ProviderIdentity,
    userId: string,
    registrationId: string,
    now: number,
  ): Promise<OAuthSignIn | undefined> {
    const { oauth } = this.deps;
    try {
      await oauth.addRegistration({
        oauth_user_registration_id: registrationId,
        project_id: project.projectId,
        user_id: userId,
        provider,
        provider_subject: identity.subject,
        profile_picture_url: identity.pictureUrl ?? '',
        locale: identity.locale ?? '',
        created_at: now,
      });
      return undefined;
    } catch (error) {
      if (!(error instanceof DuplicateRegistrationError)) throw error;
      // A concurrent callback for the same account won: sign in its user.
      const winner = await oauth.findBySubject(project.projectId, provider, identity.subject);
      if (!winner) throw error;
      return { userId: winner.userId, registrationId: winner.registrationId, created: false };
    }
  }

  /**
   * Attaches the provider's email to a new user: proven when the provider verified it, pending
   * when not; left off when another user holds it verified. Resolves to its id when proven.
   */
  async #attachEmail(
    project: Project,
    userId: string,
    identity: ProviderIdentity,
    now: number,
  ): Promise<string | undefined> {
    if (!identity.email) return undefined;
    const { users } = this.deps;
    let method: MethodRecord;
    try {
      method = await users.addDestination(project, userId, 'email', identity.email, now);
    } catch (error) {
      if (error instanceof DuplicateDestinationError) return undefined;
      throw error;
    }
    if (!identity.emailVerified) return undefined;
    return (await this.#proven(method, now)) ? method.methodId : undefined;
  }

  /** The id of `email` when it is the user's and verified by both sides (proven so). */
  async #verifiedEmailOf(
    project: Project,
    userId: string,
    email: string | undefined,
    now: number,
  ): Promise<string | undefined> {
    if (!email) return undefined;
    const method = await this.deps.users.findClaim(project.projectId, userId, 'email', email);
    if (!method) return undefined;
    return (await this.#proven(method, now)) ? method.methodId : undefined;
  }

  /** Proves `method` (see `proof.ts`); false when another user holds it verified. */
  async #proven(method: MethodRecord, now: number): Promise<boolean> {
    try {
      await this.deps.users.prove(method, { now, withinOwnSession: false });
      return true;
    } catch (error) {
      if (error instanceof ApiError) return false;
      throw error;
    }
  }
}

/**
 * A provider sign-in's user and registration; `emailId` names the email proven on the way, and
 * `created` says whether the user is new (the sign-up redirect).
 */
interface OAuthSignIn {
  userId: string;
  registrationId: string;
  emailId?: string;
  created: boolean;
}

/** The page's PKCE challenge sealed with a state; `oauth_invalid_state` without one. */
function requiredChallenge(challenge: string | undefined): string {
  if (!challenge) throw new ApiError('oauth_invalid_state');
  return challenge;
}

/** The session factor of an OAuth sign-in, in Stytch's shape. */
function oauthFactor(
  provider: OAuthProviderName,
  row: { oauth_user_registration_id: string; provider_subject: string; email_id: string | null },
  now: number,
): JsonObject {
  return {
    type: 'oauth',
    delivery_method: `oauth_${provider}`,
    last_authenticated_at: new Date(now).toISOString(),
    [`${provider}_oauth_factor`]: {
      id: row.oauth_user_registration_id,
      provider_subject: row.provider_subject,
      ...(row.email_id === null ? {} : { email_id: row.email_id }),
    },
  };
}
