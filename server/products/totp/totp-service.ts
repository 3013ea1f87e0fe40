/**
 * The TOTP rules: enrolment (a sealed secret, its QR code and hashed recovery codes), codes
 * checked within ±1 step and each usable once, recovery codes usable once, and wrong guesses
 * throttled per (user, client) with `FailureThrottle` so a stranger cannot lock a user out.
 * Every call acts for the caller's session and adds its factor to that session.
 */
import { newId } from '../../db/ids.js';
import type { JsonObject } from '../../db/json-column.js';
import { ApiError } from '../../http/api-error.js';
import type { SealedJson } from '../../keys/sealed-json.js';
import type { Project } from '../../projects/projects-repository.js';
import { clientKey } from '../../rate-limit/client-key.js';
import type { FailureThrottle } from '../../rate-limit/failure-throttle.js';
import type { IssuedSession, SessionRecord, SessionService } from '../sessions/index.js';
import type { UserRecord, UsersRepository } from '../users/index.js';
import {
  keyToBase32,
  matchingStep,
  newRecoveryCode,
  newTotpKey,
  otpauthUri,
  qrCodeDataUrl,
  RECOVERY_CODE_COUNT,
  type RecoveryCodeHasher,
} from './totp-codes.js';
import { TOTP_EXPIRATION_MINUTES } from './totp-limits.js';
import type { TotpRecord, TotpRepository } from './totp-repository.js';
import './totp-errors.js';

/** What `create` hands back once; only the hashes of the recovery codes are kept. */
export interface CreatedTotp {
  totpId: string;
  secret: string;
  otpauthUri: string;
  qrCode: string;
  recoveryCodes: string[];
}

/** The parts the service needs. */
export interface TotpServiceDeps {
  repository: TotpRepository;
  users: UsersRepository;
  sessions: SessionService;
  throttle: FailureThrottle;
  sealer: SealedJson;
  hasher: RecoveryCodeHasher;
  /** The server secret, for client keys. */
  secret: string;
  clock: () => number;
}

/** A sign-in step of the caller's session. */
interface SessionStep {
  project: Project;
  session: SessionRecord;
  sessionDurationMinutes: number | undefined;
  ip: string;
}

/** TOTP enrolment, codes and recovery. */
export class TotpService {
  constructor(private readonly deps: TotpServiceDeps) {}

  /**
   * Enrols a new authenticator app for the session's user, replacing an unverified one.
   * @throws ApiError `active_totp_exists` when the user has a verified one (delete it first).
   */
  async create(
    project: Project,
    user: UserRecord,
    expirationMinutes: number = TOTP_EXPIRATION_MINUTES.default,
  ): Promise<CreatedTotp> {
    const existing = await this.deps.repository.listForUser(user.userId);
    if (existing.some((totp) => totp.verified)) throw new ApiError('active_totp_exists');
    const now = this.deps.clock();
    const key = newTotpKey();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const record: TotpRecord = {
      totpId: newId('totp', project.environment),
      projectId: project.projectId,
      userId: user.userId,
      sealedSecret: this.deps.sealer.seal(Buffer.from(key).toString('base64url')),
      verified: false,
      expiresAt: now + expirationMinutes * 60_000,
      lastUsedStep: null,
      createdAt: now,
    };
    await this.deps.repository.insert(
      record,
      recoveryCodes.map((code) => this.deps.hasher.hash(code)),
    );
    const uri = otpauthUri(project.name, accountName(user), key);
    return {
      totpId: record.totpId,
      secret: keyToBase32(key),
      otpauthUri: uri,
      qrCode: await qrCodeDataUrl(uri),
      recoveryCodes,
    };
  }

  /**
   * Checks `code` against the user's TOTP (a verified one, or an unexpired enrolment, which the
   * first right code verifies) and adds the factor to the session.
   * @throws ApiError `totp_not_found`, `totp_code_not_found` (wrong), `totp_code_already_used`,
   *   `too_many_requests` / `destination_locked` (throttled), `session_duration_too_long`.
   */
  async authenticate(
    step: SessionStep,
    code: string,
  ): Promise<{ totp: TotpRecord; issued: IssuedSession }> {
    const { project, session } = step;
    const duration = this.deps.sessions.resolveDuration(project, step.sessionDurationMinutes);
    const totp = await this.#usableTotp(session.userId);
    const scope = `totp:${project.projectId}`;
    const client = clientKey(this.deps.secret, step.ip);
    await this.deps.throttle.beginTry(scope, session.userId, client);
    const now = this.deps.clock();
    const matched = /^\d{6}$/.test(code) ? matchingStep(this.#key(totp), code, now) : undefined;
    if (matched === undefined) throw new ApiError('totp_code_not_found');
    if (!(await this.deps.repository.spendStep(totp.totpId, matched))) {
      throw new ApiError('totp_code_already_used');
    }
    await this.deps.throttle.recordSuccess(scope, session.userId, client);
    const factor = totpFactor(totp.totpId, now);
    const withFactor = await this.deps.sessions.addFactor(session, factor);
    return { totp, issued: await this.deps.sessions.touch(project, withFactor, duration) };
  }

  /**
   * Spends one of the verified TOTP's recovery codes and adds the factor to the session.
   * @throws ApiError `totp_not_found`, `recovery_code_not_found` (wrong),
   *   `recovery_code_already_used`, `too_many_requests` / `destination_locked`.
   */
  async recover(
    step: SessionStep,
    recoveryCode: string,
  ): Promise<{ totp: TotpRecord; issued: IssuedSession }> {
    const { project, session } = step;
    const duration = this.deps.sessions.resolveDuration(project, step.sessionDurationMinutes);
    const totp = (await this.deps.repository.listForUser(session.userId)).find((t) => t.verified);
    if (!totp) throw new ApiError('totp_not_found');
    const scope = `totp-recovery:${project.projectId}`;
    const client = clientKey(this.deps.secret, step.ip);
    await this.deps.throttle.beginTry(scope, session.userId, client);
    const { hash, state } = await this.#recoveryCode(totp.totpId, recoveryCode);
    if (state === 'unknown') throw new ApiError('recovery_code_not_found');
    const now = this.deps.clock();
    if (
      state === 'used' ||
      !(await this.deps.repository.spendRecoveryCode(totp.totpId, hash, now))
    ) {
      throw new ApiError('recovery_code_already_used');
    }
    await this.deps.throttle.recordSuccess(scope, session.userId, client);
    const factor: JsonObject = {
      type: 'recovery_code',
      delivery_method: 'recovery_code',
      last_authenticated_at: new Date(now).toISOString(),
      recovery_code_factor: { totp_recovery_code_id: totp.totpId },
    };
    const withFactor = await this.deps.sessions.addFactor(session, factor);
    return { totp, issued: await this.deps.sessions.touch(project, withFactor, duration) };
  }

  /**
   * A fresh set of recovery codes for the user's verified TOTP; the earlier ones stop working.
   * (Codes are kept only as hashes, so they cannot be shown again.)
   * @throws ApiError `totp_not_found` when the user has no verified TOTP.
   */
  async newRecoveryCodes(userId: string): Promise<{ totp: TotpRecord; recoveryCodes: string[] }> {
    const totp = (await this.deps.repository.listForUser(userId)).find((t) => t.verified);
    if (!totp) throw new ApiError('totp_not_found');
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.deps.repository.replaceRecoveryCodes(
      totp,
      recoveryCodes.map((code) => this.deps.hasher.hash(code)),
      this.deps.clock(),
    );
    return { totp, recoveryCodes };
  }

  /** The TOTP a code is checked against: the verified one, else an unexpired enrolment. */
  async #usableTotp(userId: string): Promise<TotpRecord> {
    const now = this.deps.clock();
    const totp = (await this.deps.repository.listForUser(userId)).find(
      (t) => t.verified || t.expiresAt > now,
    );
    if (!totp) throw new ApiError('totp_not_found');
    return totp;
  }

  /** The stored hash of `code` among the TOTP's (under either secret during a rotation). */
  async #recoveryCode(totpId: string, code: string) {
    const [hash = '', ...previous] = this.deps.hasher.hashes(code);
    let found = { hash, state: await this.deps.repository.recoveryCodeState(totpId, hash) };
    for (const old of previous) {
      if (found.state !== 'unknown') break;
      found = { hash: old, state: await this.deps.repository.recoveryCodeState(totpId, old) };
    }
    return found;
  }

  #key(totp: TotpRecord): Uint8Array {
    return new Uint8Array(
      Buffer.from(String(this.deps.sealer.open(totp.sealedSecret)), 'base64url'),
    );
  }
}

/** The session factor of a TOTP code, in Stytch's shape. */
function totpFactor(totpId: string, now: number): JsonObject {
  return {
    type: 'totp',
    delivery_method: 'authenticator_app',
    last_authenticated_at: new Date(now).toISOString(),
    authenticator_app_factor: { totp_id: totpId },
  };
}

/** What the authenticator app lists the account as: an email, a phone number, or the user id. */
function accountName(user: UserRecord): string {
  return user.emails[0]?.email ?? user.phoneNumbers[0]?.phoneNumber ?? user.userId;
}
