/**
 * Expand/contract: during a rolling upgrade the previous release's server keeps running on the
 * database the new release migrated, so a step added since that release may only add (expand)
 * what the old code can ignore: tables, nullable or defaulted columns, non-unique indexes. A step
 * that takes away or tightens what the old code reads or writes (contract: a column, a default,
 * an index, a view, a check, a foreign key or a trigger on its tables) breaks it mid-upgrade:
 * issue 32's old processes answered every SMS send 500 ('relation "destination_guards" does not
 * exist') once a new one dropped that table. A contract step ships in a later release, when the
 * previous release no longer uses what it removes, and is listed in `PREVIOUS_RELEASE`.
 *
 * `contractStatements` runs the steps on a scratch database and compares its schema (see
 * `schema-snapshot.ts`) before and after each one, so any spelling of a statement is judged by
 * what it does; it also reads the SQL each step sends for the statements that remove rows.
 */
import type { Kysely, KyselyPlugin, RootOperationNode } from 'kysely';
import { type Migrations, migrateToLatest } from './migrator.js';
import { type ColumnShape, type SchemaSnapshot, schemaSnapshot } from './schema-snapshot.js';

/** What an added step does that an old server running beside it could fail on. */
export interface ContractStatement {
  /** The step's name. */
  migration: string;
  /** What it does to the previous release's schema or rows, as a sentence. */
  problem: string;
  /** The statement, as sent (whitespace collapsed), for a row removal; empty for a schema change. */
  sql: string;
}

/**
 * The changes from `before` to `after` (the schema around one step) that take away or tighten
 * what `previous` (the previous release's schema) has, each as a sentence. What the new release
 * added itself may change freely.
 */
export function schemaContractions(
  previous: SchemaSnapshot,
  before: SchemaSnapshot,
  after: SchemaSnapshot,
): string[] {
  const problems: string[] = [];
  for (const [table, columns] of Object.entries(previous.tables)) {
    problems.push(...tableContractions(table, new Set(Object.keys(columns)), before, after));
  }
  problems.push(...indexContractions(previous, before, after));
  problems.push(...triggerContractions(previous, before, after));
  for (const view of previous.views) {
    if (before.views.includes(view) && !after.views.includes(view)) {
      problems.push(`removes view ${view}`);
    }
  }
  return problems;
}

/**
 * What a step did to `table` (the previous release's, with the columns `old`) that an old
 * server could fail on: the schema was `before` it, is `after`.
 */
function tableContractions(
  table: string,
  old: ReadonlySet<string>,
  before: SchemaSnapshot,
  after: SchemaSnapshot,
): string[] {
  const was = before.tables[table];
  const now = after.tables[table];
  if (!was) return [];
  if (!now) return [`removes table ${table}`];
  const problems: string[] = [];
  for (const [column, shape] of Object.entries(was)) {
    problems.push(...columnContractions(`${table}.${column}`, old.has(column), shape, now[column]));
  }
  for (const [column, shape] of Object.entries(now)) {
    if (!(column in was) && shape.notNull && shape.default === null) {
      problems.push(`adds ${table}.${column}, required and without a default`);
    }
  }
  const checks = added(before.checks[table], after.checks[table]);
  problems.push(...checks.map((check) => `adds a check on ${table}: ${check}`));
  // An old insert may break a new foreign key; an old delete may rely on a removed cascade.
  const keysAdded = added(before.foreignKeys[table], after.foreignKeys[table]);
  const keysRemoved = added(after.foreignKeys[table], before.foreignKeys[table]);
  problems.push(...keysAdded.map((key) => `adds a foreign key on ${table}: ${key}`));
  problems.push(...keysRemoved.map((key) => `removes the foreign key on ${table}: ${key}`));
  return problems;
}

/**
 * What a step did to the triggers on the previous release's tables: one added (it fires on the
 * old server's writes and may refuse them), or one removed or changed (the old code may rely on
 * what it did).
 */
function triggerContractions(
  previous: SchemaSnapshot,
  before: SchemaSnapshot,
  after: SchemaSnapshot,
): string[] {
  const problems: string[] = [];
  for (const [name, trigger] of Object.entries(before.triggers)) {
    if (!(trigger.table in previous.tables) || !(trigger.table in after.tables)) continue;
    const next = after.triggers[name];
    if (!next) problems.push(`removes trigger ${name} on ${trigger.table}`);
    else if (next.definition !== trigger.definition || next.table !== trigger.table) {
      problems.push(`changes trigger ${name} on ${trigger.table}`);
    }
  }
  for (const [name, trigger] of Object.entries(after.triggers)) {
    if (!(name in before.triggers) && trigger.table in previous.tables) {
      problems.push(`adds trigger ${name} on ${trigger.table}`);
    }
  }
  return problems;
}

/** The items of `after` that `before` does not have. */
function added(before: readonly string[] = [], after: readonly string[] = []): string[] {
  const had = new Set(before);
  return after.filter((item) => !had.has(item));
}

/**
 * What a step did to the column `name` (`table.column`; `known` when the previous release has
 * it) that an old server could fail on: it was `shape`, is `next` (undefined when gone).
 */
function columnContractions(
  name: string,
  known: boolean,
  shape: ColumnShape,
  next: ColumnShape | undefined,
): string[] {
  if (!next) return known ? [`removes column ${name}`] : [];
  const problems: string[] = [];
  if (known && next.type !== shape.type) problems.push(`changes the type of ${name}`);
  // The old server may write NULL to a column it knows, and leaves out one it does not.
  if (next.notNull && !shape.notNull && (known || next.default === null)) {
    problems.push(`makes ${name} required`);
  }
  if ((known || next.notNull) && shape.default !== null && next.default === null) {
    problems.push(`removes the default of ${name}`);
  }
  return problems;
}

/**
 * What a step did to the indexes of the previous release's tables: one removed or changed (an
 * old upsert's `ON CONFLICT` may need it), or a unique one added (an old insert may break it).
 */
function indexContractions(
  previous: SchemaSnapshot,
  before: SchemaSnapshot,
  after: SchemaSnapshot,
): string[] {
  const problems: string[] = [];
  for (const [name, index] of Object.entries(before.indexes)) {
    if (!(index.table in previous.tables) || !(index.table in after.tables)) continue;
    const next = after.indexes[name];
    if (!next) problems.push(`removes index ${name} on ${index.table}`);
    else if (next.definition !== index.definition || next.unique !== index.unique) {
      problems.push(`changes index ${name} on ${index.table}`);
    }
  }
  for (const [name, index] of Object.entries(after.indexes)) {
    if (index.unique && !(name in before.indexes) && index.table in previous.tables) {
      problems.push(`adds a unique index ${name} on ${index.table}`);
    }
  }
  return problems;
}

/** Statements that remove rows (`$1` is the table); their text normalised as `rowRemoval` reads. */
const ROW_REMOVALS: ReadonlyArray<{ pattern: RegExp; problem: string }> = [
  { pattern: /^truncate (?:table )?(?:only )?(\w+)/, problem: 'truncates $1' },
  { pattern: /^delete from (?:only )?(\w+)/, problem: 'deletes rows of $1' },
];

/**
 * What `statement` (SQL as sent) removes from a table's rows, as a sentence, and that table;
 * undefined for a statement that removes none. Comments, quotes and a schema name are ignored.
 */
export function rowRemoval(statement: string): { table: string; problem: string } | undefined {
  const text = statement
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/["`]/g, '')
    .replace(/\b(?:public|main)\./gi, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  for (const { pattern, problem } of ROW_REMOVALS) {
    const match = pattern.exec(text);
    if (match?.[1]) return { table: match[1], problem: problem.replace('$1', match[1]) };
  }
  return undefined;
}

/** A plugin that records the SQL of every statement `db` sends through it. */
function recorder(db: Kysely<unknown>, statements: string[]): KyselyPlugin {
  return {
    transformQuery({ node, queryId }) {
      const compiled = db.getExecutor().compileQuery(node as RootOperationNode, queryId);
      statements.push(compiled.sql);
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
}

/**
 * What the steps of `added` do that an old server running on the schema `previous` made could
 * fail on: `db` (an empty scratch database) is migrated with `previous`, then each step of
 * `added` runs in name order, its schema read before and after it (see `schemaContractions`)
 * and its statements read for row removals from the previous release's tables.
 */
export async function contractStatements(
  // biome-ignore lint/suspicious/noExplicitAny: migrations see the database before its schema exists.
  db: Kysely<any>,
  previous: Migrations,
  added: Migrations,
): Promise<ContractStatement[]> {
  await migrateToLatest(db, previous);
  const released = await schemaSnapshot(db);
  let before = released;
  const found: ContractStatement[] = [];
  for (const name of Object.keys(added).sort()) {
    const statements: string[] = [];
    await added[name]?.up(db.withPlugin(recorder(db, statements)));
    const after = await schemaSnapshot(db);
    for (const problem of schemaContractions(released, before, after)) {
      found.push({ migration: name, problem, sql: '' });
    }
    // A raw statement may hold several, separated by semicolons.
    for (const statement of statements.flatMap((text) => text.split(';'))) {
      const removal = rowRemoval(statement);
      if (removal && removal.table in released.tables) {
        found.push({
          migration: name,
          problem: removal.problem,
          sql: statement.replace(/\s+/g, ' ').trim(),
        });
      }
    }
    before = after;
  }
  return found;
}
