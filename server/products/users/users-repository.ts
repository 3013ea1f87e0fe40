/**
 * Users with their phone numbers and email addresses. A phone number or email is held verified
 * by at most one user per project (a unique index guarantees it); unverified rows are pending
 * claims, which sign nobody into a proven account (see `findByDestination` and `proof.ts`). A
 * row's id doubles as the passcode `method_id`.
 */
import { sql } from 'kysely';
import { changedRows, type Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { type JsonObject, readJsonObject } from '../../db/json-column.js';
import { type Executor, prepare } from '../../db/prepared.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import {
  type ProofContext,
  type ProofOutcome,
  proveDestination,
  provenAccountSql,
} from './proof.js';
import { EMPTY_NAME, type UserReader, type UserRow } from './user-reader.js';
import type { UserName, UserRecord } from './user-record.js';

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
        signInRow('user_phone_numbers', 'phone_id', 'phone_number', a),
      ),
      email: prepare(db, (a: { projectId: string; destination: string }) =>
        signInRow('user_emails', 'email_id', 'email', a),
      ),
    },
    ofUser: {
      phone: prepare(db, (a: { projectId: string; destination: string; userId: string }) =>
        phones()
          .where('project_id', '=', a.projectId)
          .where('phone_number', '=', a.destination)
          .where('user_id', '=', a.userId),
      ),
      email: prepare(db, (a: { projectId: string; destination: string; userId: string }) =>
        emails()
          .where('project_id', '=', a.projectId)
          .where('email', '=', a.destination)
          .where('user_id', '=', a.userId),
      ),
    },
    verifiedHolder: {
      phone: prepare(db, (a: { projectId: string; destination: string }) =>
        phones()
          .where('project_id', '=', a.projectId)
          .where('phone_number', '=', a.destination)
          .where('verified', '=', 1),
      ),
      email: prepare(db, (a: { projectId: string; destination: string }) =>
        emails()
          .where('project_id', '=', a.projectId)
          .where('email', '=', a.destination)
          .where('verified', '=', 1),
      ),
    },
  };
}

/**
 * The row of a destination that signs someone in: the one held verified, else the oldest
 * pending claim of an unproven account, else none. A proven account's pending claim never is.
 */
function signInRow(
  table: 'user_phone_numbers' | 'user_emails',
  id: string,
  value: string,
  a: { projectId: string; destination: string },
) {
  return sql<DestinationRow>`SELECT d.${sql.raw(id)} AS method_id, d.project_id, d.user_id,
    d.${sql.raw(value)} AS destination, d.verified FROM ${sql.table(table)} d
    WHERE d.project_id = ${a.projectId} AND d.${sql.raw(value)} = ${a.destination}
    AND (d.verified = 1 OR NOT ${sql.raw(provenAccountSql('d.user_id'))})
    ORDER BY d.verified DESC, d.created_at, d.${sql.raw(id)} LIMIT 1`;
}

/** The prepared read of a whole user: one query, one round trip. */
function userQuery(db: Db, reader: UserReader) {
  const columns = sql.raw(reader.columnsSql('u'));
  return prepare(
    db,
    (a: { userId: string; projectId: string }) =>
      sql<UserRow>`SELECT ${columns} FROM users u WHERE u.user_id = ${a.userId} AND u.project_id = ${a.projectId}`,
  );
}

/**
 * `user` after `markVerified(method)`: the same record with that phone number or email verified,
 * for a caller that read the user before it marked the method in the same transaction.
 */
export function withMethodVerified(
  user: UserRecord,
  method: Pick<MethodRecord, 'kind' | 'methodId'>,
): UserRecord {
  if (method.kind === 'phone') {
    return {
      ...user,
      phoneNumbers: user.phoneNumbers.map((phone) =>
        phone.phoneId === method.methodId ? { ...phone, verified: true } : phone,
      ),
    };
  }
  return {
    ...user,
    emails: user.emails.map((email) =>
      email.emailId === method.methodId ? { ...email, verified: true } : email,
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
  readonly #user;

  /**
   * @param reader how a whole user is read (the products' parts of it, see `UserPart`); also
   *   what another repository that reads a user within its own query composes it with.
   */
  constructor(
    private readonly db: Db,
    readonly reader: UserReader,
  ) {
    this.#destinations = destinationQueries(db);
    this.#user = userQuery(db, reader);
  }

  /** The user with this id in this project, or `undefined` (read in the transaction `on`). */
  async findById(
    projectId: string,
    userId: string,
    on?: Executor,
  ): Promise<UserRecord | undefined> {
    const row = await this.#user.first({ userId, projectId }, on);
    return row && this.reader.record(row);
  }

  /** The phone number or email with this id (a passcode `method_id`). */
  async findMethod(methodId: string, on?: Executor): Promise<MethodRecord | undefined> {
    for (const kind of ['phone', 'email'] as const) {
      const row = await this.#destinations.byId[kind].first({ methodId }, on);
      if (row) return toMethod(kind, row);
    }
    return undefined;
  }

  /**
   * The phone number or email that signs someone in by `destination` (every primary flow's
   * lookup): the row held verified; else the oldest pending claim of an unproven account (one
   * made for the destination that nobody proved yet); else `undefined`. A pending claim of a
   * proven account is never returned: it is no route into that account.
   */
  async findByDestination(
    projectId: string,
    kind: DestinationKind,
    destination: string,
  ): Promise<MethodRecord | undefined> {
    const row = await this.#destinations.byValue[kind].first({ projectId, destination });
    return row && toMethod(kind, row);
  }

  /**
   * Finds the user `destination` signs in (see `findByDestination`) or creates one with it
   * (unverified), even when proven accounts hold pending claims of it. Two simultaneous calls
   * for a new destination end with one user: the later one yields to the older claim.
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
    const winner = await this.findByDestination(project.projectId, kind, destination);
    if (winner && winner.userId !== userId) {
      // Another call made (or proved) it first: keep theirs, drop this new user.
      await this.db.deleteFrom('users').where('user_id', '=', userId).execute();
      return { ...winner, created: false };
    }
    return { ...method, created: true };
  }

  /**
   * The user's own row of `destination`, pending or verified, or `undefined`.
   */
  async findClaim(
    projectId: string,
    userId: string,
    kind: DestinationKind,
    destination: string,
  ): Promise<MethodRecord | undefined> {
    const row = await this.#destinations.ofUser[kind].first({ projectId, destination, userId });
    return row && toMethod(kind, row);
  }

  /**
   * Attaches `destination` to an existing user as a pending claim and returns its method;
   * returns the user's own row when it has one already. Other users' pending claims of it do
   * not stand in the way (the first to prove it keeps it).
   * @throws DuplicateDestinationError when another user holds it verified.
   */
  async addDestination(
    project: ProjectRef,
    userId: string,
    kind: DestinationKind,
    destination: string,
    now: number,
  ): Promise<MethodRecord> {
    const own = await this.findClaim(project.projectId, userId, kind, destination);
    if (own) return own;
    const held = await this.#destinations.verifiedHolder[kind].first({
      projectId: project.projectId,
      destination,
    });
    if (held) throw new DuplicateDestinationError(kind);
    try {
      return await insertDestination(this.db, project, userId, kind, destination, now);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same user's simultaneous request made the row.
      const mine = await this.findClaim(project.projectId, userId, kind, destination);
      if (!mine) throw error;
      return mine;
    }
  }

  /**
   * Proves `method` (see `proveDestination`), in the transaction `tx` or in one of its own.
   * @throws ApiError `duplicate_phone_number` / `duplicate_email` (nothing changed)
   */
  async prove(method: MethodRecord, context: ProofContext, tx?: Db): Promise<ProofOutcome> {
    if (method.verified) return { purged: false };
    if (tx) return proveDestination(tx, method, context);
    return this.db.transaction().execute((own) => proveDestination(own, method, context));
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

  /**
   * The user's trusted metadata alone (the guest list's `invited` is there), without the lists
   * `findById` reads; `undefined` for no such user in the project.
   */
  async findTrustedMetadata(projectId: string, userId: string): Promise<JsonObject | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('trusted_metadata')
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row && readJsonObject(row.trusted_metadata);
  }

  /** Sets the user's name. */
  async setName(userId: string, name: Partial<UserName>): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ name: JSON.stringify({ ...EMPTY_NAME, ...name }) })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Every phone number of the project with the user it signs in (see `findByDestination`),
   * oldest first: the user holding it verified, else the oldest unproven account holding it
   * pending. A proven account's pending claim is never listed.
   */
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
        sql<number | boolean>`${sql.raw(provenAccountSql('u.user_id'))}`.as('proven'),
      ])
      .where('u.project_id', '=', projectId)
      .orderBy('p.created_at')
      .orderBy('p.phone_id')
      .execute();
    const signsIn = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const verified = Number(row.verified) === 1;
      const proven = row.proven === true || Number(row.proven) === 1;
      const current = signsIn.get(row.phone_number);
      if (verified && Number(current?.verified) !== 1) signsIn.set(row.phone_number, row);
      else if (!verified && !proven && !current) signsIn.set(row.phone_number, row);
    }
    return rows
      .filter((row) => signsIn.get(row.phone_number) === row)
      .map((row) => ({
        userId: row.user_id,
        phoneNumber: row.phone_number,
        verified: Number(row.verified) === 1,
        trustedMetadata: readJsonObject(row.trusted_metadata),
        name: { ...EMPTY_NAME, ...(readJsonObject(row.name) as Partial<UserName>) },
        lastSessionAt: row.last_session_at == null ? null : Number(row.last_session_at),
      }));
  }
}
