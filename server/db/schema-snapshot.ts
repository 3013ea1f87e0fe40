/**
 * A database's schema as an older server depends on it: its tables with each column's type,
 * nullability and default, its indexes (unique or not, and what they cover), its check
 * constraints and its views. Read from pg_catalog on PostgreSQL and from sqlite_master and the
 * table pragmas on SQLite; the migration tables are left out. `expand-contract.ts` compares two.
 */
import { type Kysely, sql } from 'kysely';
import { dialectOf } from './database.js';
import { MIGRATION_TABLE } from './migrator.js';

/** A column as an older server's statements see it. */
export interface ColumnShape {
  /** The declared type, as the database spells it. */
  type: string;
  /** Whether the column refuses NULL. */
  notNull: boolean;
  /** The default expression, or null when it has none. */
  default: string | null;
}

/** An index: an older server's upserts need its unique ones (`ON CONFLICT`). */
export interface IndexShape {
  table: string;
  unique: boolean;
  /** What it covers, comparable between two snapshots of one database. */
  definition: string;
}

/** A schema: tables by name with their columns by name, indexes by name, checks, views. */
export interface SchemaSnapshot {
  tables: Record<string, Record<string, ColumnShape>>;
  indexes: Record<string, IndexShape>;
  /** Each table's check constraints (their text), in order. */
  checks: Record<string, string[]>;
  views: string[];
}

/** Tables the migrator keeps for itself. */
const OWN_TABLES = new Set([MIGRATION_TABLE, `${MIGRATION_TABLE}_lock`]);

/** The schema `db` holds now. */
// biome-ignore lint/suspicious/noExplicitAny: the schema read is the database's, not the typed one.
export async function schemaSnapshot(db: Kysely<any>): Promise<SchemaSnapshot> {
  const snapshot =
    dialectOf(db) === 'postgres' ? await postgresSnapshot(db) : await sqliteSnapshot(db);
  for (const table of OWN_TABLES) {
    delete snapshot.tables[table];
    delete snapshot.checks[table];
  }
  for (const [name, index] of Object.entries(snapshot.indexes)) {
    if (OWN_TABLES.has(index.table)) delete snapshot.indexes[name];
  }
  return snapshot;
}

/** Adds `column` of `table` to `tables`. */
function addColumn(
  tables: SchemaSnapshot['tables'],
  table: string,
  column: string,
  shape: ColumnShape,
): void {
  tables[table] ??= {};
  (tables[table] as Record<string, ColumnShape>)[column] = shape;
}

// biome-ignore lint/suspicious/noExplicitAny: see schemaSnapshot.
async function postgresSnapshot(db: Kysely<any>): Promise<SchemaSnapshot> {
  const snapshot: SchemaSnapshot = { tables: {}, indexes: {}, checks: {}, views: [] };
  const columns = await sql<{
    table: string;
    column: string;
    type: string;
    not_null: boolean;
    default: string | null;
  }>`SELECT c.relname AS table, a.attname AS column,
        format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
        pg_get_expr(d.adbin, d.adrelid) AS default
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE c.relkind IN ('r', 'p')`.execute(db);
  for (const row of columns.rows) {
    addColumn(snapshot.tables, row.table, row.column, {
      type: row.type,
      notNull: row.not_null,
      default: row.default,
    });
  }
  const indexes = await sql<{ name: string; table: string; unique: boolean; definition: string }>`
    SELECT i.relname AS name, t.relname AS table, x.indisunique AS unique,
        regexp_replace(pg_get_indexdef(x.indexrelid), '^.* USING ', '') AS definition
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()`.execute(db);
  for (const row of indexes.rows) {
    snapshot.indexes[row.name] = {
      table: row.table,
      unique: row.unique,
      definition: row.definition,
    };
  }
  const checks = await sql<{ table: string; definition: string }>`
    SELECT t.relname AS table, pg_get_constraintdef(k.oid) AS definition
      FROM pg_constraint k
      JOIN pg_class t ON t.oid = k.conrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
      WHERE k.contype = 'c' ORDER BY k.conname`.execute(db);
  for (const row of checks.rows) {
    snapshot.checks[row.table] = [...(snapshot.checks[row.table] ?? []), row.definition];
  }
  const views = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      WHERE c.relkind IN ('v', 'm') ORDER BY c.relname`.execute(db);
  snapshot.views = views.rows.map((row) => row.name);
  return snapshot;
}

/** The `CHECK (…)` clauses in a table's `CREATE TABLE` text, parentheses balanced. */
export function checkClauses(createTable: string): string[] {
  const clauses: string[] = [];
  const keyword = /\bcheck\s*\(/gi;
  for (let match = keyword.exec(createTable); match; match = keyword.exec(createTable)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < createTable.length; end++) {
      if (createTable[end] === '(') depth++;
      else if (createTable[end] === ')' && --depth === 0) break;
    }
    clauses.push(createTable.slice(match.index, end + 1).replace(/\s+/g, ' '));
    keyword.lastIndex = end;
  }
  return clauses;
}

// biome-ignore lint/suspicious/noExplicitAny: see schemaSnapshot.
async function sqliteSnapshot(db: Kysely<any>): Promise<SchemaSnapshot> {
  const snapshot: SchemaSnapshot = { tables: {}, indexes: {}, checks: {}, views: [] };
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master
      WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      ORDER BY name`.execute(db);
  for (const object of objects.rows) {
    if (object.type === 'view') {
      snapshot.views.push(object.name);
      continue;
    }
    snapshot.tables[object.name] = {};
    const clauses = checkClauses(object.sql ?? '');
    if (clauses.length > 0) snapshot.checks[object.name] = clauses;
    const columns = await sql<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(${object.name})`.execute(
      db,
    );
    for (const column of columns.rows) {
      addColumn(snapshot.tables, object.name, column.name, {
        type: column.type.toLowerCase(),
        // An INTEGER PRIMARY KEY is the rowid: never NULL whatever the pragma says.
        notNull: column.notnull === 1 || (column.pk > 0 && column.type.toLowerCase() === 'integer'),
        default: column.dflt_value,
      });
    }
    const indexes = await sql<{ name: string; unique: number }>`
      SELECT name, "unique" FROM pragma_index_list(${object.name})`.execute(db);
    for (const index of indexes.rows) {
      const covered = await sql<{ name: string | null }>`
        SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(db);
      const where = await sql<{ sql: string | null }>`
        SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ${index.name}`.execute(db);
      const partial = /\bwhere\b.*$/is.exec(where.rows[0]?.sql ?? '')?.[0] ?? '';
      snapshot.indexes[index.name] = {
        table: object.name,
        unique: index.unique === 1,
        definition:
          `(${covered.rows.map((column) => column.name ?? '<expression>').join(', ')}) ${partial}`.trim(),
      };
    }
  }
  return snapshot;
}
