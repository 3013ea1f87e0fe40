/**
 * The host commands refuse a database they must not touch in one line, as the server does: a
 * database a newer server migrated (after a downgrade) and a data folder that is a file. Run as
 * child processes, as a host types them.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { mergeMigrations } from '../db/migrator.js';
import { Store } from '../store.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** Only for a command that never ends: a start took over 30 s on a loaded two-core machine. */
const CLI_TIMEOUT_MS = 600_000;
const FUTURE = '2099-01-01-01-from-the-future';

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** Runs `server/cli/<command>.ts` with `args` against `env`; its exit code and output. */
function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.NODE_TEST_CONTEXT;
  delete childEnv.NODE_ENV;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/cli/${command}.ts`, ...args],
      { cwd: ROOT, env: childEnv, timeout: CLI_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** The environment of a command on `database` (its config names no project: the default one). */
function envFor(database: { dataDir: string; databaseUrl?: string }): NodeJS.ProcessEnv {
  return { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' };
}

const COMMANDS: [string, string[]][] = [
  ['guests', ['list']],
  ['impersonate', ['--user', 'user-test-00000000-0000-4000-8000-000000000000', '--by', 'host']],
];

test('after a downgrade, guests and impersonate name both versions in one line and change nothing', async () => {
  const database: TestDatabase = await createTestDatabase();
  cleanups.push(() => database.drop());
  const newer = mergeMigrations([ALL_MIGRATIONS, { [FUTURE]: { up: async () => undefined } }]);
  await (await Store.open(database, newer)).close();
  const known = Object.keys(ALL_MIGRATIONS).length;

  for (const [command, args] of COMMANDS) {
    const run = await runCommand(command, args, envFor(database));
    assert.equal(run.code, 1, `${command}: ${run.stdout}${run.stderr}`);
    assert.equal(
      run.stderr,
      `${command}: the database is at migration ${known + 1} (${FUTURE}), this server knows up to migration ${known} (${Object.keys(ALL_MIGRATIONS).sort().at(-1)}): upgrade the server or restore a backup\n`,
    );
  }
  // The newer server still opens it as it left it.
  const reopened = await Store.open(database, newer);
  await reopened.close();
  assert.deepEqual(reopened.migrated?.applied, []);
});

test('a data folder that is a file is one line naming DATA_DIR, from both commands', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'velvet-command-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'not-a-folder');
  writeFileSync(file, 'a file where the data folder should be\n');

  for (const [command, args] of COMMANDS) {
    const run = await runCommand(command, args, { DATA_DIR: file, DATABASE_URL: '' });
    assert.equal(run.code, 1, `${command}: ${run.stdout}${run.stderr}`);
    assert.match(
      run.stderr,
      new RegExp(
        `^${command}: Invalid setting DATA_DIR: cannot keep the data in .* \\(a file is in the way of the folder\\)\\n$`,
      ),
    );
  }
});
