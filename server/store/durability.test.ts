import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../config/config.js';
import { createTestDatabase } from '../test/test-database.js';
import { basicAuth } from '../test/test-server.js';
import { Store } from './store.js';

test('a crash right after an acknowledged write loses nothing', async () => {
  const database = await createTestDatabase();
  const root = join(import.meta.dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      VELVET_CONFIG: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
    });
    const phones = ['+14155550501', '+14155550502', '+14155550503'];
    const answers = await Promise.all(
      phones.map((phone_number) =>
        fetch(`${url}/sdk/v1/otps/sms/login_or_create`, {
          method: 'POST',
          headers: {
            authorization: basicAuth(DEVELOPMENT_PUBLIC_TOKEN, DEVELOPMENT_PUBLIC_TOKEN),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ phone_number }),
        }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { user_id: string; method_id: string },
        })),
      ),
    );
    // Killed without any chance to flush or close.
    child.kill('SIGKILL');
    await once(child, 'exit');
    for (const answer of answers) assert.equal(answer.status, 200);

    const store = await Store.open({
      databaseUrl: database.databaseUrl,
      sqlitePath: database.sqlitePath,
    });
    try {
      const project = await store.projects.findByPublicToken(DEVELOPMENT_PUBLIC_TOKEN);
      assert.ok(project);
      for (const [index, phone] of phones.entries()) {
        const method = await store.users.findByDestination(project.projectId, 'phone', phone);
        assert.equal(method?.userId, answers[index]?.body.user_id, `${phone} survived the crash`);
        const passcode = await store.passcodes.current(answers[index]?.body.method_id ?? '');
        assert.ok(passcode, `the passcode for ${phone} survived the crash`);
      }
    } finally {
      await store.close();
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await database.drop();
  }
});
