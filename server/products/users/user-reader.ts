/**
 * The one query that reads a whole user: its own columns and each of its lists as one JSON
 * column, composed from the parts it is given (the users product's phone numbers and emails,
 * then every registered product's `UserPart`), and what makes a `UserRecord` of its row. Every
 * read of a user goes through it (`UsersRepository.findById`, the passcode check, the session
 * check's `UserListsMemo`), so a product's list is read on each in the same round trip.
 */
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { readJsonArray, readJsonObject } from '../../db/json-column.js';
import { type Executor, prepare } from '../../db/prepared.js';
import { RecentMap } from '../../recent-map.js';
import { DESTINATION_PARTS } from './destination-parts.js';
import type { UserPart, UserPartRow } from './user-part.js';
import {
  USER_PARTS,
  type UserLists,
  type UserName,
  type UserOwn,
  type UserRecord,
} from './user-record.js';

/** A user's name before anything is set. */
export const EMPTY_NAME: UserName = { first_name: '', middle_name: '', last_name: '' };

/** A user's lists, each as one JSON column named after its body field (`emails_json`). */
type UserListColumns = { [column: `${string}_json`]: string };

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

/** A `users` row with its lists, as `UserReader.columnsSql` reads it. */
export type UserRow = UserOwnRow & UserListColumns;

/** The JSON column a part's list is read into. */
function columnOf(part: UserPart): `${string}_json` {
  return `${part.bodyField}_json`;
}

/**
 * One list of a user as a JSON array of objects, in no particular order (`UserReader.lists`
 * sorts it oldest first: an `ORDER BY` inside the aggregate costs SQLite a temporary B-tree per
 * list, half the cost of the whole session check), in each dialect's functions. `created_at` is
 * always read.
 */
function listSql(dialect: Dialect, part: UserPart, userRef: string): string {
  const pairs = [...new Set([...part.columns, 'created_at'])]
    .map((column) => `'${column}', ${column}`)
    .join(', ');
  const list =
    dialect === 'postgres'
      ? `coalesce(json_agg(json_build_object(${pairs})), '[]'::json)::text`
      : `json_group_array(json_object(${pairs}))`;
  return `(SELECT ${list} FROM ${part.table} WHERE user_id = ${userRef}) AS ${columnOf(part)}`;
}

/** A list column's rows, oldest first. */
function jsonRows(value: unknown): UserPartRow[] {
  const rows = readJsonArray(value) as UserPartRow[];
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
 * The `users` columns of the row aliased `alias`, prefixed with `prefix`, with its
 * `lists_version` (see `UserListsMemo`): a user without its lists.
 */
export function userOwnColumnsSql(alias: string, prefix = ''): string {
  return [
    ...OWN_COLUMNS.map((column) => `${alias}.${column} AS ${prefix}${column}`),
    `${alias}.lists_version AS ${prefix}lists_version`,
  ].join(', ');
}

/** A user without its lists, from `row`'s own columns under `prefix`. */
function toUserOwn(row: object, prefix: string): UserOwn {
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

/**
 * How a whole user is read on one database: the users product's parts and the ones given, each
 * a list of the user read in the same query. Made once, where the store is opened.
 */
export class UserReader {
  readonly #parts: readonly UserPart[];

  /**
   * @param parts the products' parts (see `UserPart`), in the order their fields come in the
   *   user body, after the emails and phone numbers.
   * @throws Error when two parts fill the same field.
   */
  constructor(
    private readonly dialect: Dialect,
    parts: readonly UserPart[],
  ) {
    this.#parts = Object.freeze([...DESTINATION_PARTS, ...parts]);
    for (const key of ['recordField', 'bodyField'] as const) {
      const fields = this.#parts.map((part) => part[key]);
      const repeated = fields.find((field, index) => fields.indexOf(field, index + 1) !== -1);
      if (repeated) throw new Error(`two parts of the user fill ${repeated}`);
    }
  }

  /**
   * The select list of a whole user in one query: the `users` columns of the row aliased
   * `alias` (prefixed with `prefix`), and each of its lists as a JSON column, so that one round
   * trip reads what `findById` returns (see `record`).
   */
  columnsSql(alias: string, prefix = ''): string {
    return `${userOwnColumnsSql(alias, prefix)}, ${this.listsSql(alias)}`;
  }

  /**
   * The lists of the user row aliased `alias`, each as one JSON column. A list's table needs
   * triggers that raise `users.lists_version`, in a migration (see the users'
   * `2026-11-25-01-user-lists-version`), or `UserListsMemo` will not see it change.
   */
  listsSql(alias: string): string {
    return this.#parts.map((part) => listSql(this.dialect, part, `${alias}.user_id`)).join(', ');
  }

  /** A user as `columnsSql` read it (`row`'s own columns under `prefix`). */
  record(row: object, prefix = ''): UserRecord {
    return { ...toUserOwn(row, prefix), ...this.lists(row) };
  }

  /** A user's lists, from their JSON columns (see `listsSql`), with the parts that made them. */
  lists(row: object): UserLists {
    const values = row as Record<string, unknown>;
    const lists: Record<string | symbol, unknown> = { [USER_PARTS]: this.#parts };
    for (const part of this.#parts) {
      lists[part.recordField] = jsonRows(values[columnOf(part)]).map((entry) =>
        part.toRecord(entry),
      );
    }
    return lists as unknown as UserLists;
  }
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
 * Each user's lists as last read, by the user's `lists_version`, which triggers on the list
 * tables raise with every change to a row of theirs, whoever writes it (this server, another
 * one on the same database, the guest-list command). A caller that read a user's own columns
 * and `lists_version` (see `userOwnColumnsSql`) gets the whole user without the list queries
 * while the version is unchanged, and after a change with one more query.
 */
export class UserListsMemo {
  readonly #lists = new RecentMap<string, { version: number; lists: UserLists }>(LISTS_MEMO_SIZE);
  readonly #read;

  constructor(
    db: Db,
    private readonly reader: UserReader,
  ) {
    const lists = sql.raw(reader.listsSql('u'));
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
      known = {
        version: Number(read.lists_version),
        lists: frozenLists(this.reader.lists(read)),
      };
      this.#lists.set(own.userId, known);
    }
    return { ...own, ...known.lists };
  }
}
