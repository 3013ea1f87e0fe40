/**
 * The rules of the session exchanges: which access token or trusted issuer's JWT is good, whose
 * session it starts, and that a trusted token signs in once. The routes only translate HTTP
 * (`session-exchange-routes.ts`).
 */
import type { JWTPayload } from 'jose';
import type { JsonObject } from '../../db/json-column.js';
import { ApiError } from '../../http/api-error.js';
import type { KeyRing } from '../../keys/key-ring.js';
import type { Project } from '../../projects/projects-repository.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { Store } from '../../store.js';
import type { IssuedSession, SessionService } from '../sessions/index.js';
import { normalizeEmail } from '../users/index.js';
import { verifyAccessToken } from './access-tokens.js';
import { type AttestedTokensRepository, attestedTokenKey } from './attested-tokens-repository.js';
import type { TrustedTokenProfile } from './session-exchange-settings.js';
import type { TrustedTokenVerifier } from './trusted-tokens.js';
import './session-exchange-errors.js';

/** Exchanges per client address, each endpoint (tokens cannot be guessed; floods stay cheap). */
const EXCHANGE_LIMIT_PER_IP = { max: 100, windowMinutes: 15 } as const;

/** Who asks for a session, as the session records it. */
export interface ExchangeClient {
  ip: string;
  userAgent: string;
}

/** A session started by an exchange, and whose it is. */
export interface ExchangedSession {
  userId: string;
  issued: IssuedSession;
}

/** What the service works with. */
export interface SessionExchangeDeps {
  sessions: SessionService;
  keys: KeyRing;
  store: Store;
  limiter: RateLimiter;
  trusted: TrustedTokenVerifier;
  /** The trusted tokens `attest` accepted, each until it expires. */
  attested: AttestedTokensRepository;
  /** The server's own issuers, which an access token must name (besides the project's IdP issuer). */
  issuers: readonly string[];
  /** The project's identity-provider issuer (`{PUBLIC_URL}/oauth/{public_token}`). */
  projectIssuer: (project: Project) => string;
  /** Whether the identity provider still holds the access token live (issued, not revoked). */
  issued: (project: Project, token: string) => Promise<boolean>;
  clock: () => number;
}

/** Starts sessions from access tokens this server issued and from trusted issuers' JWTs. */
export class SessionExchangeService {
  constructor(private readonly deps: SessionExchangeDeps) {}

  /**
   * A new session for the user of a full-access token this server issued as identity provider.
   * @throws ApiError `too_many_requests` past `EXCHANGE_LIMIT_PER_IP`,
   *   `session_duration_too_long`, `invalid_access_token` (also when its user does not exist).
   */
  async exchangeAccessToken(
    project: Project,
    accessToken: string,
    durationMinutes: number | undefined,
    client: ExchangeClient,
  ): Promise<ExchangedSession> {
    const { deps } = this;
    await this.#limit(project, client, 'exchange-access-token');
    const duration = deps.sessions.resolveDuration(project, durationMinutes);
    const claims = await verifyAccessToken(accessToken, project, deps);
    const user = await deps.store.users.findById(project.projectId, claims.userId);
    if (!user) {
      throw new ApiError('invalid_access_token', 'The access token’s user does not exist.');
    }
    const factor: JsonObject = {
      type: 'oauth_access_token_exchange',
      delivery_method: 'oauth_access_token_exchange',
      last_authenticated_at: new Date(deps.clock()).toISOString(),
      oauth_access_token_exchange_factor: { client_id: claims.clientId },
    };
    const issued = await deps.sessions.create(project, user.userId, factor, duration, {
      ip_address: client.ip,
      user_agent: client.userAgent,
    });
    return { userId: user.userId, issued };
  }

  /**
   * A new session for the user a trusted issuer's JWT names. Each token signs in once: a replay
   * (its `jti`, or the whole token without one) is refused and writes nothing.
   * @throws ApiError `too_many_requests`, `session_duration_too_long`,
   *   `trusted_auth_token_profile_not_found`, `invalid_trusted_auth_token`, `user_not_found`,
   *   `trusted_auth_token_already_used`.
   */
  async attest(
    project: Project,
    profileId: string,
    token: string,
    durationMinutes: number | undefined,
    client: ExchangeClient,
  ): Promise<ExchangedSession> {
    const { deps } = this;
    await this.#limit(project, client, 'attest');
    const duration = deps.sessions.resolveDuration(project, durationMinutes);
    const profile = project.settings.trustedTokenProfiles.find((p) => p.profileId === profileId);
    if (!profile) throw new ApiError('trusted_auth_token_profile_not_found');
    const claims = await deps.trusted.verify(profile, token);
    const tokenKey = attestedTokenKey(token, claims);
    // Refused before the user is looked up or made: a replay writes nothing.
    if (await deps.attested.isSpent(project.projectId, tokenKey)) {
      throw new ApiError('trusted_auth_token_already_used');
    }
    const now = deps.clock();
    const userId = await this.#userOfClaim(project, profile, claims, now);
    const factor: JsonObject = {
      type: 'trusted_auth_token',
      delivery_method: 'trusted_token_exchange',
      last_authenticated_at: new Date(now).toISOString(),
      trusted_auth_token_factor: {
        token_id: typeof claims.jti === 'string' ? claims.jti : '',
        profile_id: profile.profileId,
      },
    };
    // The token is spent with the session, in one transaction: of two requests with the same
    // token (on one server or several on one database) exactly one gets a session.
    const started = await deps.store.db.transaction().execute(async (tx) => {
      const expiresAt = Number(claims.exp) * 1000;
      if (!(await deps.attested.spend(project.projectId, tokenKey, expiresAt, now, tx))) {
        throw new ApiError('trusted_auth_token_already_used');
      }
      return deps.sessions.insert(
        project,
        userId,
        factor,
        duration,
        { ip_address: client.ip, user_agent: client.userAgent },
        tx,
      );
    });
    const jwt = await deps.sessions.issueJwt(project, started.record);
    return { userId, issued: { ...started, jwt } };
  }

  /** Counts one exchange of the client's address on the endpoint `name`. */
  #limit(project: Project, client: ExchangeClient, name: string): Promise<void> {
    return this.deps.limiter.hit(
      `${name}:ip:${project.projectId}:${client.ip}`,
      EXCHANGE_LIMIT_PER_IP,
      'too_many_requests',
    );
  }

  /**
   * The user the profile's claim names: a Velvet user id that must exist, or an email address
   * whose user is found or made.
   */
  async #userOfClaim(
    project: Project,
    profile: TrustedTokenProfile,
    claims: JWTPayload,
    now: number,
  ): Promise<string> {
    const { store } = this.deps;
    const value = claims[profile.userClaim];
    if (typeof value !== 'string' || value === '') {
      throw new ApiError(
        'invalid_trusted_auth_token',
        `The token has no ${profile.userClaim} claim naming the user.`,
      );
    }
    if (profile.userClaimHolds === 'email') {
      const method = await store.users.findOrCreateByDestination(
        project,
        'email',
        emailOfClaim(profile, value),
        now,
      );
      return method.userId;
    }
    const user = await store.users.findById(project.projectId, value);
    if (!user) throw new ApiError('user_not_found');
    return user.userId;
  }
}

/** The claim's email address, normalized. @throws ApiError `invalid_trusted_auth_token`. */
function emailOfClaim(profile: TrustedTokenProfile, value: string): string {
  try {
    return normalizeEmail(value);
  } catch {
    throw new ApiError(
      'invalid_trusted_auth_token',
      `The ${profile.userClaim} claim is not an email address.`,
    );
  }
}
