/**
 * Passkeys and WebAuthn: start and finish a registration (signed in), start and finish a
 * sign-in (primary: usernameless with discoverable credentials; secondary: the session's user),
 * rename and delete. Every rule lives here; the routes only translate HTTP.
 *
 * Guarantees: a challenge is single use, expires after {@link CHALLENGE_LIFETIME_MS}, and is
 * bound to its project, its kind, its domain and (registrations, secondary sign-ins) its user;
 * the RP ID and the accepted origins come from the project; passkeys require user verification;
 * sign counters and backup flags are stored at every use. A failed step stores nothing.
 */
import type {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { newId } from '../../db/ids.js';
import type { JsonObject } from '../../db/json-column.js';
import { ApiError } from '../../http/api-error.js';
import type { Project } from '../../projects/projects-repository.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { IssuedSession, SessionRecord, SessionService } from '../sessions/index.js';
import type { UserRecord, UsersRepository } from '../users/index.js';
import {
  challengeHash,
  parseAuthenticationCredential,
  parseRegistrationCredential,
} from './credential-json.js';
import {
  DuplicateCredentialError,
  type RegistrationRecord,
  type WebAuthnRepository,
} from './passkeys-repository.js';
import { originsForDomain, resolveDomain } from './relying-party.js';
import './passkeys-errors.js';

/** @simplewebauthn/server, loaded on the first passkey ceremony (it is large). */
function simpleWebAuthn(): Promise<typeof import('@simplewebauthn/server')> {
  return import('@simplewebauthn/server');
}

/** How long a ceremony's challenge may be answered. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** The authenticator kinds a registration may ask for. */
export type AuthenticatorType = 'platform' | 'cross-platform';

/** A request to start a registration. */
export interface RegisterStartRequest {
  project: Project;
  session: SessionRecord;
  domain?: string;
  pageOrigin?: string;
  authenticatorType?: AuthenticatorType;
  isPasskey: boolean;
  overrideId?: string;
  overrideName?: string;
  overrideDisplayName?: string;
  userAgent: string;
  ip: string;
}

/** A request to finish a registration or a sign-in. */
export interface FinishRequest {
  project: Project;
  session?: SessionRecord;
  credential: string;
  sessionDurationMinutes?: number;
  ip: string;
  userAgent: string;
}

/** What a finished ceremony gives. */
export interface Finished {
  registration: RegistrationRecord;
  issued: IssuedSession;
}

/** Default name of a new passkey: where it was made. */
function defaultName(userAgent: string, created: number, count: number): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Passkey';
  const day = new Date(created).toISOString().slice(0, 10);
  return count > 0 ? `${browser} passkey ${count + 1} (${day})` : `${browser} passkey (${day})`;
}

/** The session factor a passkey adds, in Stytch's shape. */
function webauthnFactor(registration: RegistrationRecord, now: number): JsonObject {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: new Date(now).toISOString(),
    webauthn_factor: {
      webauthn_registration_id: registration.webauthnRegistrationId,
      domain: registration.domain,
      user_agent: registration.userAgent,
    },
  };
}

/** Registers and checks passkeys. */
export class WebAuthnService {
  constructor(
    private readonly repository: WebAuthnRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly clock: () => number,
    private readonly ownOrigin: string,
  ) {}

  /** Starts a registration for the session's user; returns the creation options as JSON. */
  async registerStart(request: RegisterStartRequest): Promise<{ userId: string; options: string }> {
    const { project, session } = request;
    this.#assertEnabled(project);
    await this.#limit(project, request.ip);
    const domain = resolveDomain(project, this.ownOrigin, request.domain, request.pageOrigin);
    const user = await this.users.findById(project.projectId, session.userId);
    if (!user) throw new ApiError('session_not_found');
    const existing = await this.repository.listForUser(user.userId);
    const userHandle = Buffer.from(request.overrideId ?? user.userId, 'utf8');
    const userName = request.overrideName ?? defaultUserName(user);
    const { generateRegistrationOptions } = await simpleWebAuthn();
    const options = await generateRegistrationOptions({
      rpName: project.name,
      rpID: domain,
      userID: new Uint8Array(userHandle),
      userName,
      userDisplayName: request.overrideDisplayName ?? userName,
      timeout: CHALLENGE_LIFETIME_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((r) => ({ id: r.credentialId, transports: r.transports })),
      authenticatorSelection: {
        ...(request.authenticatorType
          ? { authenticatorAttachment: request.authenticatorType }
          : {}),
        residentKey: request.isPasskey ? 'required' : 'discouraged',
        requireResidentKey: request.isPasskey,
        userVerification: request.isPasskey ? 'required' : 'preferred',
      },
    });
    const now = this.clock();
    await this.repository.createChallenge({
      challengeHash: challengeHash(options.challenge),
      projectId: project.projectId,
      userId: user.userId,
      kind: 'registration',
      domain,
      isPasskey: request.isPasskey,
      userAgent: request.userAgent,
      authenticatorType: request.authenticatorType ?? '',
      userHandle: userHandle.toString('base64url'),
      expiresAt: now + CHALLENGE_LIFETIME_MS,
      createdAt: now,
    });
    return { userId: user.userId, options: JSON.stringify(options) };
  }

  /** Finishes a registration: verifies the attestation and stores the credential. */
  async register(request: FinishRequest & { session: SessionRecord }): Promise<Finished> {
    const { project, session } = request;
    this.#assertEnabled(project);
    // Refused before anything is written; without one the session keeps its expiry.
    const requested = request.sessionDurationMinutes;
    if (requested !== undefined) this.sessions.resolveDuration(project, requested);
    await this.#limit(project, request.ip);
    const { challenge, response } = parseRegistrationCredential(request.credential);
    const now = this.clock();
    const started = await this.repository.consumeChallenge(
      project.projectId,
      'registration',
      challengeHash(challenge),
      now,
      session.userId,
    );
    if (!started) throw new ApiError('webauthn_challenge_not_found');
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      const { verifyRegistrationResponse } = await simpleWebAuthn();
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: originsForDomain(project, this.ownOrigin, started.domain),
        expectedRPID: started.domain,
        requireUserVerification: started.isPasskey,
      });
    } catch (error) {
      throw credentialRefused(error);
    }
    const info = verification.registrationInfo;
    if (!verification.verified || !info) throw credentialRefused(undefined);
    const existing = await this.repository.listForUser(session.userId);
    const registration: RegistrationRecord = {
      webauthnRegistrationId: newId('webauthn-registration', project.environment),
      projectId: project.projectId,
      userId: session.userId,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      signCount: info.credential.counter,
      transports: info.credential.transports ?? [],
      userHandle: started.userHandle,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      isPasskey: started.isPasskey,
      domain: started.domain,
      userAgent: started.userAgent || request.userAgent,
      authenticatorType: started.authenticatorType,
      name: defaultName(started.userAgent || request.userAgent, now, existing.length),
      createdAt: now,
      lastUsedAt: null,
    };
    try {
      await this.repository.createRegistration(registration);
    } catch (error) {
      if (error instanceof DuplicateCredentialError) {
        throw new ApiError('duplicate_webauthn_registration');
      }
      throw error;
    }
    const withFactor = await this.sessions.addFactor(session, webauthnFactor(registration, now));
    const issued = await this.sessions.touch(project, withFactor, requested);
    return { registration, issued };
  }

  /**
   * Starts a sign-in. `primary` (signed out) offers every discoverable credential of the
   * domain; `secondary` (signed in) the session user's credentials, and binds the challenge to
   * that user.
   */
  async authenticateStart(request: {
    project: Project;
    session?: SessionRecord;
    mode: 'primary' | 'secondary';
    domain?: string;
    pageOrigin?: string;
    isPasskey: boolean;
    ip: string;
  }): Promise<{ options: string }> {
    const { project } = request;
    this.#assertEnabled(project);
    await this.#limit(project, request.ip);
    const domain = resolveDomain(project, this.ownOrigin, request.domain, request.pageOrigin);
    const user = request.mode === 'secondary' ? request.session?.userId : undefined;
    if (request.mode === 'secondary' && !user) throw new ApiError('user_unauthenticated');
    const registrations = user
      ? (await this.repository.listForUser(user)).filter((r) => r.domain === domain)
      : [];
    const { generateAuthenticationOptions } = await simpleWebAuthn();
    const options = await generateAuthenticationOptions({
      rpID: domain,
      timeout: CHALLENGE_LIFETIME_MS,
      userVerification: request.isPasskey ? 'required' : 'preferred',
      allowCredentials: registrations.map((r) => ({
        id: r.credentialId,
        transports: r.transports as never,
      })),
    });
    const now = this.clock();
    await this.repository.createChallenge({
      challengeHash: challengeHash(options.challenge),
      projectId: project.projectId,
      userId: user ?? null,
      kind: 'authentication',
      domain,
      isPasskey: request.isPasskey,
      userAgent: '',
      authenticatorType: '',
      userHandle: '',
      expiresAt: now + CHALLENGE_LIFETIME_MS,
      createdAt: now,
    });
    return { options: JSON.stringify(options) };
  }

  /** Finishes a sign-in: verifies the assertion, records the counter, issues the session. */
  async authenticate(request: FinishRequest): Promise<Finished> {
    const { project } = request;
    this.#assertEnabled(project);
    // Refused before anything is written: a refused duration spends no challenge.
    const duration = this.sessions.resolveDuration(project, request.sessionDurationMinutes);
    await this.#limit(project, request.ip);
    const { challenge, response } = parseAuthenticationCredential(request.credential);
    const now = this.clock();
    const started = await this.repository.consumeChallenge(
      project.projectId,
      'authentication',
      challengeHash(challenge),
      now,
    );
    if (!started) throw new ApiError('webauthn_challenge_not_found');
    const registration = await this.repository.findByCredentialId(project.projectId, response.id);
    if (!registration) throw new ApiError('webauthn_registration_not_found');
    const handle = response.response.userHandle;
    if (
      (started.userId !== null && started.userId !== registration.userId) ||
      registration.domain !== started.domain ||
      (handle !== undefined && handle !== registration.userHandle)
    ) {
      throw new ApiError('unable_to_auth_webauthn_registration');
    }
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      const { verifyAuthenticationResponse } = await simpleWebAuthn();
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: originsForDomain(project, this.ownOrigin, started.domain),
        expectedRPID: started.domain,
        credential: {
          id: registration.credentialId,
          publicKey: new Uint8Array(Buffer.from(registration.publicKey, 'base64url')),
          counter: registration.signCount,
          transports: registration.transports as never,
        },
        requireUserVerification: started.isPasskey || registration.isPasskey,
      });
    } catch (error) {
      throw new ApiError(
        'unable_to_auth_webauthn_registration',
        `WebAuthn registration could not be authenticated: ${reasonOf(error)}.`,
      );
    }
    if (!verification.verified) throw new ApiError('unable_to_auth_webauthn_registration');
    const counted = await this.repository.recordUse(registration, {
      signCount: verification.authenticationInfo.newCounter,
      backedUp: verification.authenticationInfo.credentialBackedUp,
      now,
    });
    if (!counted) throw new ApiError('unable_to_auth_webauthn_registration');
    const factor = webauthnFactor(registration, now);
    if (request.session && request.session.userId === registration.userId) {
      const withFactor = await this.sessions.addFactor(request.session, factor);
      return { registration, issued: await this.sessions.touch(project, withFactor, duration) };
    }
    const issued = await this.sessions.create(project, registration.userId, factor, duration, {
      ip_address: request.ip,
      user_agent: request.userAgent,
    });
    return { registration, issued };
  }

  /** Renames one of the user's registrations. */
  async rename(userId: string, webauthnRegistrationId: string, name: string) {
    const trimmed = name.trim();
    if (!trimmed) throw new ApiError('invalid_request', 'name must not be blank.');
    if (!(await this.repository.rename(userId, webauthnRegistrationId, trimmed))) {
      throw new ApiError('webauthn_registration_not_found');
    }
    const registration = await this.repository.findForUser(userId, webauthnRegistrationId);
    if (!registration) throw new ApiError('webauthn_registration_not_found');
    return registration;
  }

  /** Deletes one of the user's registrations. */
  async remove(userId: string, webauthnRegistrationId: string): Promise<void> {
    if (!(await this.repository.delete(userId, webauthnRegistrationId))) {
      throw new ApiError('webauthn_registration_not_found');
    }
  }

  #assertEnabled(project: Project): void {
    if (!project.settings.products.includes('passkeys')) {
      throw new ApiError('product_not_enabled', 'Passkeys are not enabled for this project.');
    }
  }

  async #limit(project: Project, ip: string): Promise<void> {
    await this.limiter.hit(
      `webauthn:ip:${project.projectId}:${ip}`,
      project.settings.otp.authenticateLimit.perIp,
      'too_many_requests',
    );
  }
}

/** The name an authenticator shows for the user: an email, a phone number, or the id. */
function defaultUserName(user: UserRecord): string {
  return user.emails[0]?.email ?? user.phoneNumbers[0]?.phoneNumber ?? user.userId;
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : 'it did not verify';
  return message.replace(/[\r\n]+/g, ' ').slice(0, 300);
}

function credentialRefused(error: unknown): ApiError {
  return new ApiError(
    'invalid_public_key_credential',
    `Invalid public key credential: ${error === undefined ? 'it did not verify' : reasonOf(error)}.`,
  );
}
