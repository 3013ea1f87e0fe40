import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openSqlite } from './sqlite-dialect.js';

test('the checkpoint worker copies the WAL into the database file, and nothing is lost', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'velvet-wal-'));
  try {
    const path = join(dir, 'velvet.db');
    const first = openSqlite(path);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(first.db);
    for (let n = 0; n < 2_000; n++) {
      await sql`INSERT INTO notes (body) VALUES (${`note ${n} ${'x'.repeat(200)}`})`.execute(
        first.db,
      );
    }
    await first.durable();
    const checkpoint = first.checkpoint;
    assert.ok(checkpoint);
    const result = await checkpoint();
    assert.equal(result.busy, 0);
    assert.ok(result.log > 0, 'the WAL held the writes');
    assert.equal(result.checkpointed, result.log, 'every frame reached the database file');
    // Writes go on after a checkpoint, and a second one copies them too.
    await sql`INSERT INTO notes (body) VALUES ('after')`.execute(first.db);
    await first.durable();
    const again = await checkpoint();
    assert.equal(again.checkpointed, again.log);
    await first.db.destroy();

    const reopened = openSqlite(path);
    try {
      const { rows } = await sql<{ count: number }>`SELECT count(*) AS count FROM notes`.execute(
        reopened.db,
      );
      assert.equal(Number(rows[0]?.count), 2_001);
    } finally {
      await reopened.db.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a closed database starts no checkpoint, and removing its folder at once breaks nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'velvet-wal-'));
  const path = join(dir, 'velvet.db');
  const opened = openSqlite(path);
  await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(opened.db);
  for (let n = 0; n < 600; n++) {
    await sql`INSERT INTO notes (body) VALUES (${`note ${n}`})`.execute(opened.db);
  }
  // Enough writes for the checkpointer to ask its worker for a checkpoint as they reach disk.
  await opened.durable();
  await opened.db.destroy();
  rmSync(dir, { recursive: true, force: true });
  const checkpoint = opened.checkpoint;
  assert.ok(checkpoint);
  await assert.rejects(checkpoint(), /the database is closed/);
});
