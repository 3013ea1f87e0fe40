/**
 * One-time passcodes, stored only as keyed hashes, each bound to the client that asked for it.
 * Guarantees:
 * - a new passcode for a `method_id` supersedes the earlier ones the same client asked for
 *   (another client's request never ends a guest's code);
 * - `recordWrongTry` counts at most `maxTries` wrong tries, atomically;
 * - `consume` succeeds once, and only while the passcode is live;
 * - a passcode stored before passcodes were bound to a client (`client` is `UNBOUND_CLIENT`)
 *   checks from any client, as it did then, until it expires or a new passcode for its method
 *   is stored (from any client): an upgrade from such a release keeps the codes guests are
 *   typing (its five tries still bound it), and no new passcode is ever stored unbound.
 */
import { sql } from 'kysely';
import { type Db, dialectOf, sqlTrue } from '../../db/database.js';
import { type Executor, prepare } from '../../db/prepared.js';
import { consumeOnce, purgeBefore } from '../../db/purge.js';
import type { Channel } from '../../delivery/delivery.js';
import {
  type MethodRecord,
  proofPurgesSql,
  type UserReader,
  type UserRecord,
  type UserRow,
} from '../users/index.js';
import type { PasscodesTable } from './otp-tables.js';

/** A stored passcode (its hash, never the code). */
export interface PasscodeRecord {
  passcodeId: string;
  projectId: string;
  methodId: string;
  userId: string;
  channel: Channel;
  destination: string;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  consumedAt: number | null;
  createdAt: number;
  /** The client that asked for it (see `clientKey`). */
  client: string;
}

function toRecord(row: PasscodesTable): PasscodeRecord {
  return {
    passcodeId: row.passcode_id,
    projectId: row.project_id,
    methodId: row.method_id,
    userId: row.user_id,
    channel: row.channel,
    destination: row.destination,
    codeHash: row.code_hash,
    attempts: Number(row.attempts),
    expiresAt: Number(row.expires_at),
    consumedAt: row.consumed_at == null ? null : Number(row.consumed_at),
    createdAt: Number(row.created_at),
    client: row.client,
  };
}

/**
 * The client of a passcode stored before passcodes were bound to the client that asked
 * (migration `2026-11-23-18-passcodes-by-client` gave those rows this default).
 */
const UNBOUND_CLIENT = '';

/** The prepared queries of the send and check paths. */
function passcodeQueries(db: Db) {
  return {
    // The client's own codes and the unbound ones: an unbound code checks from any client, so
    // it must end when anyone's new code for the method is stored.
    supersede: prepare(db, (a: { methodId: string; client: string }) =>
      db
        .updateTable('passcodes')
        .set({ superseded: 1 })
        .where('method_id', '=', a.methodId)
        .where('client', 'in', [a.client, UNBOUND_CLIENT])
        .where('superseded', '=', 0),
    ),
    insert: prepare(db, (a: Omit<PasscodesTable, 'attempts' | 'consumed_at' | 'superseded'>) =>
      db.insertInto('passcodes').values({
        passcode_id: a.passcode_id,
        project_id: a.project_id,
        method_id: a.method_id,
        user_id: a.user_id,
        channel: a.channel,
        destination: a.destination,
        code_hash: a.code_hash,
        attempts: 0,
        expires_at: a.expires_at,
        consumed_at: null,
        superseded: 0,
        created_at: a.created_at,
        client: a.client,
      }),
    ),
    current: prepare(db, (a: { methodId: string; client: string }) =>
      db
        .selectFrom('passcodes')
        .selectAll()
        .where('method_id', '=', a.methodId)
        .where('client', '=', a.client)
        .where('superseded', '=', 0)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1),
    ),
    wrongTry: prepare(db, (a: { passcodeId: string; maxTries: number }) =>
      db
        .updateTable('passcodes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('passcode_id', '=', a.passcodeId)
        .where('attempts', '<', a.maxTries)
        .returning('attempts'),
    ),
    consume: consumeOnce<{ maxTries: number }>(db, {
      table: 'passcodes',
      key: 'passcode_id',
      where: (a) => sql`superseded = 0 AND attempts < ${a.maxTries}`,
    }),
  };
}

/** The columns of a passcode, prefixed `p_` in a check's row. */
const PASSCODE_COLUMNS = [
  'passcode_id',
  'project_id',
  'method_id',
  'user_id',
  'channel',
  'destination',
  'code_hash',
  'attempts',
  'expires_at',
  'consumed_at',
  'superseded',
  'created_at',
  'client',
] as const;

/** The prefix of the user's own columns in a check's row. */
const USER_PREFIX = 'u_';

/**
 * A check's row: the method, its user (`u_…` and the lists), its client's current passcode
 * (`p_…`) and guard (`g_…`).
 */
type CheckRow = UserRow & {
  method_id: string;
  method_project_id: string;
  method_user_id: string;
  method_destination: string;
  method_verified: number;
  g_failures: number | null;
  g_last_failure_at: number | null;
  purges_on_proof: unknown;
  g_trusted_at: number | null;
} & { [K in (typeof PASSCODE_COLUMNS)[number] as `p_${K}`]: PasscodesTable[K] | null };

/** What a passcode check reads before it counts the try (see `PasscodesRepository.forCheck`). */
export interface CheckRead {
  method: MethodRecord;
  /** The method's user, as it was before the check. */
  user: UserRecord;
  passcode: PasscodeRecord | undefined;
  /** The client's failure guard row for the method's destination, if any. */
  guard: { failures: number; last_failure_at: number; trusted_at: number } | undefined;
  /**
   * True when proving the method (unverified) outside a session of its user would purge the
   * account (see `users/proof.ts`); false for a verified method.
   */
  purgesOnProof: boolean;
}

/** The one query of `forCheck`, for one kind of destination. */
function checkQuery(db: Db, users: UserReader, kind: MethodRecord['kind']) {
  const [table, id, destination] =
    kind === 'phone'
      ? ['user_phone_numbers', 'phone_id', 'phone_number']
      : ['user_emails', 'email_id', 'email'];
  const passcode = sql.raw(
    PASSCODE_COLUMNS.map((column) => `p.${column} AS p_${column}`).join(', '),
  );
  const user = sql.raw(users.columnsSql('u', USER_PREFIX));
  // Read only for a first proof: a number that signed in before costs nothing more.
  const purges = sql.raw(proofPurgesSql('u.user_id'));
  const falseSql = dialectOf(db) === 'postgres' ? 'false' : '0';
  return prepare(db, (a: { methodId: string; client: string; scope: string }) => {
    // The guard by its whole key, in subqueries: as a join, PostgreSQL may look it up by scope
    // and client only and filter the subject, reading every guard of a client (a guest list
    // behind one address) on every check.
    const guard = sql`g.scope = ${a.scope} AND g.subject = m.${sql.raw(destination)}
      AND g.client = ${a.client}`;
    return sql<CheckRow>`SELECT
      m.${sql.raw(id)} AS method_id, m.project_id AS method_project_id,
      m.user_id AS method_user_id, m.${sql.raw(destination)} AS method_destination,
      m.verified AS method_verified, ${passcode},
      (SELECT g.failures FROM failure_guards g WHERE ${guard}) AS g_failures,
      (SELECT g.last_failure_at FROM failure_guards g WHERE ${guard}) AS g_last_failure_at,
      (SELECT g.trusted_at FROM failure_guards g WHERE ${guard}) AS g_trusted_at,
      CASE WHEN m.verified = 0 THEN ${purges} ELSE ${sql.raw(falseSql)} END AS purges_on_proof,
      ${user}
    FROM ${sql.raw(table)} m
    JOIN users u ON u.user_id = m.user_id
    LEFT JOIN passcodes p ON p.passcode_id = (
      SELECT q.passcode_id FROM passcodes q
      WHERE q.method_id = m.${sql.raw(id)} AND q.client IN (${a.client}, ${UNBOUND_CLIENT})
        AND q.superseded = 0 AND q.consumed_at IS NULL
      ORDER BY q.created_at DESC LIMIT 1)
    WHERE m.${sql.raw(id)} = ${a.methodId}`;
  });
}

function toCheckRead(users: UserReader, kind: MethodRecord['kind'], row: CheckRow): CheckRead {
  const method: MethodRecord = {
    kind,
    methodId: row.method_id,
    projectId: row.method_project_id,
    userId: row.method_user_id,
    destination: row.method_destination,
    verified: Number(row.method_verified) === 1,
  };
  let passcode: PasscodeRecord | undefined;
  if (row.p_passcode_id != null) {
    const own = Object.fromEntries(
      PASSCODE_COLUMNS.map((column) => [column, row[`p_${column}`]]),
    ) as unknown as PasscodesTable;
    passcode = toRecord(own);
  }
  const guard =
    row.g_failures == null
      ? undefined
      : {
          failures: Number(row.g_failures),
          last_failure_at: Number(row.g_last_failure_at),
          trusted_at: Number(row.g_trusted_at),
        };
  const purgesOnProof = sqlTrue(row.purges_on_proof);
  return { method, user: users.record(row, USER_PREFIX), passcode, guard, purgesOnProof };
}

/** Reads and writes passcodes. */
export class PasscodesRepository {
  readonly #queries;
  readonly #check;

  /**
   * @param users how a whole user is read (`store.users.reader`), for `forCheck`, which reads
   *   the method's user in its one query; a repository made without it cannot check.
   */
  constructor(
    private readonly db: Db,
    private readonly users?: UserReader,
  ) {
    this.#queries = passcodeQueries(db);
    this.#check = users && {
      phone: checkQuery(db, users, 'phone'),
      email: checkQuery(db, users, 'email'),
    };
  }

  /**
   * Everything a check of `methodId` by `client` reads, in one query: the phone number or email
   * it names, its user, the current passcode `client` asked for, and `client`'s failure guard
   * against the destination in `scope` (`undefined` when there is no such method).
   * @throws Error when the repository was made without the user reader.
   */
  async forCheck(
    methodId: string,
    client: string,
    scope: string,
    on?: Executor,
  ): Promise<CheckRead | undefined> {
    // Method ids name their kind (`phone-number-…`, `email-…`); the other table is asked only
    // when the first has no such id.
    if (!this.users || !this.#check) throw new Error('a passcode check needs the user reader');
    const first = methodId.startsWith('email-') ? 'email' : 'phone';
    for (const kind of [first, first === 'email' ? 'phone' : 'email'] as const) {
      const row = await this.#check[kind].first({ methodId, client, scope }, on);
      if (row) return toCheckRead(this.users, kind, row);
    }
    return undefined;
  }

  /**
   * Stores a new passcode for its method and supersedes the earlier ones of its client, and the
   * unbound ones of the method (see `UNBOUND_CLIENT`).
   * @throws Error when `record.client` is empty (unbound).
   */
  async create(record: Omit<PasscodeRecord, 'attempts' | 'consumedAt'>): Promise<void> {
    // An unbound code checks from any client: only rows from before the binding may be one.
    if (record.client === UNBOUND_CLIENT) throw new Error('a new passcode needs its client');
    await this.db.transaction().execute(async (tx) => {
      await this.#queries.supersede.run({ methodId: record.methodId, client: record.client }, tx);
      await this.#queries.insert.run(
        {
          passcode_id: record.passcodeId,
          project_id: record.projectId,
          method_id: record.methodId,
          user_id: record.userId,
          channel: record.channel,
          destination: record.destination,
          code_hash: record.codeHash,
          expires_at: record.expiresAt,
          created_at: record.createdAt,
          client: record.client,
        },
        tx,
      );
    });
  }

  /** The method's current passcode asked for by `client` (not superseded, not consumed), if any. */
  async current(
    methodId: string,
    client: string,
    on?: Executor,
  ): Promise<PasscodeRecord | undefined> {
    const row = await this.#queries.current.first({ methodId, client }, on);
    return row && toRecord(row);
  }

  /**
   * Counts one wrong try. Resolves to the new count, or `undefined` when the
   * passcode had used up its `maxTries` already.
   */
  async recordWrongTry(
    passcodeId: string,
    maxTries: number,
    on?: Executor,
  ): Promise<number | undefined> {
    const row = await this.#queries.wrongTry.first({ passcodeId, maxTries }, on);
    return row ? Number(row.attempts) : undefined;
  }

  /** Marks the passcode used. Resolves to true for exactly one caller, while it is live. */
  async consume(
    passcodeId: string,
    now: number,
    maxTries: number,
    on?: Executor,
  ): Promise<boolean> {
    return this.#queries.consume({ key: passcodeId, now, maxTries }, on);
  }

  /** Deletes passcodes that expired before `before`. */
  async purgeExpired(before: number): Promise<number> {
    return purgeBefore(this.db, { table: 'passcodes', column: 'expires_at', before });
  }
}
