/**
 * Migrations as an operator sees them, on the real server in a child process: a start that
 * migrates logs each step and where the schema went, one that finds it current logs nothing,
 * and a server older than its database refuses to start in one line.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { Store } from '../store.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';
import { mergeMigrations } from './migrator.js';

const root = join(import.meta.dirname, '..', '..');
const names = Object.keys(ALL_MIGRATIONS).sort();

/** The JSON lines of a server's log. */
function jsonLines(server: VelvetServer): Array<Record<string, unknown>> {
  return server
    .log()
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('migrations at start', () => {
  const servers: VelvetServer[] = [];
  const databases: TestDatabase[] = [];
  after(async () => {
    for (const server of servers.reverse()) await server.stop();
    for (const database of databases) await database.drop();
  });

  test('a start that migrates logs each step and a summary; a start on a current database logs none', async () => {
    const first = await startVelvet();
    servers.push(first);
    const lines = jsonLines(first);
    const steps = lines.filter((line) => typeof line.migration === 'string');
    assert.deepEqual(
      steps.map((line) => line.migration),
      names,
    );
    for (const step of steps) {
      assert.equal(typeof step.ms, 'number');
      assert.equal(step.msg, `database migration ${step.migration} applied in ${step.ms} ms`);
    }
    const summary = lines.find((line) => String(line.msg).startsWith('database migrated'));
    assert.match(
      String(summary?.msg),
      new RegExp(
        `^database migrated from migration 0 \\(empty\\) to migration ${names.length} \\(${names.at(-1)}\\) in \\d+ ms$`,
      ),
    );
    assert.deepEqual(summary?.to, { count: names.length, name: names.at(-1) });

    const second = await startVelvet({ database: first.database });
    servers.push(second);
    assert.deepEqual(
      second.log().filter((line) => line.includes('database migrat')),
      [],
      'a start on a current database logs no migration',
    );
  });

  test('a server that knows fewer migrations than its database refuses to start in one line', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const future = '2099-01-01-01-from-the-future';
    const newer = mergeMigrations([ALL_MIGRATIONS, { [future]: { up: async () => undefined } }]);
    await (await Store.open(database, newer)).close();

    const start = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: '0',
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
      },
      encoding: 'utf8',
      // Kills a start that never stops, never a slow one (tsx compiles the server first).
      timeout: 600_000,
    });
    assert.equal(start.status, 1, start.stdout + start.stderr);
    assert.deepEqual(start.stderr.trimEnd().split('\n'), [
      `velvet: the database is at migration ${names.length + 1} (${future}), this server knows up to migration ${names.length} (${names.at(-1)}): upgrade the server or restore a backup`,
    ]);
    assert.doesNotMatch(start.stdout, /Server listening/);
  });
});
