/**
 * One migrator for every product: each folder that owns tables exports its
 * migrations by name, and Kysely's `Migrator` applies the ones a database has
 * not seen, in name order, in one transaction, on SQLite and PostgreSQL alike
 * (on PostgreSQL under an advisory lock, so servers starting together apply
 * each step once).
 *
 * Names start with the date the step was written and a two-digit sequence
 * (`2025-07-01-05-users`), so steps from different products interleave in the
 * order they were written. A released step is never edited: add a new one.
 */
import { type Kysely, type Migration, Migrator, sql } from 'kysely';

/** Migrations by name, as a folder's `*-tables.ts` exports them. */
export type Migrations = Readonly<Record<string, Migration>>;

/** The table Kysely records applied steps in. */
export const MIGRATION_TABLE = 'velvet_migrations';

/** Joins the migrations of several folders; a name used twice is a programming error. */
export function mergeMigrations(parts: readonly Migrations[]): Migrations {
  const all: Record<string, Migration> = {};
  for (const part of parts) {
    for (const [name, migration] of Object.entries(part)) {
      if (name in all) throw new Error(`two migrations are named ${name}`);
      if (!/^\d{4}-\d{2}-\d{2}-\d{2}-[a-z0-9-]+$/.test(name)) {
        throw new Error(`migration name ${name} does not read YYYY-MM-DD-NN-what`);
      }
      all[name] = migration;
    }
  }
  return all;
}

/**
 * Applies every pending migration. Resolves to the names applied now.
 * @throws Error naming the step that failed, with the database's error as its cause.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database before its schema exists.
export async function migrateToLatest(db: Kysely<any>, migrations: Migrations): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: `${MIGRATION_TABLE}_lock`,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${message}`.replace('  ', ' '),
      { cause: error },
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The names of `migrations` the database has not applied, in order: none when its schema is
 * current. One query on the migrations table, cheap enough for a readiness probe.
 */
export async function pendingMigrations(
  // biome-ignore lint/suspicious/noExplicitAny: the migrations table is not in the schema.
  db: Kysely<any>,
  migrations: Migrations,
): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)}`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return Object.keys(migrations)
    .filter((name) => !applied.has(name))
    .sort();
}
