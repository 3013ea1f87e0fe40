import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecentMap } from './recent-map.js';

test('a RecentMap keeps the entries set most recently, up to its limit', () => {
  const map = new RecentMap<string, number>(2);
  map.set('a', 1);
  map.set('b', 2);
  map.set('a', 3); // 'a' is the newest again
  map.set('c', 4); // over the limit: the oldest, 'b', goes
  assert.equal(map.get('a'), 3);
  assert.equal(map.get('b'), undefined);
  assert.equal(map.get('c'), 4);
  map.delete('a');
  assert.equal(map.get('a'), undefined);
  map.set('d', 5);
  assert.equal(map.get('c'), 4, 'one deleted: room for one more without dropping');
});
