import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type KyselyPlugin, sql } from 'kysely';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { Store } from '../store.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { openDatabase } from './database.js';
import { logMigrations } from './migration-log.js';
import {
  DatabaseAheadError,
  MIGRATION_TABLE,
  type MigrationReport,
  mergeMigrations,
  migrateToLatest,
} from './migrator.js';
import { isUniqueViolation } from './sql-errors.js';

const databases: TestDatabase[] = [];
after(async () => {
  for (const database of databases) await database.drop();
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

test('a new database gets every product’s migration once, in name order', async () => {
  const database = await freshDatabase();
  const store = await Store.open(database, ALL_MIGRATIONS);
  const applied = await store.db
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's own bookkeeping table is not in our schema.
    .selectFrom(MIGRATION_TABLE as any)
    .select('name')
    .orderBy('name')
    .execute();
  await store.close();
  const names = Object.keys(ALL_MIGRATIONS).sort();
  assert.deepEqual(
    applied.map((row) => (row as { name: string }).name),
    names,
  );
  assert.ok(names.includes('2025-07-01-07-otp'), 'the passcode product brings its tables');

  // A second start applies nothing and keeps working.
  const again = await Store.open(database, ALL_MIGRATIONS);
  const project = await again.projects.upsert(
    { publicToken: 'public-token-test-migrator', name: 'M', settings: {} as never },
    1,
  );
  assert.equal((await again.projects.findById(project.projectId))?.name, 'M');
  await again.close();
});

test('a database made by the former single migration list opens with its guests intact', async () => {
  const database = await freshDatabase();
  const { db } = await openDatabase(database);
  // The first release's tables, as its hand-written migration made them.
  for (const statement of [
    `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`,
    `CREATE TABLE projects (project_id TEXT PRIMARY KEY, public_token TEXT NOT NULL UNIQUE,
       name TEXT NOT NULL, settings TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)`,
    `CREATE TABLE users (user_id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(project_id),
       status TEXT NOT NULL, name TEXT NOT NULL, trusted_metadata TEXT NOT NULL,
       untrusted_metadata TEXT NOT NULL, created_at BIGINT NOT NULL)`,
    `CREATE TABLE user_phone_numbers (phone_id TEXT PRIMARY KEY,
       project_id TEXT NOT NULL REFERENCES projects(project_id),
       user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
       phone_number TEXT NOT NULL, verified INTEGER NOT NULL, created_at BIGINT NOT NULL,
       UNIQUE (project_id, phone_number))`,
    `INSERT INTO schema_migrations VALUES (1, 'identity provider', 1)`,
    `INSERT INTO projects VALUES ('project-test-1', 'public-token-test-legacy', 'Legacy', '{}', 1, 1)`,
    `INSERT INTO users VALUES ('user-test-1', 'project-test-1', 'active', '{}', '{"invited":true}', '{}', 1)`,
    `INSERT INTO user_phone_numbers VALUES ('phone-number-test-1', 'project-test-1', 'user-test-1', '+14155552671', 1, 1)`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await db.destroy();

  const store = await Store.open(database, ALL_MIGRATIONS);
  try {
    const guest = await store.users.findByDestination('project-test-1', 'phone', '+14155552671');
    assert.equal(guest?.userId, 'user-test-1');
    const user = await store.users.findById('project-test-1', 'user-test-1');
    assert.deepEqual(user?.trustedMetadata, { invited: true });
    // The tables the first release lacked here now exist and work.
    await store.telemetry.count('project-test-1', 'render_login_screen', '2025-07-26', 2);
    assert.equal((await store.telemetry.totals('project-test-1'))[0]?.count, 2);
  } finally {
    await store.close();
  }
});

test('migration names are unique and dated', () => {
  const up = async () => undefined;
  assert.throws(
    () => mergeMigrations([{ '2026-01-01-01-a': { up } }, { '2026-01-01-01-a': { up } }]),
    /two migrations are named 2026-01-01-01-a/,
  );
  assert.throws(() => mergeMigrations([{ passwords: { up } }]), /YYYY-MM-DD-NN-what/);
});

test('pending identifiers: the unique destinations become unique among verified rows, with the rows and triggers kept', async () => {
  const database = await freshDatabase();
  const step = '2026-11-26-01-pending-identifiers';
  const { db } = await openDatabase(database);
  const before = Object.fromEntries(Object.entries(ALL_MIGRATIONS).filter(([name]) => name < step));
  await migrateToLatest(db, before);
  for (const statement of [
    `INSERT INTO projects VALUES ('project-test-1', 'public-token-test-pending', 'P', '{}', 1, 1)`,
    `INSERT INTO users (user_id, project_id, status, name, trusted_metadata, untrusted_metadata, created_at)
       VALUES ('user-test-1', 'project-test-1', 'active', '{}', '{"invited":true}', '{}', 1),
              ('user-test-2', 'project-test-1', 'active', '{}', '{}', '{}', 2)`,
    `INSERT INTO user_phone_numbers VALUES
       ('phone-number-test-1', 'project-test-1', 'user-test-1', '+14155552671', 1, 1),
       ('phone-number-test-2', 'project-test-1', 'user-test-2', '+14155552672', 0, 2)`,
    `INSERT INTO user_emails VALUES
       ('email-test-1', 'project-test-1', 'user-test-1', 'ada@example.com', 1, 1)`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await db.destroy();

  const store = await Store.open(database, ALL_MIGRATIONS);
  try {
    const guest = await store.users.findByDestination('project-test-1', 'phone', '+14155552671');
    assert.deepEqual([guest?.userId, guest?.verified], ['user-test-1', true]);
    const ada = await store.users.findByDestination('project-test-1', 'email', 'ada@example.com');
    assert.equal(ada?.methodId, 'email-test-1');
    const version = async (userId: string) =>
      Number(
        (
          await store.db
            .selectFrom('users')
            .select('lists_version')
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).lists_version,
      );
    // A pending claim of a number another user holds verified is a row of its own now, and
    // the rebuilt tables still raise their user's lists version.
    const listed = await version('user-test-2');
    const project = { projectId: 'project-test-1', environment: 'test' as const };
    await sql
      .raw(`INSERT INTO user_phone_numbers VALUES
        ('phone-number-test-3', 'project-test-1', 'user-test-2', '+14155552671', 0, 3)`)
      .execute(store.db);
    await sql
      .raw(`INSERT INTO user_emails VALUES
        ('email-test-2', 'project-test-1', 'user-test-2', 'ada@example.com', 0, 3)`)
      .execute(store.db);
    assert.equal(await version('user-test-2'), listed + 2);
    // Two verified rows of one destination, or two rows of one user, are refused.
    for (const statement of [
      `UPDATE user_phone_numbers SET verified = 1 WHERE phone_id = 'phone-number-test-3'`,
      `UPDATE user_emails SET verified = 1 WHERE email_id = 'email-test-2'`,
      `INSERT INTO user_phone_numbers VALUES
        ('phone-number-test-4', 'project-test-1', 'user-test-2', '+14155552671', 0, 4)`,
    ]) {
      await assert.rejects(sql.raw(statement).execute(store.db), isUniqueViolation);
    }
    // A user's rows still go with the user.
    await store.db.deleteFrom('users').where('user_id', '=', 'user-test-2').execute();
    const left = await store.db.selectFrom('user_phone_numbers').select('phone_id').execute();
    assert.deepEqual(
      left.map((row) => row.phone_id),
      ['phone-number-test-1'],
    );
    assert.equal(
      (await store.users.addDestination(project, 'user-test-1', 'phone', '+14155552671', 5))
        .methodId,
      'phone-number-test-1',
    );
  } finally {
    await store.close();
  }
});

test('an open reports each step it applied and where the schema went; a current database applies none', async () => {
  const database = await freshDatabase();
  const names = Object.keys(ALL_MIGRATIONS).sort();
  const first = await Store.open(database, ALL_MIGRATIONS);
  await first.close();
  const report = first.migrated;
  assert.ok(report);
  assert.deepEqual(report.from, { count: 0, name: null });
  assert.deepEqual(report.to, { count: names.length, name: names.at(-1) });
  assert.deepEqual(
    report.applied.map((step) => step.name),
    names,
  );
  assert.ok(report.applied.every((step) => Number.isInteger(step.ms) && step.ms >= 0));

  const again = await Store.open(database, ALL_MIGRATIONS);
  await again.close();
  assert.deepEqual(again.migrated?.applied, []);
  assert.deepEqual(again.migrated?.from, again.migrated?.to);

  const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log = {
    info: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
  };
  logMigrations(log, again.migrated as MigrationReport);
  assert.equal(lines.length, 0, 'nothing is logged when the database was current');
  logMigrations(log, report);
  assert.equal(lines.length, names.length + 1);
  assert.deepEqual(lines[0]?.fields, { migration: names[0], ms: report.applied[0]?.ms });
  assert.equal(
    lines.at(-1)?.message,
    `database migrated from migration 0 (empty) to migration ${names.length} (${names.at(-1)}) in ${report.ms} ms`,
  );
});

test('a server that knows fewer steps than the database applied refuses it, naming both versions', async () => {
  const database = await freshDatabase();
  const future = '2099-01-01-01-from-the-future';
  const newer = mergeMigrations([ALL_MIGRATIONS, { [future]: { up: async () => undefined } }]);
  const names = Object.keys(ALL_MIGRATIONS).sort();
  await (await Store.open(database, newer)).close();

  const refusal = await Store.open(database, ALL_MIGRATIONS).then(
    () => assert.fail('the older server opened the newer database'),
    (error: unknown) => error,
  );
  assert.ok(refusal instanceof DatabaseAheadError, String(refusal));
  assert.equal(
    refusal.message,
    `the database is at migration ${names.length + 1} (${future}), this server knows up to migration ${names.length} (${names.at(-1)}): upgrade the server or restore a backup`,
  );
  assert.deepEqual(refusal.unknown, [future]);
  // The database is as the newer server left it: it opens there again.
  const reopened = await Store.open(database, newer);
  await reopened.close();
  assert.deepEqual(reopened.migrated?.applied, []);
});

test('a newer server that migrates while an older one starts gets the same one-line refusal', async () => {
  const database = await freshDatabase();
  const future = '2099-01-01-01-from-the-future';
  const newer = mergeMigrations([ALL_MIGRATIONS, { [future]: { up: async () => undefined } }]);
  const names = Object.keys(ALL_MIGRATIONS).sort();
  await (await Store.open(database, ALL_MIGRATIONS)).close();

  // The older server reads the applied steps (none unknown yet); the newer one migrates right
  // then, before the older one's migrator takes the lock and reads them again.
  const older = await openDatabase(database);
  const newerServer = await openDatabase(database);
  let raced = false;
  const race: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    async transformResult({ result }) {
      const first = result.rows[0] as Record<string, unknown> | undefined;
      if (!raced && first && 'name' in first && !('timestamp' in first)) {
        raced = true;
        await migrateToLatest(newerServer.db, newer);
      }
      return result;
    },
  };
  try {
    const refusal = await migrateToLatest(older.db.withPlugin(race), ALL_MIGRATIONS).then(
      () => assert.fail('the older server migrated the newer database'),
      (error: unknown) => error,
    );
    assert.ok(raced, 'the newer server migrated between the check and the lock');
    assert.ok(refusal instanceof DatabaseAheadError, String(refusal));
    assert.equal(
      refusal.message,
      `the database is at migration ${names.length + 1} (${future}), this server knows up to migration ${names.length} (${names.at(-1)}): upgrade the server or restore a backup`,
    );
  } finally {
    await older.db.destroy();
    await newerServer.db.destroy();
  }
});
