/**
 * One migrator for every product: each folder that owns tables exports its
 * migrations by name, and Kysely's `Migrator` applies the ones a database has
 * not seen, in name order, in one transaction, on SQLite and PostgreSQL alike
 * (on PostgreSQL under an advisory lock, so servers starting together apply
 * each step once).
 *
 * Names start with the date the step was written and a two-digit sequence
 * (`2025-07-01-05-users`), so steps from different products interleave in the
 * order they were written. A released step is never edited: add a new one, and
 * only one that expands the schema while the previous release may still run on it
 * (see `expand-contract.ts`). A database that applied a step this code does not
 * know was migrated by a newer release: it is refused (`DatabaseAheadError`).
 */
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { dialectOf } from './database.js';

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

/** Where a database's schema stands: how many steps it has applied, and the newest one's name. */
export interface SchemaVersion {
  /** The number of steps applied (0 for an empty database). */
  count: number;
  /** The name of the newest step applied, or null when none was. */
  name: string | null;
}

/** What a start did to the schema (see `migrateToLatest`). */
export interface MigrationReport {
  /** Where the database stood before. */
  from: SchemaVersion;
  /** Where it stands now. */
  to: SchemaVersion;
  /** The steps applied now, in order, with how long each took in milliseconds. */
  applied: ReadonlyArray<{ name: string; ms: number }>;
  /** How long the whole migration took in milliseconds (the checks and the lock included). */
  ms: number;
}

/** `version` as a log line or an error names it: `migration 29 (2026-11-27-11-…)`. */
export function describeVersion(version: SchemaVersion): string {
  return version.name ? `migration ${version.count} (${version.name})` : 'migration 0 (empty)';
}

/**
 * A database whose schema is newer than this server's code: it has applied a step the server
 * does not know, so a newer release migrated it (a downgrade, or an old process started after a
 * new one). Its message is the one line the server prints before it exits.
 */
export class DatabaseAheadError extends Error {
  constructor(
    /** Where the database stands. */
    readonly database: SchemaVersion,
    /** The newest step this server knows. */
    readonly server: SchemaVersion,
    /** The applied steps this server does not know. */
    readonly unknown: readonly string[],
  ) {
    super(
      `the database is at ${describeVersion(database)}, this server knows up to ${describeVersion(server)}: upgrade the server or restore a backup`,
    );
    this.name = 'DatabaseAheadError';
  }
}

/** The version of a database that applied `names`. */
function versionOf(names: readonly string[]): SchemaVersion {
  const sorted = [...names].sort();
  return { count: sorted.length, name: sorted.at(-1) ?? null };
}

/** The names of the steps `db` has applied, in name order; none when it has no migration table. */
// biome-ignore lint/suspicious/noExplicitAny: the migration table is not in the typed schema.
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const exists =
    dialectOf(db) === 'postgres'
      ? sql<{ found: string | null }>`SELECT to_regclass(${MIGRATION_TABLE})::text AS found`
      : sql<{ found: string | null }>`SELECT name AS found FROM sqlite_master
          WHERE type = 'table' AND name = ${MIGRATION_TABLE}`;
  const { rows } = await exists.execute(db);
  if (!rows[0]?.found) return [];
  const applied = await db.selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute();
  return applied.map((row: { name: string }) => row.name);
}

/** `migrations` with each step's `up` timed into `applied`. */
function timed(migrations: Migrations, applied: Array<{ name: string; ms: number }>): Migrations {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        ...migration,
        // biome-ignore lint/suspicious/noExplicitAny: migrations see the database before its schema exists.
        async up(db: Kysely<any>) {
          const started = performance.now();
          await migration.up(db);
          applied.push({ name, ms: Math.round(performance.now() - started) });
        },
      },
    ]),
  );
}

/**
 * Applies every pending migration, after checking that the database applied no step these
 * `migrations` lack. Resolves to what it did (see `MigrationReport`; `applied` is empty when the
 * database was current).
 * @throws DatabaseAheadError when the database applied a step `migrations` does not hold: a
 *   newer release migrated it (before this start, or while it waited for the lock), and this
 *   one must not run on it.
 * @throws Error naming the step that failed, with the database's error as its cause.
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations see the database before its schema exists.
  db: Kysely<any>,
  migrations: Migrations,
): Promise<MigrationReport> {
  const started = performance.now();
  const before = await appliedMigrations(db);
  const unknown = before.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new DatabaseAheadError(versionOf(before), versionOf(Object.keys(migrations)), unknown);
  }
  const applied: Array<{ name: string; ms: number }> = [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => timed(migrations, applied) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: `${MIGRATION_TABLE}_lock`,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    // A newer server migrated the database between the check above and the migrator's lock
    // (two releases starting together): Kysely calls that "corrupted migrations". Say it as the
    // check would have.
    const now = await appliedMigrations(db).catch(() => before);
    const ahead = now.filter((name) => !(name in migrations));
    if (ahead.length > 0) {
      throw new DatabaseAheadError(versionOf(now), versionOf(Object.keys(migrations)), ahead);
    }
    const failed = results.find((result) => result.status === 'Error');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${message}`.replace('  ', ' '),
      { cause: error },
    );
  }
  return {
    from: versionOf(before),
    // Read again: another server may have applied steps while this one waited for the lock.
    to: versionOf(await appliedMigrations(db)),
    applied,
    ms: Math.round(performance.now() - started),
  };
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
