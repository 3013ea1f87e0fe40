/**
 * Users with their phone numbers and email addresses. A phone number or email is held verified
 * by at most one user per project (a unique index guarantees it); unverified rows are pending
 * claims, which sign nobody into a proven account (see `findByDestination` and `proof.ts`). A
 * row's id doubles as the passcode `method_id`.
 */
import { sql } from 'kysely';
import { changedRows, type Db, type Dialect, dialectOf } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { type JsonObject, readJsonArray, readJsonObject } from '../../db/json-column.js';
import { type Executor, prepare } from '../../db/prepared.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { RecentMap } from '../../recent-map.js';
import {
  type ProofContext,
  type ProofOutcome,
  proveDestination,
  provenAccountSql,
} from './proof.js';

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

/** A user's lists, each as one JSON column (the name says which). */
interface UserListColumns {
  phone_numbers_json: string;
  emails_json: string;
  webauthn_json: string;
  crypto_wallets_json: string;
  totps_json: string;
  providers_json: string;
}

/** A `users` row without its lists, as `userOwnColumnsSql` reads it (unprefixed). */
export interface UserOwnRow {
  user_id: string;
  project_id: string;
  status: string;
  name: string;
  trusted_metadata: string;
  untrusted_metadata: string;
  created_at: number;
  lists_version: number;
}

/** A `users` row with its lists, as `userColumnsSql` reads it. */
export interface UserRow extends UserOwnRow, UserListColumns {}

/**
 * One list of a user as a JSON array of objects, in no particular order (`toUserRecord` sorts it
 * oldest first: an `ORDER BY` inside the aggregate costs SQLite a temporary B-tree per list, half
 * the cost of the whole session check), in each dialect's functions. `created_at` is always read.
 */
function listSql(
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  userRef: string,
  alias: keyof UserListColumns,
): string {
  const pairs = [...new Set([...columns, 'created_at'])]
    .map((column) => `'${column}', ${column}`)
    .join(', ');
  const list =
    dialect === 'postgres'
      ? `coalesce(json_agg(json_build_object(${pairs})), '[]'::json)::text`
      : `json_group_array(json_object(${pairs}))`;
  return `(SELECT ${list} FROM ${table} WHERE user_id = ${userRef}) AS ${alias}`;
}

/**
 * The select list of a whole user in one query: the `users` columns of the row aliased `alias`
 * (prefixed with `prefix`), and each of its lists as a JSON column, so that one round trip reads
 * what `findById` returns (see `toUserRecord`).
 */
export function userColumnsSql(dialect: Dialect, alias: string, prefix = ''): string {
  return `${userOwnColumnsSql(alias, prefix)}, ${userListsSql(dialect, alias)}`;
}

/**
 * The `users` columns of the row aliased `alias`, prefixed with `prefix`, with its
 * `lists_version` (see `UserListsMemo`): a user without its lists.
 */
export function userOwnColumnsSql(alias: string, prefix = ''): string {
  return [
    ...OWN_COLUMNS.map((column) => `${alias}.${column} AS ${prefix}${column}`),
    `${alias}.lists_version AS ${prefix}lists_version`,
  ].join(', ');
}

/**
 * The lists of the user row aliased `alias`, each as one JSON column (see `UserListColumns`). A
 * list added here needs triggers on its table that raise `users.lists_version`, in a migration
 * (see the users' `2026-11-25-01-user-lists-version`), or `UserListsMemo` will not see it change.
 */
function userListsSql(dialect: Dialect, alias: string): string {
  const ref = `${alias}.user_id`;
  return [
    listSql(
      dialect,
      'user_phone_numbers',
      ['phone_id', 'phone_number', 'verified', 'created_at'],
      ref,
      'phone_numbers_json',
    ),
    listSql(
      dialect,
      'user_emails',
      ['email_id', 'email', 'verified', 'created_at'],
      ref,
      'emails_json',
    ),
    listSql(
      dialect,
      'webauthn_registrations',
      ['webauthn_registration_id', 'name', 'domain', 'user_agent', 'authenticator_type'],
      ref,
      'webauthn_json',
    ),
    listSql(
      dialect,
      'crypto_wallets',
      ['crypto_wallet_id', 'address', 'wallet_type', 'verified'],
      ref,
      'crypto_wallets_json',
    ),
    listSql(dialect, 'totps', ['totp_id', 'verified'], ref, 'totps_json'),
    listSql(
      dialect,
      'oauth_registrations',
      [
        'oauth_user_registration_id',
        'provider',
        'provider_subject',
        'profile_picture_url',
        'locale',
      ],
      ref,
      'providers_json',
    ),
  ].join(', ');
}

type JsonRow = Record<string, string | number>;

/** A list column's rows, oldest first. */
function jsonRows(value: string): JsonRow[] {
  const rows = readJsonArray(value) as JsonRow[];
  if (rows.length > 1) rows.sort((a, b) => Number(a.created_at) - Number(b.created_at));
  return rows;
}

/** The `users` columns a row holds, by their names under one prefix (made once per prefix). */
const OWN_COLUMNS = [
  'user_id',
  'project_id',
  'status',
  'name',
  'trusted_metadata',
  'untrusted_metadata',
  'created_at',
] as const;
type OwnColumn = (typeof OWN_COLUMNS)[number];
const prefixedColumns = new Map<string, Record<OwnColumn, string>>();
function ownColumns(prefix: string): Record<OwnColumn, string> {
  let names = prefixedColumns.get(prefix);
  if (!names) {
    names = Object.fromEntries(OWN_COLUMNS.map((c) => [c, `${prefix}${c}`])) as Record<
      OwnColumn,
      string
    >;
    prefixedColumns.set(prefix, names);
  }
  return names;
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

/** A user as `userColumnsSql` read it (`row`'s own columns under `prefix`). */
export function toUserRecord(row: UserListColumns, prefix = ''): UserRecord {
  return { ...toUserOwn(row, prefix), ...toUserLists(row) };
}

/** What a user's lists make of it (see `userListsSql`). */
export type UserLists = Pick<
  UserRecord,
  'phoneNumbers' | 'emails' | 'webauthnRegistrations' | 'cryptoWallets' | 'totps' | 'providers'
>;

/** A user without its lists, from `row`'s own columns under `prefix`. */
function toUserOwn(row: object, prefix: string): Omit<UserRecord, keyof UserLists> {
  const values = row as Record<string, unknown>;
  const column = ownColumns(prefix);
  const name = readJsonObject(values[column.name]);
  return {
    userId: String(values[column.user_id]),
    projectId: String(values[column.project_id]),
    status: values[column.status] === 'pending' ? 'pending' : 'active',
    name: { ...EMPTY_NAME, ...(name as Partial<UserName>) },
    trustedMetadata: readJsonObject(values[column.trusted_metadata]),
    untrustedMetadata: readJsonObject(values[column.untrusted_metadata]),
    createdAt: Number(values[column.created_at]),
  };
}

/** A user's lists, from their JSON columns. */
function toUserLists(row: UserListColumns): UserLists {
  return {
    phoneNumbers: jsonRows(row.phone_numbers_json).map((p) => ({
      phoneId: String(p.phone_id),
      phoneNumber: String(p.phone_number),
      verified: Number(p.verified) === 1,
      createdAt: Number(p.created_at),
    })),
    emails: jsonRows(row.emails_json).map((e) => ({
      emailId: String(e.email_id),
      email: String(e.email),
      verified: Number(e.verified) === 1,
      createdAt: Number(e.created_at),
    })),
    webauthnRegistrations: jsonRows(row.webauthn_json).map((w) => ({
      webauthnRegistrationId: String(w.webauthn_registration_id),
      name: String(w.name),
      domain: String(w.domain),
      userAgent: String(w.user_agent),
      authenticatorType: String(w.authenticator_type),
    })),
    cryptoWallets: jsonRows(row.crypto_wallets_json).map((w) => ({
      cryptoWalletId: String(w.crypto_wallet_id),
      address: String(w.address),
      walletType: String(w.wallet_type),
      verified: Number(w.verified) === 1,
    })),
    totps: jsonRows(row.totps_json).map((t) => ({
      totpId: String(t.totp_id),
      verified: Number(t.verified) === 1,
    })),
    providers: jsonRows(row.providers_json).map((p) => ({
      registrationId: String(p.oauth_user_registration_id),
      provider: String(p.provider),
      providerSubject: String(p.provider_subject),
      profilePictureUrl: String(p.profile_picture_url),
      locale: String(p.locale),
    })),
  };
}

/** The prepared read of a whole user: one query, one round trip. */
function userQuery(db: Db) {
  const columns = sql.raw(userColumnsSql(dialectOf(db), 'u'));
  return prepare(
    db,
    (a: { userId: string; projectId: string }) =>
      sql<UserRow>`SELECT ${columns} FROM users u WHERE u.user_id = ${a.userId} AND u.project_id = ${a.projectId}`,
  );
}

/** `lists`, its arrays and their items frozen: they are shared by every record made of them. */
function frozenLists(lists: UserLists): UserLists {
  for (const list of Object.values(lists) as object[][]) {
    for (const item of list) Object.freeze(item);
    Object.freeze(list);
  }
  return Object.freeze(lists);
}

/** How many users' lists `UserListsMemo` keeps (the oldest go first). */
const LISTS_MEMO_SIZE = 1_000;

/**
 * Each user's lists as last read, by the user's `lists_version`, which triggers on the six list
 * tables raise with every change to a row of theirs, whoever writes it (this server, another
 * one on the same database, the guest-list command). A caller that read a user's own columns
 * and `lists_version` (see `userOwnColumnsSql`) gets the whole user without the six list
 * queries while the version is unchanged, and after a change with one more query.
 */
export class UserListsMemo {
  readonly #lists = new RecentMap<string, { version: number; lists: UserLists }>(LISTS_MEMO_SIZE);
  readonly #read;

  constructor(db: Db) {
    const lists = sql.raw(userListsSql(dialectOf(db), 'u'));
    this.#read = prepare(
      db,
      (a: { userId: string }) =>
        sql<UserListColumns & { lists_version: number }>`SELECT u.lists_version, ${lists}
          FROM users u WHERE u.user_id = ${a.userId}`,
    );
  }

  /**
   * The whole user of `row` (as `userOwnColumnsSql` read it under `prefix`): its lists are read
   * only when its `lists_version` is not the one they were last read at. Resolves to
   * `undefined` when the user is gone since `row` was read.
   */
  async userOf(row: object, prefix: string, on?: Executor): Promise<UserRecord | undefined> {
    const own = toUserOwn(row, prefix);
    const version = Number((row as Record<string, unknown>)[`${prefix}lists_version`]);
    let known = this.#lists.get(own.userId);
    if (known?.version !== version) {
      const read = await this.#read.first({ userId: own.userId }, on);
      if (!read) return undefined;
      known = { version: Number(read.lists_version), lists: frozenLists(toUserLists(read)) };
      this.#lists.set(own.userId, known);
    }
    return { ...own, ...known.lists };
  }
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

  constructor(private readonly db: Db) {
    this.#destinations = destinationQueries(db);
    this.#user = userQuery(db);
  }

  /** The user with this id in this project, or `undefined` (read in the transaction `on`). */
  async findById(
    projectId: string,
    userId: string,
    on?: Executor,
  ): Promise<UserRecord | undefined> {
    const row = await this.#user.first({ userId, projectId }, on);
    return row && toUserRecord(row);
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
