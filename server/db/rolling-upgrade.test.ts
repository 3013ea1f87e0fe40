/**
 * Upgrading from the previous release (`previous-release.ts`), with its real server checked
 * out of git and run in a child process beside this one's:
 * - a rolling upgrade: the old server keeps serving on the database the new one migrated
 *   (PostgreSQL with `npm run test:server:pg`), and sends, passcode checks and sessions work on
 *   both and across them; so that the old server runs on a schema newer than its own even when
 *   this release added no migration, the test then applies a planted expand-only step (here,
 *   never in the real list) as the next release's would;
 * - a stop-and-start upgrade on SQLite: the new server opens the old one's file, migrates it,
 *   and keeps its sessions and pending passcodes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Kysely } from 'kysely';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../config/config.js';
import { unwrapSuccess } from '../test/api-assertions.js';
import { checkoutRelease, type ReleaseTree } from '../test/release-tree.js';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../test/test-database.js';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';
import { openDatabase } from './database.js';
import {
  appliedMigrations,
  type Migrations,
  mergeMigrations,
  migrateToLatest,
} from './migrator.js';
import { PREVIOUS_RELEASE } from './previous-release.js';

const SECRET = 'rolling-upgrade-secret-0123456789abcdef';

/**
 * A step as a later release may add while the previous one still runs: it only expands the
 * tables the old server uses (a new table, a nullable column, a defaulted required column, a
 * non-unique index). Replaced by a contract step (dropping `passcodes.code_hash`, which the old
 * server reads), this test fails: passcode checks answer 500.
 */
const PLANTED_EXPANSION: Migrations = {
  '2099-01-01-01-planted-expansion': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('planted_notes')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('note', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('sessions').addColumn('planted_note', 'text').execute();
      await db.schema
        .alterTable('passcodes')
        .addColumn('planted_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('sessions_by_expiry')
        .on('sessions')
        .column('expires_at')
        .execute();
    },
  },
};
const env = { VELVET_SECRET: SECRET };

/** Calls the SDK API of `server` as the development project (or with a session's token). */
async function post(
  server: VelvetServer,
  path: string,
  body: unknown,
  secret?: string,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON fields.
): Promise<any> {
  const credentials = `${DEVELOPMENT_PUBLIC_TOKEN}:${secret ?? DEVELOPMENT_PUBLIC_TOKEN}`;
  const response = await fetch(`${server.url}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  assert.equal(response.status, 200, `${path} on ${server.url}: ${text}`);
  return unwrapSuccess(JSON.parse(text));
}

/** Sends a passcode to `phone` through `server`; resolves to the method and the code. */
async function send(server: VelvetServer, phone: string) {
  const sent = await post(server, '/otps/sms/login_or_create', { phone_number: phone });
  return { methodId: String(sent.method_id), code: await server.lastCode(phone) };
}

/** Checks `code` on `server`; resolves to the new session's token. */
async function check(server: VelvetServer, sent: { methodId: string; code: string }) {
  const signedIn = await post(server, '/otps/authenticate', {
    token: sent.code,
    method_id: sent.methodId,
    session_duration_minutes: 60,
  });
  return { token: String(signedIn.session_token), sessionId: String(signedIn.session.session_id) };
}

/** Asserts that the session authenticates on `server`. */
async function authenticates(server: VelvetServer, session: { token: string; sessionId: string }) {
  const answer = await post(server, '/sessions/authenticate', {}, session.token);
  assert.equal(answer.session.session_id, session.sessionId);
}

describe(`upgrading from the previous release (${PREVIOUS_RELEASE.commit.slice(0, 7)})`, () => {
  let release: ReleaseTree;
  const servers: VelvetServer[] = [];
  const databases: TestDatabase[] = [];
  before(async () => {
    release = await checkoutRelease(PREVIOUS_RELEASE.commit);
  });
  after(async () => {
    for (const server of servers.reverse()) await server.stop();
    for (const database of databases) await database.drop();
    release?.remove();
  });

  test('rolling: the old and the new server share the database the new one migrated', async () => {
    const old = await startVelvet({ root: release.dir, env });
    servers.push(old);
    const pending = await send(old, '+14155550181');
    const before = await check(old, await send(old, '+14155550182'));

    const current = await startVelvet({ database: old.database, env });
    servers.push(current);
    // The next release's step lands while both serve (the running servers never re-read the
    // migration list, so neither refuses the step it does not know).
    const { db } = await openDatabase(old.database);
    try {
      await migrateToLatest(db, mergeMigrations([ALL_MIGRATIONS, PLANTED_EXPANSION]));
    } finally {
      await db.destroy();
    }

    // A passcode sent by the old server before the upgrade checks on the new one.
    const afterUpgrade = await check(current, pending);
    // The old server still sends and checks on the migrated database, and across to the new.
    const onOld = await check(old, await send(old, '+14155550183'));
    const oldToNew = await check(current, await send(old, '+14155550184'));
    const newToOld = await check(old, await send(current, '+14155550185'));
    const onNew = await check(current, await send(current, '+14155550186'));
    // Every session authenticates on both, wherever it was made.
    for (const session of [before, afterUpgrade, onOld, oldToNew, newToOld, onNew]) {
      await authenticates(old, session);
      await authenticates(current, session);
    }
  });

  // SQLite whatever the suite's database: run once, in the SQLite suite.
  const sqliteSuite = TEST_POSTGRES_URL ? 'the SQLite suite runs it' : false;
  test('stop and start on SQLite: the new server keeps the old one’s sessions and pending passcodes', {
    skip: sqliteSuite,
  }, async () => {
    const database = await createTestDatabase('');
    databases.push(database);
    const old = await startVelvet({ root: release.dir, env, database });
    const session = await check(old, await send(old, '+14155550191'));
    const pending = await send(old, '+14155550192');
    await old.stop();

    // The previous release knew the migrations previous-release.ts says, no more, no fewer.
    const { db } = await openDatabase(database);
    try {
      assert.equal((await appliedMigrations(db)).at(-1), PREVIOUS_RELEASE.lastMigration);
    } finally {
      await db.destroy();
    }

    const current = await startVelvet({ database, env });
    servers.push(current);
    await authenticates(current, session);
    await authenticates(current, await check(current, pending));
  });
});
