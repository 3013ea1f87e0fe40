/**
 * The server weathers a database outage: it stays up, answers `503` with `Retry-After` and the
 * `database_unavailable` type while the database is gone, serves again by itself once it is
 * back, and loses no write it acknowledged. Each server runs as a real process, where a crash
 * (an unhandled `'error'` event on a dropped connection) would end it.
 */
import assert from 'node:assert/strict';
import { describe, type TestContext, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { eventually, eventuallyResolves } from '../test/eventually.js';
import {
  badAnswers,
  LOAD_CONFIG,
  type SignInLoad,
  sessionStatus,
  startSignInLoad,
} from '../test/sign-in-load.js';
import { startTcpProxy } from '../test/tcp-proxy.js';
import { createTestDatabase, TEST_POSTGRES_URL } from '../test/test-database.js';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';

/** How long the proxy keeps the database away. */
const OUTAGE_MS = 5_000;

/** What went wrong, for an assertion's message: the first few bad answers. */
function describeAnswers(load: SignInLoad): string {
  return badAnswers(load.answers)
    .slice(0, 5)
    .map(
      (answer) => `${answer.path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
    )
    .join('\n');
}

/** Fails unless the process still runs, with the end of its log. */
function assertAlive(velvet: VelvetServer): void {
  assert.ok(velvet.alive(), `the process is alive:\n${velvet.log().slice(-20).join('\n')}`);
}

/**
 * After an outage: the process is alive, every answer was a success or a proper 503, a sign-in
 * succeeds again, and every session acknowledged before, during and after is still valid.
 */
async function assertWeathered(
  t: TestContext,
  velvet: VelvetServer,
  load: SignInLoad,
): Promise<void> {
  const signedInBefore = load.sessions.length;
  await eventually(
    () => load.sessions.length > signedInBefore || !velvet.alive(),
    'a sign-in succeeds after the outage',
  );
  await load.stop();
  assertAlive(velvet);
  assert.deepEqual(badAnswers(load.answers), [], describeAnswers(load));
  const health = await fetch(`${velvet.url}/healthz`);
  assert.equal(health.status, 200);
  await eventuallyResolves(
    async () => (await fetch(`${velvet.url}/readyz`)).status === 200,
    'ready again',
  );
  const statuses = await Promise.all(
    load.sessions.map((token) => sessionStatus(velvet.url, token)),
  );
  assert.deepEqual(
    statuses.filter((status) => status !== 200),
    [],
    `all ${load.sessions.length} acknowledged sessions are still valid`,
  );
  const refused = load.answers.filter((answer) => answer.status === 503).length;
  t.diagnostic(
    `${load.answers.length} answers, ${refused} of them 503; ${load.sessions.length} sessions acknowledged, all valid after`,
  );
}

describe('a PostgreSQL outage', { skip: !TEST_POSTGRES_URL && 'PostgreSQL only: --pg' }, () => {
  test('terminating every connection of the server again and again under load', async (t) => {
    const velvet = await startVelvet({ config: LOAD_CONFIG });
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    const load = startSignInLoad(velvet.url);
    try {
      const database = new URL(velvet.database.databaseUrl ?? '').pathname.slice(1);
      for (let round = 0; round < 6; round++) {
        const signedIn = load.sessions.length;
        await eventually(
          () => load.sessions.length >= signedIn + 3 || !velvet.alive(),
          `sign-ins go on before round ${round}`,
        );
        assertAlive(velvet);
        const { rowCount } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [database],
        );
        assert.ok((rowCount ?? 0) > 0, 'the server had connections to terminate');
      }
      await assertWeathered(t, velvet, load);
    } finally {
      await load.stop();
      await admin.end();
      await velvet.stop();
    }
  });

  test('a proxy that drops every connection and refuses new ones for 5 s', async (t) => {
    const target = new URL(TEST_POSTGRES_URL ?? '');
    const proxy = await startTcpProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    const database = await createTestDatabase();
    const proxied = new URL(database.databaseUrl ?? '');
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const velvet = await startVelvet({
      config: LOAD_CONFIG,
      database: { ...database, databaseUrl: proxied.toString() },
    });
    const load = startSignInLoad(velvet.url);
    try {
      await eventually(() => load.sessions.length >= 3 || !velvet.alive(), 'sign-ins go on');
      await proxy.cut();
      const answered = load.answers.length;
      await eventually(
        () =>
          load.answers.slice(answered).some((answer) => answer.status === 503) || !velvet.alive(),
        'a 503 while the database is away',
      );
      assertAlive(velvet);
      const ready = await fetch(`${velvet.url}/readyz`);
      assert.equal(ready.status, 503);
      assert.deepEqual((await ready.json()).not_ready, ['database']);
      assert.equal((await fetch(`${velvet.url}/healthz`)).status, 200);
      // The outage lasts a set time whatever the server does: this is the scenario, not a wait.
      await sleep(OUTAGE_MS);
      await proxy.resume();
      await assertWeathered(t, velvet, load);
    } finally {
      await load.stop();
      await velvet.stop();
      await proxy.close();
      await database.drop();
    }
  });
});

test('a SQLite database another process holds locked answers 503 with Retry-After, then serves', async (t) => {
  const velvet = await startVelvet({ config: LOAD_CONFIG, postgresUrl: '' });
  const other = new BetterSqlite3(velvet.database.sqlitePath);
  try {
    other.exec('BEGIN IMMEDIATE');
    const locked = startSignInLoad(velvet.url, 1);
    await eventually(
      () => locked.answers.some((answer) => answer.status !== 200) || !velvet.alive(),
      'an answer while the database is locked',
    );
    await locked.stop();
    const refused = locked.answers.find((answer) => answer.status !== 200);
    assert.equal(refused?.status, 503, JSON.stringify(refused?.body));
    assert.equal(refused?.body.error_type, 'database_unavailable');
    assert.ok(Number(refused?.retryAfter) > 0, 'Retry-After says when to try again');
    other.exec('ROLLBACK');
    const load = startSignInLoad(velvet.url, 1);
    await assertWeathered(t, velvet, load);
  } finally {
    other.close();
    await velvet.stop();
  }
});
