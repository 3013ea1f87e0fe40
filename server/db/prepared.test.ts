import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { Store } from '../store.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { prepare } from './prepared.js';

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

test('a prepared query binds each call’s values, inside and outside a transaction', async () => {
  const { db } = store;
  const insert = prepare(db, (a: { bucket: string; hits: number }) =>
    db.insertInto('rate_limits').values({ bucket: a.bucket, window_start: 5, hits: a.hits }),
  );
  const find = prepare(db, (a: { bucket: string }) =>
    db
      .selectFrom('rate_limits')
      .select(['bucket', 'hits', 'window_start'])
      .where('bucket', '=', a.bucket),
  );
  assert.equal(await insert.run({ bucket: 'a', hits: 1 }), 1);
  await db.transaction().execute(async (tx) => {
    await insert.run({ bucket: 'b', hits: 2 }, tx);
  });
  assert.deepEqual(await find.first({ bucket: 'b' }), { bucket: 'b', hits: 2, window_start: 5 });
  assert.deepEqual(await find.all({ bucket: 'a' }), [{ bucket: 'a', hits: 1, window_start: 5 }]);
  assert.equal(await find.first({ bucket: 'none' }), undefined);
});

test('an argument that decides the query’s shape, or spread arguments, are refused', () => {
  const { db } = store;
  assert.throws(
    () =>
      prepare(db, (a: { limit: number | null }) =>
        a.limit === null
          ? db.selectFrom('rate_limits').selectAll()
          : db.selectFrom('rate_limits').selectAll().where('hits', '>', 1),
      ),
    /argument limit is not a plain parameter/,
  );
  assert.throws(
    () =>
      prepare(db, (a: { bucket: string; window_start: number; hits: number }) =>
        db.insertInto('rate_limits').values({ ...a }),
      ),
    /name each argument/,
  );
});
