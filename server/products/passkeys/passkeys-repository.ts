/**
 * WebAuthn registrations and ceremony challenges. A credential id belongs to at most one
 * registration per project (a unique index guarantees it); a challenge is consumed at most once
 * (the consuming update is conditional, so of two simultaneous uses only one succeeds).
 */
import { sql } from 'kysely';
import { changedRows, type Db } from '../../db/database.js';
import { consumeOnce, purgeBefore } from '../../db/purge.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import type { WebAuthnChallengesTable, WebAuthnRegistrationsTable } from './passkeys-tables.js';

/** A stored registration. */
export interface RegistrationRecord {
  webauthnRegistrationId: string;
  projectId: string;
  userId: string;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  userHandle: string;
  deviceType: string;
  backedUp: boolean;
  isPasskey: boolean;
  domain: string;
  userAgent: string;
  authenticatorType: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A ceremony's challenge as stored (the challenge itself only as its hash). */
export interface ChallengeRecord {
  challengeHash: string;
  projectId: string;
  userId: string | null;
  kind: 'registration' | 'authentication';
  domain: string;
  isPasskey: boolean;
  userAgent: string;
  authenticatorType: string;
  userHandle: string;
  expiresAt: number;
  createdAt: number;
}

/** The credential id is registered already (in this project). */
export class DuplicateCredentialError extends Error {
  constructor() {
    super('this credential is registered already');
    this.name = 'DuplicateCredentialError';
  }
}

function readTransports(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function toRegistration(row: WebAuthnRegistrationsTable): RegistrationRecord {
  return {
    webauthnRegistrationId: row.webauthn_registration_id,
    projectId: row.project_id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    signCount: Number(row.sign_count),
    transports: readTransports(row.transports),
    userHandle: row.user_handle,
    deviceType: row.device_type,
    backedUp: Number(row.backed_up) === 1,
    isPasskey: Number(row.is_passkey) === 1,
    domain: row.domain,
    userAgent: row.user_agent,
    authenticatorType: row.authenticator_type,
    name: row.name,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at == null ? null : Number(row.last_used_at),
  };
}

/** Reads and writes registrations and challenges. */
export class WebAuthnRepository {
  readonly #consume;
  readonly #consumeUsers;

  constructor(private readonly db: Db) {
    this.#consume = consumeOnce<{ projectId: string; kind: string }>(db, {
      table: 'webauthn_challenges',
      key: 'challenge_hash',
      where: (a) => sql`project_id = ${a.projectId} AND kind = ${a.kind}`,
    });
    this.#consumeUsers = consumeOnce<{ projectId: string; kind: string; userId: string }>(db, {
      table: 'webauthn_challenges',
      key: 'challenge_hash',
      where: (a) => sql`project_id = ${a.projectId} AND kind = ${a.kind} AND user_id = ${a.userId}`,
    });
  }

  /** Stores a new challenge. */
  async createChallenge(challenge: ChallengeRecord): Promise<void> {
    const row: WebAuthnChallengesTable = {
      challenge_hash: challenge.challengeHash,
      project_id: challenge.projectId,
      user_id: challenge.userId,
      kind: challenge.kind,
      domain: challenge.domain,
      is_passkey: challenge.isPasskey ? 1 : 0,
      user_agent: challenge.userAgent,
      authenticator_type: challenge.authenticatorType,
      user_handle: challenge.userHandle,
      expires_at: challenge.expiresAt,
      consumed_at: null,
      created_at: challenge.createdAt,
    };
    await this.db.insertInto('webauthn_challenges').values(row).execute();
  }

  /**
   * Consumes the project's unexpired, unused challenge of this kind with this hash and returns
   * it; `undefined` when there is none (unknown, used, expired, of another kind, project or
   * user).
   * Single use: of two simultaneous calls, one gets the challenge.
   */
  async consumeChallenge(
    projectId: string,
    kind: ChallengeRecord['kind'],
    challengeHash: string,
    now: number,
    /** When given, only this user's challenge is consumed. */
    userId?: string,
  ): Promise<ChallengeRecord | undefined> {
    const consumed =
      userId === undefined
        ? await this.#consume({ key: challengeHash, now, projectId, kind })
        : await this.#consumeUsers({ key: challengeHash, now, projectId, kind, userId });
    if (!consumed) return undefined;
    const row = await this.db
      .selectFrom('webauthn_challenges')
      .selectAll()
      .where('challenge_hash', '=', challengeHash)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      challengeHash: row.challenge_hash,
      projectId: row.project_id,
      userId: row.user_id,
      kind: row.kind === 'registration' ? 'registration' : 'authentication',
      domain: row.domain,
      isPasskey: Number(row.is_passkey) === 1,
      userAgent: row.user_agent,
      authenticatorType: row.authenticator_type,
      userHandle: row.user_handle,
      expiresAt: Number(row.expires_at),
      createdAt: Number(row.created_at),
    };
  }

  /**
   * Stores a registration.
   * @throws DuplicateCredentialError when its credential id is registered in the project
   */
  async createRegistration(record: RegistrationRecord): Promise<void> {
    try {
      await this.db
        .insertInto('webauthn_registrations')
        .values({
          webauthn_registration_id: record.webauthnRegistrationId,
          project_id: record.projectId,
          user_id: record.userId,
          credential_id: record.credentialId,
          public_key: record.publicKey,
          sign_count: record.signCount,
          transports: JSON.stringify(record.transports),
          user_handle: record.userHandle,
          device_type: record.deviceType,
          backed_up: record.backedUp ? 1 : 0,
          is_passkey: record.isPasskey ? 1 : 0,
          domain: record.domain,
          user_agent: record.userAgent,
          authenticator_type: record.authenticatorType,
          name: record.name,
          created_at: record.createdAt,
          last_used_at: record.lastUsedAt,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateCredentialError();
      throw error;
    }
  }

  /** The project's registration with this credential id. */
  async findByCredentialId(
    projectId: string,
    credentialId: string,
  ): Promise<RegistrationRecord | undefined> {
    const row = await this.db
      .selectFrom('webauthn_registrations')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    return row && toRegistration(row);
  }

  /** The user's registration with this id. */
  async findForUser(
    userId: string,
    webauthnRegistrationId: string,
  ): Promise<RegistrationRecord | undefined> {
    const row = await this.db
      .selectFrom('webauthn_registrations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('webauthn_registration_id', '=', webauthnRegistrationId)
      .executeTakeFirst();
    return row && toRegistration(row);
  }

  /** The user's registrations, oldest first. */
  async listForUser(userId: string): Promise<RegistrationRecord[]> {
    const rows = await this.db
      .selectFrom('webauthn_registrations')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map(toRegistration);
  }

  /**
   * Records a successful sign-in: the new counter and backup state. Conditional on the counter
   * it was checked against, so two simultaneous uses of one assertion cannot both count.
   */
  async recordUse(
    record: RegistrationRecord,
    update: { signCount: number; backedUp: boolean; now: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('webauthn_registrations')
      .set({
        sign_count: update.signCount,
        backed_up: update.backedUp ? 1 : 0,
        last_used_at: update.now,
      })
      .where('webauthn_registration_id', '=', record.webauthnRegistrationId)
      .where('sign_count', '=', record.signCount)
      .executeTakeFirst();
    return changedRows(result) === 1;
  }

  /** Renames the user's registration; `false` when the user has none with this id. */
  async rename(userId: string, webauthnRegistrationId: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webauthn_registrations')
      .set({ name })
      .where('user_id', '=', userId)
      .where('webauthn_registration_id', '=', webauthnRegistrationId)
      .executeTakeFirst();
    return changedRows(result) === 1;
  }

  /** Deletes the user's registration; `false` when the user has none with this id. */
  async delete(userId: string, webauthnRegistrationId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webauthn_registrations')
      .where('user_id', '=', userId)
      .where('webauthn_registration_id', '=', webauthnRegistrationId)
      .executeTakeFirst();
    return changedRows(result) === 1;
  }

  /** Deletes challenges that expired before `before`. */
  async purgeChallenges(before: number): Promise<number> {
    return purgeBefore(this.db, { table: 'webauthn_challenges', column: 'expires_at', before });
  }
}
