import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { Store } from '../store.js';

/** The permission bits of `path`. */
const mode = (path: string) => statSync(path).mode & 0o777;

test('the SQLite database and its journal are readable by the server’s user only', async () => {
  const root = mkdtempSync(join(tmpdir(), 'velvet-perm-'));
  try {
    const dataDir = join(root, 'data');
    const sqlitePath = join(dataDir, 'velvet.db');
    const store = await Store.open({ sqlitePath }, ALL_MIGRATIONS);
    await store.telemetry.count('project-test-p', 'render_login_screen', '2025-07-26', 1);
    assert.equal(mode(dataDir), 0o700, 'the data directory it created');
    assert.equal(mode(sqlitePath), 0o600);
    assert.equal(mode(`${sqlitePath}-wal`), 0o600);
    await store.close();

    // A database left world-readable by an earlier version is made private at start.
    const old = join(root, 'old.db');
    writeFileSync(old, '');
    chmodSync(old, 0o644);
    const again = await Store.open({ sqlitePath: old }, ALL_MIGRATIONS);
    assert.equal(mode(old), 0o600);
    await again.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
