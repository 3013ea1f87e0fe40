import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { Store } from '../store.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { consumeOnce, purgeBefore } from './purge.js';

let database: TestDatabase;
let store: Store;
before(async () => {
  database = await createTestDatabase();
  store = await Store.open(database, ALL_MIGRATIONS);
});
after(async () => {
  await store.close();
  await database.drop();
});

test('a purge in batches deletes every expired row, and only those', async () => {
  const { db } = store;
  // 1,050 expired rows (window_start 0 to 1,049) and 50 live ones, in batches of 100.
  const rows = Array.from({ length: 1_100 }, (_, n) => ({
    bucket: `bucket-${n}`,
    window_start: n,
    hits: n % 2,
  }));
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('rate_limits')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  const deleted = await purgeBefore(db, {
    table: 'rate_limits',
    column: 'window_start',
    before: 1_050,
    batchRows: 100,
  });
  assert.equal(deleted, 1_050);
  const left = await db.selectFrom('rate_limits').select('window_start').execute();
  assert.equal(left.length, 50);
  assert.ok(left.every((row) => Number(row.window_start) >= 1_050));
});

test('a purge deletes only the rows that meet its further condition', async () => {
  const { db } = store;
  await db.deleteFrom('rate_limits').execute();
  const rows = Array.from({ length: 250 }, (_, n) => ({
    bucket: `odd-or-even-${n}`,
    window_start: 1,
    hits: n % 2,
  }));
  await db.insertInto('rate_limits').values(rows).execute();
  const deleted = await purgeBefore(db, {
    table: 'rate_limits',
    column: 'window_start',
    before: 2,
    where: sql`hits = 1`,
    batchRows: 40,
  });
  assert.equal(deleted, 125);
  const left = await db.selectFrom('rate_limits').select('hits').execute();
  assert.equal(left.length, 125);
  assert.ok(left.every((row) => Number(row.hits) === 0));
});

describe('consumeOnce: the single-use primitive every secret goes through', () => {
  const NOW = 1_000_000;
  const start = (id: string, expiresAt: number, nonce = 'n') => ({
    oauth_callback_id: id,
    project_id: 'project-test-consume',
    nonce,
    expires_at: expiresAt,
    consumed_at: null,
    created_at: 0,
  });
  const rowOf = (id: string) =>
    store.db
      .selectFrom('one_tap_starts')
      .selectAll()
      .where('oauth_callback_id', '=', id)
      .executeTakeFirstOrThrow();

  test('a live secret is consumed once; a second use is refused and changes nothing', async () => {
    const consume = consumeOnce(store.db, { table: 'one_tap_starts', key: 'oauth_callback_id' });
    await store.db
      .insertInto('one_tap_starts')
      .values(start('once', NOW + 10))
      .execute();
    assert.equal(await consume({ key: 'once', now: NOW }), true);
    assert.equal(Number((await rowOf('once')).consumed_at), NOW);
    assert.equal(await consume({ key: 'once', now: NOW + 1 }), false);
    assert.equal(Number((await rowOf('once')).consumed_at), NOW, 'the first use stands');
  });

  test('an expired or unknown secret is refused and its row is left as it was', async () => {
    const consume = consumeOnce(store.db, { table: 'one_tap_starts', key: 'oauth_callback_id' });
    await store.db.insertInto('one_tap_starts').values(start('expired', NOW)).execute();
    assert.equal(await consume({ key: 'expired', now: NOW }), false);
    assert.equal((await rowOf('expired')).consumed_at, null);
    assert.equal(await consume({ key: 'nobody', now: NOW }), false);
  });

  test('of many simultaneous uses of one secret, exactly one wins', async () => {
    const consume = consumeOnce(store.db, { table: 'one_tap_starts', key: 'oauth_callback_id' });
    await store.db
      .insertInto('one_tap_starts')
      .values(start('raced', NOW + 1))
      .execute();
    const wins = await Promise.all(
      Array.from({ length: 12 }, () => consume({ key: 'raced', now: NOW })),
    );
    assert.equal(wins.filter(Boolean).length, 1);
  });

  test('a further condition and further columns hold in the same statement', async () => {
    const consume = consumeOnce<{ nonce: string }>(store.db, {
      table: 'one_tap_starts',
      key: 'oauth_callback_id',
      alsoSet: sql`nonce = ''`,
      where: (a) => sql`nonce = ${a.nonce}`,
    });
    await store.db
      .insertInto('one_tap_starts')
      .values(start('guarded', NOW + 1, 'right'))
      .execute();
    assert.equal(await consume({ key: 'guarded', now: NOW, nonce: 'wrong' }), false);
    assert.equal((await rowOf('guarded')).nonce, 'right', 'a refusal changes nothing');
    assert.equal(await consume({ key: 'guarded', now: NOW, nonce: 'right' }), true);
    const row = await rowOf('guarded');
    assert.equal(row.nonce, '');
    assert.equal(Number(row.consumed_at), NOW);
  });
});
