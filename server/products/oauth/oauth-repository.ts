/**
 * The OAuth product's storage. Guarantees:
 * - a provider account (project, provider, subject) belongs to at most one user (unique index);
 * - a `state` and a token are found only by their SHA-256, and each is consumed by exactly one
 *   caller, only while live;
 * - a used token's provider tokens are erased as it is consumed.
 */
import { sql } from 'kysely';
import { changedRows, type Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { prepare } from '../../db/prepared.js';
import { consumeOnce, purgeBefore } from '../../db/purge.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import type {
  OAuthAttachTokensTable,
  OAuthRegistrationsTable,
  OAuthStatesTable,
  OAuthTokensTable,
} from './oauth-tables.js';

/** A user's account at a provider. */
export interface OAuthRegistration {
  registrationId: string;
  userId: string;
  provider: string;
  providerSubject: string;
  profilePictureUrl: string;
  locale: string;
}

function toRegistration(row: OAuthRegistrationsTable): OAuthRegistration {
  return {
    registrationId: row.oauth_user_registration_id,
    userId: row.user_id,
    provider: row.provider,
    providerSubject: row.provider_subject,
    profilePictureUrl: row.profile_picture_url,
    locale: row.locale,
  };
}

/** A stored pending sign-in. */
export type OAuthStateRow = OAuthStatesTable;
/** A stored finished sign-in. */
export type OAuthTokenRow = OAuthTokensTable;

/** The registration already exists (a concurrent sign-in made it). */
export class DuplicateRegistrationError extends Error {
  constructor() {
    super('this provider account belongs to a user already');
    this.name = 'DuplicateRegistrationError';
  }
}

/** Reads and writes registrations, pending sign-ins and one-time tokens. */
export class OAuthRepository {
  readonly #queries;

  constructor(private readonly db: Db) {
    this.#queries = {
      bySubject: prepare(db, (a: { projectId: string; provider: string; subject: string }) =>
        db
          .selectFrom('oauth_registrations')
          .selectAll()
          .where('project_id', '=', a.projectId)
          .where('provider', '=', a.provider)
          .where('provider_subject', '=', a.subject),
      ),
      consumeState: consumeOnce(db, { table: 'oauth_states', key: 'state_hash' }),
      stateByHash: prepare(db, (a: { stateHash: string }) =>
        db.selectFrom('oauth_states').selectAll().where('state_hash', '=', a.stateHash),
      ),
      tokenByHash: prepare(db, (a: { tokenHash: string }) =>
        db.selectFrom('oauth_tokens').selectAll().where('token_hash', '=', a.tokenHash),
      ),
      consumeAttach: consumeOnce<{ projectId: string; provider: string }>(db, {
        table: 'oauth_attach_tokens',
        key: 'token_hash',
        where: (a) => sql`project_id = ${a.projectId} AND provider = ${a.provider}`,
      }),
      attachByHash: prepare(db, (a: { tokenHash: string }) =>
        db.selectFrom('oauth_attach_tokens').selectAll().where('token_hash', '=', a.tokenHash),
      ),
      consumeToken: consumeOnce(db, {
        table: 'oauth_tokens',
        key: 'token_hash',
        alsoSet: sql`sealed_provider_values = ''`,
      }),
    };
  }

  /** The registration of a provider account in the project, if any. */
  async findBySubject(
    projectId: string,
    provider: string,
    subject: string,
  ): Promise<OAuthRegistration | undefined> {
    const row = await this.#queries.bySubject.first({ projectId, provider, subject });
    return row && toRegistration(row);
  }

  /**
   * Records a provider account for a user.
   * @throws DuplicateRegistrationError when the account is someone's already.
   */
  async addRegistration(row: OAuthRegistrationsTable): Promise<void> {
    try {
      await this.db.insertInto('oauth_registrations').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateRegistrationError();
      throw error;
    }
  }

  /** Creates a user with no email or phone number (a provider account will be its way in). */
  async createUser(
    project: { projectId: string; environment: 'test' | 'live' },
    now: number,
    name: { first_name: string; last_name: string },
  ): Promise<string> {
    const userId = newId('user', project.environment);
    await this.db
      .insertInto('users')
      .values({
        user_id: userId,
        project_id: project.projectId,
        status: 'active',
        name: JSON.stringify({
          first_name: name.first_name,
          middle_name: '',
          last_name: name.last_name,
        }),
        trusted_metadata: '{}',
        untrusted_metadata: '{}',
        created_at: now,
      })
      .execute();
    return userId;
  }

  /** Removes one of the user's provider accounts; false when the user has no such one. */
  async deleteRegistration(userId: string, registrationId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('oauth_registrations')
      .where('oauth_user_registration_id', '=', registrationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return changedRows(result) > 0;
  }

  /** Stores a pending sign-in. */
  async createState(row: Omit<OAuthStatesTable, 'consumed_at'>): Promise<void> {
    await this.db
      .insertInto('oauth_states')
      .values({ ...row, consumed_at: null })
      .execute();
  }

  /**
   * Consumes the pending sign-in whose `state` hashes to `stateHash`: resolves to its row for
   * exactly one caller while it is live, else `undefined` (unknown, used, or expired).
   */
  async consumeState(stateHash: string, now: number): Promise<OAuthStateRow | undefined> {
    if (!(await this.#queries.consumeState({ key: stateHash, now }))) return undefined;
    return this.#queries.stateByHash.first({ stateHash });
  }

  /** Stores a finished sign-in's token. */
  async createToken(row: Omit<OAuthTokensTable, 'consumed_at'>): Promise<void> {
    await this.db
      .insertInto('oauth_tokens')
      .values({ ...row, consumed_at: null })
      .execute();
  }

  /** The token row, used or not, live or not. */
  async findToken(tokenHash: string): Promise<OAuthTokenRow | undefined> {
    return this.#queries.tokenByHash.first({ tokenHash });
  }

  /** Marks the token used and erases its provider tokens; true for exactly one live caller. */
  async consumeToken(tokenHash: string, now: number): Promise<boolean> {
    return this.#queries.consumeToken({ key: tokenHash, now });
  }

  /** Stores an attach token (`POST /oauth/attach`). */
  async createAttachToken(row: Omit<OAuthAttachTokensTable, 'consumed_at'>): Promise<void> {
    await this.db
      .insertInto('oauth_attach_tokens')
      .values({ ...row, consumed_at: null })
      .execute();
  }

  /**
   * Consumes the attach token hashing to `tokenHash` made in `projectId` for `provider`: resolves
   * to its user for exactly one caller while it is live, else `undefined` (unknown, used, expired,
   * or made for another project or provider, which leaves it unspent).
   */
  async consumeAttachToken(
    tokenHash: string,
    projectId: string,
    provider: string,
    now: number,
  ): Promise<string | undefined> {
    if (!(await this.#queries.consumeAttach({ key: tokenHash, now, projectId, provider }))) {
      return undefined;
    }
    return (await this.#queries.attachByHash.first({ tokenHash }))?.user_id;
  }

  /** Deletes pending sign-ins, tokens and attach tokens that expired before `before`. */
  async purgeExpired(before: number): Promise<number> {
    let deleted = 0;
    for (const table of ['oauth_states', 'oauth_tokens', 'oauth_attach_tokens'] as const) {
      deleted += await purgeBefore(this.db, { table, column: 'expires_at', before });
    }
    return deleted;
  }
}
