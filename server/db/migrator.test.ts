import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { ALL_MIGRATIONS } from './all-migrations.js';
import { openDatabase } from './database.js';
import { MIGRATION_TABLE, mergeMigrations } from './migrator.js';
import { Store } from './store.js';

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
  const store = await Store.open(database);
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
  const again = await Store.open(database);
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

  const store = await Store.open(database);
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
