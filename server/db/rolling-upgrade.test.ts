/**
 * Upgrading from the previous release (`previous-release.ts`), with its real server checked
 * out of git and run in a child process beside this one's:
 * - a rolling upgrade: the old server keeps serving on the database the new one migrated
 *   (PostgreSQL with `npm run test:server:pg`), and sends, passcode checks and sessions work on
 *   both and across them;
 * - a stop-and-start upgrade on SQLite: the new server opens the old one's file, migrates it,
 *   and keeps its sessions and pending passcodes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../config/config.js';
import { unwrapSuccess } from '../test/api-assertions.js';
import { checkoutRelease, type ReleaseTree } from '../test/release-tree.js';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../test/test-database.js';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';
import { openDatabase } from './database.js';
import { appliedMigrations } from './migrator.js';
import { PREVIOUS_RELEASE } from './previous-release.js';

const SECRET = 'rolling-upgrade-secret-0123456789abcdef';
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
