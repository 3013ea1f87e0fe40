/**
 * Expand/contract: during a rolling upgrade the previous release's server keeps running on the
 * database the new release migrated, so a step added since that release may only add (expand)
 * what the old code can ignore: tables, nullable or defaulted columns, indexes. A step that
 * takes away or changes what the old code reads or writes (contract) breaks it mid-upgrade:
 * issue 32's old processes answered every SMS send 500 ('relation "destination_guards" does not
 * exist') once a new one dropped that table. A contract step ships in a later release, when the
 * previous release no longer uses what it removes, and is listed in `PREVIOUS_RELEASE`.
 *
 * `contractStatements` runs the steps on a scratch database and reads the SQL each one sends.
 */
import type { Kysely, KyselyPlugin, RootOperationNode } from 'kysely';
import { type Migrations, migrateToLatest } from './migrator.js';

/** A statement of an added step that an old server running beside it could fail on. */
export interface ContractStatement {
  /** The step's name. */
  migration: string;
  /** What it does to the previous release's schema, as a sentence. */
  problem: string;
  /** The statement, as sent (whitespace collapsed). */
  sql: string;
}

/** A rule: the statements it matches (lower case; `$1` is the table) and what they do. */
interface Rule {
  pattern: RegExp;
  problem: string;
}

/** Statements that take away or change a table or column an old server may use. */
const CONTRACT_RULES: readonly Rule[] = [
  { pattern: /^drop table (?:if exists )?"?(\w+)"?/, problem: 'drops table $1' },
  { pattern: /^alter table "?(\w+)"? rename to /, problem: 'renames table $1' },
  { pattern: /^alter table "?(\w+)"? rename (?:column )?"?(\w+)"?/, problem: 'renames $1.$2' },
  { pattern: /^alter table "?(\w+)"? drop column "?(\w+)"?/, problem: 'drops column $1.$2' },
  {
    pattern: /^alter table "?(\w+)"? alter column "?(\w+)"? (?:set data )?type /,
    problem: 'changes the type of $1.$2',
  },
  {
    pattern: /^alter table "?(\w+)"? alter column "?(\w+)"? set not null/,
    problem: 'makes $1.$2 required',
  },
  {
    // A required column without a default: the old server's inserts do not fill it.
    pattern: /^alter table "?(\w+)"? add column "?(\w+)"? (?!.*\bdefault\b).*\bnot null\b/,
    problem: 'adds $1.$2, required and without a default',
  },
];

/** The table a statement creates, if it creates one. */
const CREATE_TABLE = /^create table (?:if not exists )?"?(\w+)"?/;

/**
 * What `statement` (SQL as Kysely sends it) takes away from or changes in an existing table,
 * as a sentence, and that table; undefined for a statement an old server can live with.
 */
export function contractProblem(statement: string): { table: string; problem: string } | undefined {
  const lower = statement.replace(/\s+/g, ' ').trim().toLowerCase();
  for (const rule of CONTRACT_RULES) {
    const match = rule.pattern.exec(lower);
    if (!match) continue;
    return {
      table: match[1] ?? '',
      problem: rule.problem.replace(/\$(\d)/g, (_, i: string) => match[Number(i)] ?? ''),
    };
  }
  return undefined;
}

/** A plugin that records the SQL of every statement `db` sends through it. */
function recorder(db: Kysely<unknown>, statements: string[]): KyselyPlugin {
  return {
    transformQuery({ node, queryId }) {
      const compiled = db.getExecutor().compileQuery(node as RootOperationNode, queryId);
      statements.push(compiled.sql.replace(/\s+/g, ' '));
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
}

/**
 * The statements of `added` that contract the schema `previous` made: `db` (an empty scratch
 * database) is migrated with `previous`, then each step of `added` runs in name order while its
 * SQL is read. A table one of the added steps created is the new release's own and may change.
 */
export async function contractStatements(
  // biome-ignore lint/suspicious/noExplicitAny: migrations see the database before its schema exists.
  db: Kysely<any>,
  previous: Migrations,
  added: Migrations,
): Promise<ContractStatement[]> {
  await migrateToLatest(db, previous);
  const created = new Set<string>();
  const found: ContractStatement[] = [];
  for (const name of Object.keys(added).sort()) {
    const statements: string[] = [];
    await added[name]?.up(db.withPlugin(recorder(db, statements)));
    // A raw statement may hold several, separated by semicolons.
    for (const statement of statements.flatMap((text) => text.split(';'))) {
      const table = CREATE_TABLE.exec(statement.trim().toLowerCase())?.[1];
      if (table) created.add(table);
      const contract = contractProblem(statement);
      if (contract && !created.has(contract.table)) {
        found.push({ migration: name, problem: contract.problem, sql: statement.trim() });
      }
    }
  }
  return found;
}
