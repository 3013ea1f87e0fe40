import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { MIGRATION_TABLE } from '../db/migrator.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { ServerLifecycle } from './lifecycle.js';

describe('the health and readiness probes', () => {
  let server: TestServer;
  const lifecycle = new ServerLifecycle();
  before(async () => {
    server = await startTestServer({ lifecycle });
  });
  after(() => server.close());

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    return { status: response.status, body: await response.json() };
  };

  test('a serving process on a current database is alive and ready', async () => {
    assert.deepEqual(await get('/healthz'), { status: 200, body: { status: 'ok' } });
    assert.deepEqual(await get('/readyz'), {
      status: 200,
      body: {
        status: 'ready',
        not_ready: [],
        checks: { lifecycle: 'serving', database: 'ok', migrations: 'current' },
      },
    });
  });

  test('a migration the database has not applied makes it unready, naming the migration', async () => {
    const [latest] = await sql<{ name: string; timestamp: string }>`
      SELECT name, timestamp FROM ${sql.table(MIGRATION_TABLE)} ORDER BY name DESC LIMIT 1`
      .execute(server.store.db)
      .then((result) => result.rows);
    assert.ok(latest);
    await sql`DELETE FROM ${sql.table(MIGRATION_TABLE)} WHERE name = ${latest.name}`.execute(
      server.store.db,
    );
    try {
      const ready = await get('/readyz');
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.body.not_ready, ['migrations']);
      assert.equal(ready.body.checks.migrations, 'pending');
      assert.deepEqual(ready.body.pending_migrations, [latest.name]);
      assert.equal((await get('/healthz')).status, 200);
    } finally {
      await sql`INSERT INTO ${sql.table(MIGRATION_TABLE)} (name, timestamp) VALUES (${latest.name}, ${latest.timestamp})`.execute(
        server.store.db,
      );
    }
    assert.equal((await get('/readyz')).status, 200);
  });

  test('a draining process is unready but alive, and still serves', async () => {
    lifecycle.startDraining();
    const ready = await get('/readyz');
    assert.equal(ready.status, 503);
    assert.deepEqual(ready.body, {
      status: 'not_ready',
      not_ready: ['shutdown'],
      checks: { lifecycle: 'draining', database: 'ok', migrations: 'current' },
    });
    assert.deepEqual(await get('/healthz'), { status: 200, body: { status: 'ok' } });
    const bootstrap = await server.api(`/projects/bootstrap/${server.project.publicToken}`);
    assert.equal(bootstrap.status, 200);
  });
});
