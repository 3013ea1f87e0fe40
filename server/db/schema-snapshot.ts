/**
 * A database's schema as an older server depends on it: its tables with each column's type,
 * nullability and default, its indexes (unique or not, and what they cover), its check
 * constraints, its foreign keys (with their `ON DELETE` actions), its triggers and its views. Read from pg_catalog on PostgreSQL and from sqlite_master and the
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

/** A trigger: an older server's writes fire it (it may refuse them), or rely on it. */
export interface TriggerShape {
  table: string;
  /** What it does, comparable between two snapshots of one database. */
  definition: string;
}

/**
 * A schema: tables by name with their columns by name, indexes by name, checks, foreign keys,
 * triggers by name, views.
 */
export interface SchemaSnapshot {
  tables: Record<string, Record<string, ColumnShape>>;
  indexes: Record<string, IndexShape>;
  /** Each table's check constraints (their text), in order. */
  checks: Record<string, string[]>;
  /**
   * Each table's foreign keys as `(columns) REFERENCES table(columns) ON DELETE action`, sorted:
   * an older server's inserts must satisfy them, and its deletes may rely on their cascades.
   */
  foreignKeys: Record<string, string[]>;
  triggers: Record<string, TriggerShape>;
  views: string[];
}

/** An empty snapshot, filled by the dialect's reader. */
function emptySnapshot(): SchemaSnapshot {
  return { tables: {}, indexes: {}, checks: {}, foreignKeys: {}, triggers: {}, views: [] };
}

/** `(from) REFERENCES table(to) ON DELETE action`, the same text on both databases. */
function foreignKeyText(from: string, table: string, to: string, onDelete: string): string {
  return `(${from}) REFERENCES ${table}(${to}) ON DELETE ${onDelete.toUpperCase()}`;
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
    delete snapshot.foreignKeys[table];
  }
  for (const [name, index] of Object.entries(snapshot.indexes)) {
    if (OWN_TABLES.has(index.table)) delete snapshot.indexes[name];
  }
  for (const keys of Object.values(snapshot.foreignKeys)) keys.sort();
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
  const snapshot = emptySnapshot();
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
  // Each foreign key's columns in key order, with the referenced table's, and its delete action.
  const foreignKeys = await sql<{
    table: string;
    from: string;
    target: string;
    to: string;
    on_delete: string;
  }>`SELECT t.relname AS table, r.relname AS target,
        (SELECT string_agg(a.attname, ', ' ORDER BY u.i) FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
          JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n) AS from,
        (SELECT string_agg(a.attname, ', ' ORDER BY u.i) FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
          JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n) AS to,
        CASE k.confdeltype WHEN 'a' THEN 'no action' WHEN 'r' THEN 'restrict'
          WHEN 'c' THEN 'cascade' WHEN 'n' THEN 'set null' ELSE 'set default' END AS on_delete
      FROM pg_constraint k
      JOIN pg_class t ON t.oid = k.conrelid
      JOIN pg_class r ON r.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
      WHERE k.contype = 'f'`.execute(db);
  for (const row of foreignKeys.rows) {
    snapshot.foreignKeys[row.table] = [
      ...(snapshot.foreignKeys[row.table] ?? []),
      foreignKeyText(row.from, row.target, row.to, row.on_delete),
    ];
  }
  const triggers = await sql<{ name: string; table: string; definition: string }>`
    SELECT g.tgname AS name, t.relname AS table,
        regexp_replace(pg_get_triggerdef(g.oid), '^CREATE (CONSTRAINT )?TRIGGER \S+ ', '') AS definition
      FROM pg_trigger g
      JOIN pg_class t ON t.oid = g.tgrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
      WHERE NOT g.tgisinternal`.execute(db);
  for (const row of triggers.rows) {
    snapshot.triggers[row.name] = { table: row.table, definition: row.definition };
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
  const snapshot = emptySnapshot();
  const objects = await sql<{ type: string; name: string; table: string; sql: string | null }>`
    SELECT type, name, tbl_name AS "table", sql FROM sqlite_master
      WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      ORDER BY name`.execute(db);
  for (const object of objects.rows) {
    if (object.type === 'view') {
      snapshot.views.push(object.name);
    } else if (object.type === 'trigger') {
      snapshot.triggers[object.name] = {
        table: object.table,
        definition: (object.sql ?? '').replace(/\s+/g, ' ').replace(/^create trigger \S+ /i, ''),
      };
    } else {
      snapshot.tables[object.name] = await sqliteColumns(db, object.name);
      const clauses = checkClauses(object.sql ?? '');
      if (clauses.length > 0) snapshot.checks[object.name] = clauses;
      const keys = await sqliteForeignKeys(db, object.name);
      if (keys.length > 0) snapshot.foreignKeys[object.name] = keys;
      Object.assign(snapshot.indexes, await sqliteIndexes(db, object.name));
    }
  }
  return snapshot;
}

/** A SQLite table's columns by name. */
// biome-ignore lint/suspicious/noExplicitAny: see schemaSnapshot.
async function sqliteColumns(db: Kysely<any>, table: string): Promise<Record<string, ColumnShape>> {
  const columns = await sql<{
    name: string;
    type: string;
    notnull: number;
    dflt_value: string | null;
    pk: number;
  }>`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(${table})`.execute(db);
  const found: Record<string, ColumnShape> = {};
  for (const column of columns.rows) {
    found[column.name] = {
      type: column.type.toLowerCase(),
      // An INTEGER PRIMARY KEY is the rowid: never NULL whatever the pragma says.
      notNull: column.notnull === 1 || (column.pk > 0 && column.type.toLowerCase() === 'integer'),
      default: column.dflt_value,
    };
  }
  return found;
}

/** A SQLite table's foreign keys, as `foreignKeyText` writes them. */
// biome-ignore lint/suspicious/noExplicitAny: see schemaSnapshot.
async function sqliteForeignKeys(db: Kysely<any>, table: string): Promise<string[]> {
  const rows = await sql<{
    id: number;
    table: string;
    from: string;
    to: string | null;
    on_delete: string;
  }>`SELECT id, "table", "from", "to", on_delete FROM pragma_foreign_key_list(${table})
      ORDER BY id, seq`.execute(db);
  const byId = new Map<number, typeof rows.rows>();
  for (const row of rows.rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  return [...byId.values()].map((parts) =>
    foreignKeyText(
      parts.map((part) => part.from).join(', '),
      parts[0]?.table ?? '',
      parts.map((part) => part.to ?? '<primary key>').join(', '),
      parts[0]?.on_delete ?? 'no action',
    ),
  );
}

/** A SQLite table's indexes by name. */
// biome-ignore lint/suspicious/noExplicitAny: see schemaSnapshot.
async function sqliteIndexes(db: Kysely<any>, table: string): Promise<Record<string, IndexShape>> {
  const found: Record<string, IndexShape> = {};
  const indexes = await sql<{ name: string; unique: number }>`
    SELECT name, "unique" FROM pragma_index_list(${table})`.execute(db);
  for (const index of indexes.rows) {
    const covered = await sql<{ name: string | null }>`
      SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(db);
    const where = await sql<{ sql: string | null }>`
      SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ${index.name}`.execute(db);
    const partial = /\bwhere\b.*$/is.exec(where.rows[0]?.sql ?? '')?.[0] ?? '';
    found[index.name] = {
      table,
      unique: index.unique === 1,
      definition:
        `(${covered.rows.map((column) => column.name ?? '<expression>').join(', ')}) ${partial}`.trim(),
    };
  }
  return found;
}
