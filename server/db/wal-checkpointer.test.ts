import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { eventually } from '../test/eventually.js';
import { openSqlite } from './sqlite-dialect.js';
import { WAL_SIZE_LIMIT_BYTES, WalCheckpointer } from './wal-checkpointer.js';

/** The WAL file's size in bytes (0 when there is none). */
function walBytes(path: string): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

test('the checkpoint worker copies the WAL into the database file, and nothing is lost', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'velvet-wal-'));
  try {
    const path = join(dir, 'velvet.db');
    const first = openSqlite(path);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(first.db);
    // Fewer writes than make the WAL outgrow its limit (which a checkpoint would truncate).
    for (let n = 0; n < 600; n++) {
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
      assert.equal(Number(rows[0]?.count), 601);
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

test('a checkpoint of a WAL grown past its limit truncates the file, so the disk it took returns', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'velvet-wal-'));
  try {
    const path = join(dir, 'velvet.db');
    const opened = openSqlite(path);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(opened.db);
    // A burst of writes between checkpoints: the WAL grows past its limit.
    for (let n = 0; n < 1_500; n++) {
      await sql`INSERT INTO notes (body) VALUES (${'x'.repeat(4_000)})`.execute(opened.db);
    }
    assert.ok(walBytes(path) > WAL_SIZE_LIMIT_BYTES, `the WAL holds ${walBytes(path)} bytes`);
    await opened.durable();
    const checkpoint = opened.checkpoint;
    assert.ok(checkpoint);
    await checkpoint();
    assert.equal(walBytes(path), 0, 'the WAL file is truncated');
    // Writes go on into the truncated WAL, and nothing was lost.
    await sql`INSERT INTO notes (body) VALUES ('after')`.execute(opened.db);
    const { rows } = await sql<{ count: number }>`SELECT count(*) AS count FROM notes`.execute(
      opened.db,
    );
    assert.equal(Number(rows[0]?.count), 1_501);
    await opened.db.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('writes too few to ask for a checkpoint get one a moment later, without another write', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'velvet-wal-'));
  const path = join(dir, 'velvet.db');
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('wal_autocheckpoint = 0');
  raw.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const checkpointer = new WalCheckpointer(path, 200);
  try {
    // One write, but a large one, as the checkpointer starts: not enough to ask for one at once.
    const insert = raw.prepare('INSERT INTO notes (body) VALUES (?)');
    raw.transaction(() => {
      for (let n = 0; n < 1_500; n++) insert.run('x'.repeat(4_000));
    })();
    assert.ok(walBytes(path) > WAL_SIZE_LIMIT_BYTES);
    checkpointer.wrote(1);
    await eventually(() => walBytes(path) === 0, 'the WAL was checkpointed and truncated');
  } finally {
    // The worker does not hold the process open (a server's socket does): this waits for it.
    const open = setInterval(() => undefined, 1_000);
    await checkpointer.close();
    clearInterval(open);
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
