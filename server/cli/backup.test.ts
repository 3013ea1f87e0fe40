import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../config/config.js';
import { unwrapSuccess } from '../test/api-assertions.js';
import type { TestDatabase } from '../test/test-database.js';
import { basicAuth } from '../test/test-server.js';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';

const root = join(import.meta.dirname, '..', '..');
const SECRET = 'backup-test-secret-0123456789abcdef0123456789';

/** Runs `npm run backup -- …args` as npm does (from the project's folder); its exit code and output. */
async function backup(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

/** A POST to `/sdk/v1{path}` on the development project: its status and body. */
async function call(
  server: VelvetServer,
  path: string,
  body: unknown,
  secret?: string,
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers.
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(DEVELOPMENT_PUBLIC_TOKEN, secret ?? DEVELOPMENT_PUBLIC_TOKEN),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  return { status: response.status, body: response.ok ? unwrapSuccess(json) : json };
}

/** A sign-in by SMS on the development project: its session token and JWT. */
async function signIn(server: VelvetServer, phone: string) {
  const sent = await call(server, '/otps/sms/login_or_create', { phone_number: phone });
  assert.equal(sent.status, 200);
  const signedIn = await call(server, '/otps/authenticate', {
    token: await server.lastCode(phone),
    method_id: sent.body.method_id,
    session_duration_minutes: 60,
  });
  assert.equal(signedIn.status, 200);
  return { token: signedIn.body.session_token as string, jwt: signedIn.body.session_jwt as string };
}

test('a backup of a serving SQLite database restores into a new data dir, its sessions authenticating', async () => {
  const work = mkdtempSync(join(tmpdir(), 'velvet-backup-'));
  const file = join(work, 'velvet-backup.db');
  const live = await startVelvet({ postgresUrl: '', env: { VELVET_SECRET: SECRET } });
  let restored: VelvetServer | undefined;
  try {
    const session = await signIn(live, '+14155550191');

    // Requests keep coming while the backup runs: session checks, and sign-ups that write (a
    // few: sends per address are limited).
    let serving = true;
    const statuses: number[] = [];
    const load = (async () => {
      for (let n = 0; serving; n++) {
        const answer =
          n % 2 === 0 || n > 20
            ? await call(live, '/sessions/authenticate', {}, session.token)
            : await call(live, '/otps/sms/login_or_create', {
                phone_number: `+141555502${String(n).padStart(2, '0')}`,
              });
        statuses.push(answer.status);
      }
    })();
    const made = await backup([file], { DATA_DIR: live.database.dataDir });
    serving = false;
    await load;
    assert.equal(made.code, 0, made.output);
    assert.match(made.output, /backed up .* to .*velvet-backup\.db/);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'the backup is readable by its owner only');
    assert.ok(statuses.length > 0 && statuses.every((status) => status === 200), `${statuses}`);

    const size = statSync(file).size;
    const again = await backup([file], { DATA_DIR: live.database.dataDir });
    assert.equal(again.code, 1);
    assert.match(again.output, /exists: a backup never overwrites a file/);
    assert.equal(statSync(file).size, size, 'the first backup is left as it was');

    // Restored into a new data dir, with the same secret, on a new server.
    const dataDir = mkdtempSync(join(tmpdir(), 'velvet-restored-'));
    const sqlitePath = join(dataDir, 'velvet.db');
    copyFileSync(file, sqlitePath);
    const database: TestDatabase = {
      kind: 'sqlite',
      sqlitePath,
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
    restored = await startVelvet({ database, env: { VELVET_SECRET: SECRET } });
    const byToken = await call(restored, '/sessions/authenticate', {}, session.token);
    assert.equal(byToken.status, 200, JSON.stringify(byToken.body));
    const byJwt = await call(restored, '/sessions/authenticate', {}, session.jwt);
    assert.equal(byJwt.status, 200, JSON.stringify(byJwt.body));
    await restored.stop();
    await database.drop();
    restored = undefined;
  } finally {
    await restored?.stop();
    await live.stop();
    rmSync(work, { recursive: true, force: true });
  }
});

test('on PostgreSQL the backup command makes nothing and points to pg_dump in one line', async () => {
  const work = mkdtempSync(join(tmpdir(), 'velvet-backup-'));
  try {
    const file = join(work, 'never.db');
    const answer = await backup([file], {
      DATABASE_URL: 'postgres://velvet@127.0.0.1:5432/velvet',
    });
    assert.equal(answer.code, 1);
    assert.equal(answer.output.trim().split('\n').length, 1);
    assert.match(answer.output, /PostgreSQL: back it up with pg_dump: pg_dump /);
    assert.equal(existsSync(file), false);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
