/**
 * Queries built and compiled once, then run with new values. Kysely builds
 * and compiles a query on every call (about 8 µs here, as much as the
 * database's own work for an indexed lookup); the hot paths instead keep a
 * `Prepared` query, typed against the schema like any other, whose argument
 * values are bound at run time.
 *
 * ```ts
 * const byToken = prepare(db, (a: { hash: string }) =>
 *   db.selectFrom('sessions').selectAll().where('token_hash', '=', a.hash));
 * const row = await byToken.first({ hash });
 * ```
 *
 * An argument must be a plain value of the query (compared, inserted, set),
 * never a decision in the builder: a query whose shape depends on a value is
 * two prepared queries. `build` may also return raw SQL (Kysely's `sql` tag),
 * for a query the builder cannot say in both dialects.
 *
 * On PostgreSQL a prepared query also runs as a named statement (see
 * `preparedStatementName`): each connection parses and plans it once.
 */
import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely, RawBuilder } from 'kysely';

/** The database, or a transaction on it: whatever runs a compiled query. */
// biome-ignore lint/suspicious/noExplicitAny: any schema runs a compiled query.
export type Executor = Pick<Kysely<any>, 'executeQuery'>;

/** A compiled query run with new argument values, on the database or inside a transaction. */
export interface Prepared<A, R> {
  /** Every row (of a select, or of a write with `RETURNING`). */
  all(args: A, db?: Executor): Promise<R[]>;
  /** The first row, or `undefined`. */
  first(args: A, db?: Executor): Promise<R | undefined>;
  /** Runs a write; resolves to the rows it changed. */
  run(args: A, db?: Executor): Promise<number>;
}

const MARK = '\u0000velvet-argument:';

/** The SQL text of every prepared query, with the statement name it runs under. */
const statementNames = new Map<string, string>();

/**
 * The statement name of `sql` when it is the text of a prepared query, else `undefined`: the
 * PostgreSQL driver runs those as named statements (parsed once per connection) and every other
 * query unnamed, so the per-connection statement cache stays as small as the set of hot queries.
 */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

function isRawBuilder<R>(built: Compilable<R> | RawBuilder<R>): built is RawBuilder<R> {
  return (built as Partial<RawBuilder<R>>).isRawBuilder === true;
}

/**
 * Compiles `build` once with stand-ins for its arguments (the query's own types come from it).
 * @throws Error when an argument is not bound as a plain parameter.
 */
export function prepare<A extends object, R>(
  // biome-ignore lint/suspicious/noExplicitAny: any schema.
  db: Kysely<any>,
  build: (args: A) => Compilable<R> | RawBuilder<R>,
) {
  const names: string[] = [];
  const standIns = new Proxy({} as A, {
    get(_target, key) {
      const name = String(key);
      if (!names.includes(name)) names.push(name);
      return `${MARK}${name}`;
    },
    ownKeys() {
      throw new Error('name each argument of a prepared query; spreading them binds none');
    },
  });
  const built = build(standIns);
  const compiled: CompiledQuery<R> = isRawBuilder(built) ? built.compile(db) : built.compile();
  if (!statementNames.has(compiled.sql)) {
    const digest = createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24);
    statementNames.set(compiled.sql, `velvet_${digest}`);
  }
  const slots = compiled.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : undefined,
  );
  for (const name of names) {
    if (!slots.includes(name)) throw new Error(`argument ${name} is not a plain parameter`);
  }
  const withArgs = (args: A): CompiledQuery<R> => ({
    ...compiled,
    parameters: compiled.parameters.map((value, index) => {
      const slot = slots[index];
      return slot === undefined ? value : (args as Record<string, unknown>)[slot];
    }),
  });
  const execute = (args: A, on?: Executor) => (on ?? db).executeQuery(withArgs(args));
  const prepared: Prepared<A, R> = {
    all: async (args, on) => (await execute(args, on)).rows,
    first: async (args, on) => (await execute(args, on)).rows[0],
    run: async (args, on) => Number((await execute(args, on)).numAffectedRows ?? 0n),
  };
  return prepared;
}
