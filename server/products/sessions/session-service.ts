/**
 * Sessions: an opaque token (256 random bits, stored as a hash) and a session
 * JWT that lives 5 minutes, signed by the project's current key and
 * verifiable from its JWKS. `authenticate` accepts either.
 */
import { decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import { newId } from '../../db/ids.js';
import type { JsonObject } from '../../db/json-column.js';
import type { Executor } from '../../db/prepared.js';
import { SharedBodies } from '../../http/answer-json.js';
import { ApiError } from '../../http/api-error.js';
import { JWT_ALGORITHM, type KeyRing, type RingKey, signJwt } from '../../keys/key-ring.js';
import type { Project } from '../../projects/projects-repository.js';
import { RecentMap } from '../../recent-map.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import type { SessionRecord, SessionsRepository } from './sessions-repository.js';
import { latestExpiry } from './sign-in-changes.js';
import './sessions-errors.js';

/** How long a session JWT lives. */
export const SESSION_JWT_LIFETIME_SECONDS = 5 * 60;
/** The bounds of `session_duration_minutes`. */
export const SESSION_DURATION_MINUTES = { min: 5, max: 527_040 } as const;
/** The JWT claim holding the session. */
export const SESSION_CLAIM = 'https://velvet.dev/session';
/**
 * How fine `last_accessed_at` is: an authenticate records an access only when the stored one
 * is older than this (or when it extends the session), so a session checked many times a
 * minute costs a read, not a write, per check. The same bound keeps a session JWT: one signed
 * less than this long ago for the same stored session is answered again (it has at least
 * 4 of its 5 minutes left) instead of being signed anew.
 */
export const LAST_ACCESS_GRANULARITY_MS = 60_000;
/** How many sessions' latest JWTs are kept for reuse (the oldest go first). */
const JWT_CACHE_SIZE = 10_000;

/** A signed JWT and what it was signed for. */
interface CachedJwt {
  jwt: string;
  kid: string;
  /** The session fields the JWT carries, as one string. */
  fingerprint: string;
  signedAt: number;
}

/** The session as the API returns it. */
export interface SessionBody {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: JsonObject[];
  custom_claims: JsonObject;
}

/** A session with both of its credentials, as authenticate calls return it. */
export interface IssuedSession {
  record: SessionRecord;
  /** The opaque token: only present when the session was just created (it is never stored). */
  token: string | undefined;
  jwt: string;
}

/** What each frozen record's JWT claim is made of (see `issueJwt`), by record. */
const fingerprints = new WeakMap<SessionRecord, string>();

/**
 * The API shape of a session. A found session's record is frozen and read again unchanged by
 * the checks that follow: its body is made once and shared by their answers (`SharedBodies`).
 */
export function sessionBody(record: SessionRecord): SessionBody {
  return sessionBodies.of(record);
}

const sessionBodies = new SharedBodies<SessionRecord, SessionBody>((record) => ({
  session_id: record.sessionId,
  user_id: record.userId,
  started_at: new Date(record.startedAt).toISOString(),
  last_accessed_at: new Date(record.lastAccessedAt).toISOString(),
  expires_at: new Date(record.expiresAt).toISOString(),
  attributes: record.attributes,
  authentication_factors: record.authenticationFactors,
  custom_claims: {},
}));

/** Creates, checks, extends and revokes sessions. */
export class SessionService {
  /** Each session's latest JWT, by session id, oldest first (see `LAST_ACCESS_GRANULARITY_MS`). */
  readonly #jwts = new RecentMap<string, CachedJwt>(JWT_CACHE_SIZE);

  /** Sessions made and not yet signed: each is counted as started when its first JWT is. */
  readonly #unsigned = new WeakSet<SessionRecord>();

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly keys: KeyRing,
    private readonly issuer: string,
    private readonly clock: () => number,
    /**
     * Told of each session started, with the factor that started it (for the metrics): once
     * its write committed, when its first JWT is signed (every caller signs one after the
     * commit), so a session whose write rolled back is not counted.
     */
    private readonly onStarted: (factor: JsonObject) => void = () => undefined,
  ) {}

  /**
   * The session length a request gets: `requested`, or the project's default when it names none.
   * Every product that starts or extends a session calls this before it spends a credential
   * (a passcode, a magic link), so a refused duration costs the user nothing.
   * @throws ApiError `session_duration_too_long` when `requested` is over the project's
   *   `sessions.maxDurationMinutes` (the body carries `max_session_duration_minutes`).
   */
  resolveDuration(project: Project, requested: number | undefined): number {
    const { defaultDurationMinutes, maxDurationMinutes } = project.settings.sessions;
    if (requested === undefined) return Math.min(defaultDurationMinutes, maxDurationMinutes);
    if (requested > maxDurationMinutes) {
      throw new ApiError(
        'session_duration_too_long',
        `session_duration_minutes may be at most ${maxDurationMinutes} for this project, not ${requested}.`,
        { max_session_duration_minutes: maxDurationMinutes },
      );
    }
    return requested;
  }

  /**
   * Starts a session for `userId` lasting `durationMinutes`.
   * @throws ApiError `session_duration_too_long` over the project's maximum (see `resolveDuration`).
   */
  async create(
    project: Project,
    userId: string,
    factor: JsonObject,
    durationMinutes: number,
    attributes: SessionRecord['attributes'],
  ): Promise<IssuedSession & { token: string }> {
    const { record, token } = await this.insert(
      project,
      userId,
      factor,
      durationMinutes,
      attributes,
    );
    return { record, token, jwt: await this.issueJwt(project, record) };
  }

  /**
   * Stores a new session for `userId`, in the transaction `on` when given, without its JWT: the
   * caller signs one with `issueJwt` once the transaction committed.
   * @throws ApiError `session_duration_too_long` over the project's maximum (see `resolveDuration`).
   */
  async insert(
    project: Project,
    userId: string,
    factor: JsonObject,
    durationMinutes: number,
    attributes: SessionRecord['attributes'],
    on?: Executor,
  ): Promise<{ record: SessionRecord; token: string }> {
    const made = this.newSession(project, userId, factor, durationMinutes, attributes);
    await this.sessions.create(made.record, on);
    return made;
  }

  /**
   * A new session for `userId` and its opaque token, not yet stored: for a caller that stores
   * it with writes of its own (see `sessionRow`), then signs its JWT with `issueJwt`.
   * @throws ApiError `session_duration_too_long` over the project's maximum (see `resolveDuration`).
   */
  newSession(
    project: Project,
    userId: string,
    factor: JsonObject,
    durationMinutes: number,
    attributes: SessionRecord['attributes'],
  ): { record: SessionRecord; token: string } {
    this.resolveDuration(project, durationMinutes);
    const now = this.clock();
    const token = newSessionToken();
    const record: SessionRecord = {
      sessionId: newId('session', project.environment),
      projectId: project.projectId,
      userId,
      tokenHash: hashSessionToken(token),
      startedAt: now,
      lastAccessedAt: now,
      expiresAt: now + durationMinutes * 60_000,
      revokedAt: null,
      authenticationFactors: [factor],
      attributes,
    };
    this.#unsigned.add(record);
    return { record, token };
  }

  /**
   * The live session of `project` that `credential` (an opaque token or a
   * session JWT) belongs to.
   * @throws ApiError `session_not_found` for a revoked, expired or unknown session,
   *   `unauthorized_credentials` for a JWT that this project did not sign.
   */
  async find(project: Project, credential: string): Promise<SessionRecord> {
    const record = credential.includes('.')
      ? await this.#findByJwt(project, credential)
      : await this.sessions.findByTokenHash(hashSessionToken(credential));
    if (!record || record.projectId !== project.projectId) throw new ApiError('session_not_found');
    if (record.revokedAt !== null || record.expiresAt <= this.clock()) {
      throw new ApiError('session_not_found');
    }
    return record;
  }

  /**
   * Records an access, optionally extends the session to `durationMinutes`
   * from now (an impersonated session no further than its `latestExpiry`: an hour from its start),
   * and returns it with a JWT at least 4 minutes from expiry. `record` was just read
   * (by `find`), so a revoked session never gets here. The access is written only when the
   * stored one is `LAST_ACCESS_GRANULARITY_MS` old; an extension is always written (durably,
   * before the answer), and a write that finds the session no longer live fails.
   * @throws ApiError `session_duration_too_long` over the project's maximum,
   *   `session_not_found` when the session was revoked or expired meanwhile.
   */
  async touch(
    project: Project,
    record: SessionRecord,
    durationMinutes?: number,
  ): Promise<IssuedSession> {
    if (durationMinutes !== undefined) this.resolveDuration(project, durationMinutes);
    const now = this.clock();
    const expiresAt =
      durationMinutes === undefined
        ? undefined
        : Math.min(now + durationMinutes * 60_000, latestExpiry(record));
    const accessIsRecent = now - record.lastAccessedAt < LAST_ACCESS_GRANULARITY_MS;
    if (expiresAt === undefined && accessIsRecent) {
      return { record, token: undefined, jwt: await this.issueJwt(project, record) };
    }
    if (!(await this.sessions.touch(record.sessionId, now, expiresAt))) {
      throw new ApiError('session_not_found');
    }
    const touched = { ...record, lastAccessedAt: now, expiresAt: expiresAt ?? record.expiresAt };
    return { record: touched, token: undefined, jwt: await this.issueJwt(project, touched) };
  }

  /** Adds an authentication factor to a live session (a secondary factor). */
  async addFactor(record: SessionRecord, factor: JsonObject): Promise<SessionRecord> {
    const factors = [...record.authenticationFactors, factor];
    await this.sessions.setFactors(record.sessionId, factors);
    return { ...record, authenticationFactors: factors };
  }

  /** Revokes the session. */
  async revoke(record: SessionRecord): Promise<void> {
    this.#jwts.delete(record.sessionId);
    await this.sessions.revoke(record.sessionId, this.clock());
  }

  /**
   * Signs a JWT for the session with the project's current key. The JWT sits in page-readable
   * cookies (the client's and Stytch's SDK's), so its claim carries no personal data: the
   * factors without their phone number or email address, and no IP address or user agent. The
   * API's `session` object has them for the signed-in user.
   */
  async issueJwt(project: Project, record: SessionRecord): Promise<string> {
    if (this.#unsigned.delete(record)) this.onStarted(record.authenticationFactors[0] ?? {});
    const key = await this.keys.signingKey(project.projectId);
    const clock = this.clock();
    // What the claim is made of, without making it: a reused JWT costs no claim.
    const fingerprint = fingerprintOf(project, record);
    const cached = this.#jwts.get(record.sessionId);
    if (
      cached &&
      cached.kid === key.kid &&
      cached.fingerprint === fingerprint &&
      clock - cached.signedAt >= 0 &&
      clock - cached.signedAt < LAST_ACCESS_GRANULARITY_MS
    ) {
      return cached.jwt;
    }
    const body = sessionBody(record);
    const claim = {
      id: body.session_id,
      started_at: body.started_at,
      last_accessed_at: body.last_accessed_at,
      expires_at: body.expires_at,
      authentication_factors: body.authentication_factors.map(withoutPersonalData),
    };
    const jwt = await this.#sign(
      key,
      record.userId,
      project.projectId,
      claim,
      Math.floor(clock / 1000),
    );
    this.#jwts.set(record.sessionId, { jwt, kid: key.kid, fingerprint, signedAt: clock });
    return jwt;
  }

  #sign(
    key: RingKey,
    userId: string,
    audience: string,
    claim: JsonObject,
    now: number,
  ): Promise<string> {
    return signJwt(key, {
      [SESSION_CLAIM]: claim,
      sub: userId,
      iss: this.issuer,
      aud: audience,
      iat: now,
      nbf: now,
      exp: now + SESSION_JWT_LIFETIME_SECONDS,
    });
  }

  /**
   * The session a JWT names, when this project signed it. An expired JWT of a
   * live session still identifies it (as Stytch does): the session is checked
   * in the database either way.
   */
  async #findByJwt(project: Project, jwt: string): Promise<SessionRecord | undefined> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(jwt).kid;
    } catch {
      throw new ApiError('unauthorized_credentials');
    }
    const key = kid ? await this.keys.verificationKey(project.projectId, kid) : undefined;
    if (!key) throw new ApiError('unauthorized_credentials');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(jwt, key.publicKey, {
        algorithms: [JWT_ALGORITHM],
        issuer: this.issuer,
        audience: project.projectId,
        currentDate: new Date(this.clock()),
      }));
    } catch (error) {
      // jose checks the signature before the claims: an expired JWT was signed by us.
      if (!(error instanceof errors.JWTExpired)) throw new ApiError('unauthorized_credentials');
      payload = error.payload;
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (payload.iss !== this.issuer || !audience.includes(project.projectId)) {
        throw new ApiError('unauthorized_credentials');
      }
    }
    const claim = payload[SESSION_CLAIM] as { id?: unknown } | undefined;
    if (typeof claim?.id !== 'string') throw new ApiError('unauthorized_credentials');
    return this.sessions.findById(claim.id);
  }
}

/** What a session's JWT claim is made of, as one string (made once for a frozen record). */
function fingerprintOf(project: Project, record: SessionRecord): string {
  const known = fingerprints.get(record);
  // A record belongs to one project: a fingerprint made for another one is never reused.
  if (known?.startsWith(`${project.projectId} `)) return known;
  const fingerprint =
    `${project.projectId} ${record.userId} ${record.startedAt} ${record.lastAccessedAt} ` +
    `${record.expiresAt} ${JSON.stringify(record.authenticationFactors)}`;
  if (Object.isFrozen(record)) fingerprints.set(record, fingerprint);
  return fingerprint;
}

/** Fields of a factor that name a person's phone number, address or wallet. */
const PERSONAL_FACTOR_FIELDS = new Set(['phone_number', 'email_address', 'crypto_wallet_address']);

/** A factor as the JWT carries it: its ids and kinds, none of `PERSONAL_FACTOR_FIELDS`. */
function withoutPersonalData(factor: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(factor)) {
    if (PERSONAL_FACTOR_FIELDS.has(key)) continue;
    copy[key] =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? withoutPersonalData(value as JsonObject)
        : value;
  }
  return copy;
}
