import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { purgeBefore } from './purge.js';
import { Store } from './store.js';

let database: TestDatabase;
let store: Store;
before(async () => {
  database = await createTestDatabase();
  store = await Store.open(database);
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
