/**
 * Users with their phone numbers and email addresses. A phone number or email
 * belongs to at most one user per project (a unique index guarantees it), and
 * its id doubles as the passcode `method_id`.
 */
import { changedRows, type Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { type JsonObject, readJsonObject } from '../../db/json-column.js';
import { prepare } from '../../db/prepared.js';
import { isUniqueViolation } from '../../db/sql-errors.js';

/** A user's name, in Stytch's shape. */
export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

/** A phone number of a user. */
export interface PhoneRecord {
  phoneId: string;
  phoneNumber: string;
  verified: boolean;
  createdAt: number;
}

/** An email address of a user. */
export interface EmailRecord {
  emailId: string;
  email: string;
  verified: boolean;
  createdAt: number;
}

/** A passkey or WebAuthn device of a user, as the user object lists it. */
export interface WebAuthnRegistrationSummary {
  webauthnRegistrationId: string;
  name: string;
  domain: string;
  userAgent: string;
  authenticatorType: string;
}

/** A crypto wallet of a user (the crypto-wallet product owns the table). */
export interface UserCryptoWallet {
  cryptoWalletId: string;
  address: string;
  walletType: string;
  verified: boolean;
}

/** An authenticator app of a user (the TOTP product owns the table). */
export interface UserTotp {
  totpId: string;
  verified: boolean;
}

/** An account of the user at an OAuth provider (the OAuth product owns the table). */
export interface UserOAuthProvider {
  registrationId: string;
  provider: string;
  providerSubject: string;
  profilePictureUrl: string;
  locale: string;
}

/** A user with everything attached to it. */
export interface UserRecord {
  userId: string;
  projectId: string;
  status: 'active' | 'pending';
  name: UserName;
  trustedMetadata: JsonObject;
  untrustedMetadata: JsonObject;
  createdAt: number;
  phoneNumbers: PhoneRecord[];
  emails: EmailRecord[];
  webauthnRegistrations: WebAuthnRegistrationSummary[];
  cryptoWallets: UserCryptoWallet[];
  totps: UserTotp[];
  /** Accounts at OAuth providers, oldest first. */
  providers: UserOAuthProvider[];
}

/** A passcode destination found by its `method_id`. */
export interface MethodRecord {
  kind: 'phone' | 'email';
  methodId: string;
  projectId: string;
  userId: string;
  destination: string;
  verified: boolean;
}

/** The destination kinds users are found by. */
export type DestinationKind = 'phone' | 'email';

/** The project a new user or destination belongs to. */
type ProjectRef = { projectId: string; environment: 'test' | 'live' };

const EMPTY_NAME: UserName = { first_name: '', middle_name: '', last_name: '' };

/** The destination belongs to another user already. */
export class DuplicateDestinationError extends Error {
  constructor(readonly kind: DestinationKind) {
    super(`this ${kind} belongs to another user`);
    this.name = 'DuplicateDestinationError';
  }
}

/** A destination row, whichever its table, in one shape. */
interface DestinationRow {
  method_id: string;
  project_id: string;
  user_id: string;
  destination: string;
  verified: number;
}

/** The prepared lookups of destinations, by kind. */
function destinationQueries(db: Db) {
  const phones = () =>
    db
      .selectFrom('user_phone_numbers')
      .select([
        'phone_id as method_id',
        'project_id',
        'user_id',
        'phone_number as destination',
        'verified',
      ]);
  const emails = () =>
    db
      .selectFrom('user_emails')
      .select([
        'email_id as method_id',
        'project_id',
        'user_id',
        'email as destination',
        'verified',
      ]);
  return {
    byId: {
      phone: prepare(db, (a: { methodId: string }) => phones().where('phone_id', '=', a.methodId)),
      email: prepare(db, (a: { methodId: string }) => emails().where('email_id', '=', a.methodId)),
    },
    byValue: {
      phone: prepare(db, (a: { projectId: string; destination: string }) =>
        phones().where('project_id', '=', a.projectId).where('phone_number', '=', a.destination),
      ),
      email: prepare(db, (a: { projectId: string; destination: string }) =>
        emails().where('project_id', '=', a.projectId).where('email', '=', a.destination),
      ),
    },
    markVerified: {
      phone: prepare(db, (a: { methodId: string }) =>
        db
          .updateTable('user_phone_numbers')
          .set({ verified: 1 })
          .where('phone_id', '=', a.methodId),
      ),
      email: prepare(db, (a: { methodId: string }) =>
        db.updateTable('user_emails').set({ verified: 1 }).where('email_id', '=', a.methodId),
      ),
    },
  };
}

/** The prepared reads of a whole user. */
function userQueries(db: Db) {
  return {
    user: prepare(db, (a: { userId: string; projectId: string }) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('user_id', '=', a.userId)
        .where('project_id', '=', a.projectId),
    ),
    phones: prepare(db, (a: { userId: string }) =>
      db
        .selectFrom('user_phone_numbers')
        .selectAll()
        .where('user_id', '=', a.userId)
        .orderBy('created_at'),
    ),
    emails: prepare(db, (a: { userId: string }) =>
      db
        .selectFrom('user_emails')
        .selectAll()
        .where('user_id', '=', a.userId)
        .orderBy('created_at'),
    ),
    webauthn: prepare(db, (a: { userId: string }) =>
      db
        .selectFrom('webauthn_registrations')
        .select(['webauthn_registration_id', 'name', 'domain', 'user_agent', 'authenticator_type'])
        .where('user_id', '=', a.userId)
        .orderBy('created_at'),
    ),
    cryptoWallets: prepare(db, (a: { userId: string }) =>
      db
        .selectFrom('crypto_wallets')
        .selectAll()
        .where('user_id', '=', a.userId)
        .orderBy('created_at'),
    ),
    totps: prepare(db, (a: { userId: string }) =>
      db
        .selectFrom('totps')
        .select(['totp_id', 'verified'])
        .where('user_id', '=', a.userId)
        .orderBy('created_at'),
    ),
    providers: prepare(db, (a: { userId: string }) =>
      db
        .selectFrom('oauth_registrations')
        .selectAll()
        .where('user_id', '=', a.userId)
        .orderBy('created_at'),
    ),
  };
}

function toMethod(kind: DestinationKind, row: DestinationRow): MethodRecord {
  return {
    kind,
    methodId: row.method_id,
    projectId: row.project_id,
    userId: row.user_id,
    destination: row.destination,
    verified: Number(row.verified) === 1,
  };
}

/** Inserts an unverified phone number or email for a user and returns its method. */
async function insertDestination(
  db: Db,
  project: ProjectRef,
  userId: string,
  kind: DestinationKind,
  destination: string,
  now: number,
): Promise<MethodRecord> {
  const common = { project_id: project.projectId, user_id: userId, verified: 0, created_at: now };
  let methodId: string;
  if (kind === 'phone') {
    methodId = newId('phone-number', project.environment);
    await db
      .insertInto('user_phone_numbers')
      .values({ ...common, phone_id: methodId, phone_number: destination })
      .execute();
  } else {
    methodId = newId('email', project.environment);
    await db
      .insertInto('user_emails')
      .values({ ...common, email_id: methodId, email: destination })
      .execute();
  }
  return { kind, methodId, projectId: project.projectId, userId, destination, verified: false };
}

/** Reads and writes users. */
export class UsersRepository {
  readonly #destinations;
  readonly #users;

  constructor(private readonly db: Db) {
    this.#destinations = destinationQueries(db);
    this.#users = userQueries(db);
  }

  /** The user with this id in this project, or `undefined`. */
  async findById(projectId: string, userId: string): Promise<UserRecord | undefined> {
    const row = await this.#users.user.first({ userId, projectId });
    if (!row) return undefined;
    const [phones, emails, webauthn, wallets, totps, providers] = await Promise.all([
      this.#users.phones.all({ userId }),
      this.#users.emails.all({ userId }),
      this.#users.webauthn.all({ userId }),
      this.#users.cryptoWallets.all({ userId }),
      this.#users.totps.all({ userId }),
      this.#users.providers.all({ userId }),
    ]);
    const name = readJsonObject(row.name);
    return {
      userId: row.user_id,
      projectId: row.project_id,
      status: row.status === 'pending' ? 'pending' : 'active',
      name: { ...EMPTY_NAME, ...(name as Partial<UserName>) },
      trustedMetadata: readJsonObject(row.trusted_metadata),
      untrustedMetadata: readJsonObject(row.untrusted_metadata),
      createdAt: Number(row.created_at),
      phoneNumbers: phones.map((p) => ({
        phoneId: p.phone_id,
        phoneNumber: p.phone_number,
        verified: Number(p.verified) === 1,
        createdAt: Number(p.created_at),
      })),
      emails: emails.map((e) => ({
        emailId: e.email_id,
        email: e.email,
        verified: Number(e.verified) === 1,
        createdAt: Number(e.created_at),
      })),
      webauthnRegistrations: webauthn.map((w) => ({
        webauthnRegistrationId: w.webauthn_registration_id,
        name: w.name,
        domain: w.domain,
        userAgent: w.user_agent,
        authenticatorType: w.authenticator_type,
      })),
      cryptoWallets: wallets.map((w) => ({
        cryptoWalletId: w.crypto_wallet_id,
        address: w.address,
        walletType: w.wallet_type,
        verified: Number(w.verified) === 1,
      })),
      totps: totps.map((t) => ({ totpId: t.totp_id, verified: Number(t.verified) === 1 })),
      providers: providers.map((p) => ({
        registrationId: p.oauth_user_registration_id,
        provider: p.provider,
        providerSubject: p.provider_subject,
        profilePictureUrl: p.profile_picture_url,
        locale: p.locale,
      })),
    };
  }

  /** The phone number or email with this id (a passcode `method_id`). */
  async findMethod(methodId: string): Promise<MethodRecord | undefined> {
    for (const kind of ['phone', 'email'] as const) {
      const row = await this.#destinations.byId[kind].first({ methodId });
      if (row) return toMethod(kind, row);
    }
    return undefined;
  }

  /** The user's id and the method id owning a normalized destination, if any. */
  async findByDestination(
    projectId: string,
    kind: DestinationKind,
    destination: string,
  ): Promise<MethodRecord | undefined> {
    const row = await this.#destinations.byValue[kind].first({ projectId, destination });
    return row && toMethod(kind, row);
  }

  /**
   * Finds the user owning `destination` or creates one with it (unverified).
   * Safe under concurrency: two simultaneous calls end with one user.
   */
  async findOrCreateByDestination(
    project: ProjectRef,
    kind: DestinationKind,
    destination: string,
    now: number,
    initial: {
      trustedMetadata?: JsonObject;
      name?: Partial<UserName>;
      /** `pending` for a user created before they prove the destination (magic links). */
      status?: 'active' | 'pending';
    } = {},
  ): Promise<MethodRecord & { created: boolean }> {
    const existing = await this.findByDestination(project.projectId, kind, destination);
    if (existing) return { ...existing, created: false };
    const userId = newId('user', project.environment);
    try {
      const method = await this.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('users')
          .values({
            user_id: userId,
            project_id: project.projectId,
            status: initial.status ?? 'active',
            name: JSON.stringify({ ...EMPTY_NAME, ...initial.name }),
            trusted_metadata: JSON.stringify(initial.trustedMetadata ?? {}),
            untrusted_metadata: '{}',
            created_at: now,
          })
          .execute();
        return insertDestination(tx, project, userId, kind, destination, now);
      });
      return { ...method, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.findByDestination(project.projectId, kind, destination);
      if (!winner) throw error;
      return { ...winner, created: false };
    }
  }

  /**
   * Attaches `destination` to an existing user (unverified) and returns its method;
   * returns the existing method when the user already has it.
   * @throws DuplicateDestinationError when another user owns it.
   */
  async addDestination(
    project: ProjectRef,
    userId: string,
    kind: DestinationKind,
    destination: string,
    now: number,
  ): Promise<MethodRecord> {
    const existing = await this.findByDestination(project.projectId, kind, destination);
    if (existing) {
      if (existing.userId !== userId) throw new DuplicateDestinationError(kind);
      return existing;
    }
    try {
      return await insertDestination(this.db, project, userId, kind, destination, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateDestinationError(kind);
      throw error;
    }
  }

  /** Marks a phone number or email as verified. */
  async markVerified(method: Pick<MethodRecord, 'kind' | 'methodId'>): Promise<void> {
    await this.#destinations.markVerified[method.kind].run({ methodId: method.methodId });
  }

  /** Makes a pending user active (after they proved a destination); an active one is unchanged. */
  async activate(userId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Removes one of the user's phone numbers or emails; resolves to false when it had none such. */
  async deleteDestination(userId: string, kind: DestinationKind, id: string): Promise<boolean> {
    const result =
      kind === 'phone'
        ? await this.db
            .deleteFrom('user_phone_numbers')
            .where('phone_id', '=', id)
            .where('user_id', '=', userId)
            .executeTakeFirst()
        : await this.db
            .deleteFrom('user_emails')
            .where('email_id', '=', id)
            .where('user_id', '=', userId)
            .executeTakeFirst();
    return changedRows(result) > 0;
  }

  /** Replaces the user's untrusted metadata. */
  async setUntrustedMetadata(userId: string, metadata: JsonObject): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ untrusted_metadata: JSON.stringify(metadata) })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Replaces the user's trusted metadata (server side only: the guest list, never the API). */
  async setTrustedMetadata(userId: string, metadata: JsonObject): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ trusted_metadata: JSON.stringify(metadata) })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Sets the user's name. */
  async setName(userId: string, name: Partial<UserName>): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ name: JSON.stringify({ ...EMPTY_NAME, ...name }) })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Every user of the project that has a phone number, with it, oldest first. */
  async listPhoneUsers(projectId: string): Promise<
    Array<{
      userId: string;
      phoneNumber: string;
      verified: boolean;
      trustedMetadata: JsonObject;
      name: UserName;
      lastSessionAt: number | null;
    }>
  > {
    const rows = await this.db
      .selectFrom('users as u')
      .innerJoin('user_phone_numbers as p', 'p.user_id', 'u.user_id')
      .select((eb) => [
        'u.user_id',
        'p.phone_number',
        'p.verified',
        'u.trusted_metadata',
        'u.name',
        eb
          .selectFrom('sessions as s')
          .select((inner) => inner.fn.max('s.started_at').as('started'))
          .whereRef('s.user_id', '=', 'u.user_id')
          .as('last_session_at'),
      ])
      .where('u.project_id', '=', projectId)
      .orderBy('p.created_at')
      .execute();
    return rows.map((row) => ({
      userId: row.user_id,
      phoneNumber: row.phone_number,
      verified: Number(row.verified) === 1,
      trustedMetadata: readJsonObject(row.trusted_metadata),
      name: { ...EMPTY_NAME, ...(readJsonObject(row.name) as Partial<UserName>) },
      lastSessionAt: row.last_session_at == null ? null : Number(row.last_session_at),
    }));
  }
}
