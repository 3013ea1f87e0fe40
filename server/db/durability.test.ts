import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../config/config.js';
import { loadOrCreateSecret } from '../config/secret.js';
import { PasscodesRepository } from '../products/otp/passcodes-repository.js';
import { clientKey } from '../rate-limit/client-key.js';
import { Store } from '../store.js';
import { unwrapSuccess } from '../test/api-assertions.js';
import { basicAuth } from '../test/test-server.js';
import { startVelvet } from '../test/velvet-process.js';

test('a crash right after an acknowledged write loses nothing', async () => {
  const velvet = await startVelvet();
  try {
    const phones = ['+14155550501', '+14155550502', '+14155550503'];
    const answers = await Promise.all(
      phones.map(async (phone_number) => {
        const response = await fetch(`${velvet.url}/sdk/v1/otps/sms/login_or_create`, {
          method: 'POST',
          headers: {
            authorization: basicAuth(DEVELOPMENT_PUBLIC_TOKEN, DEVELOPMENT_PUBLIC_TOKEN),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ phone_number }),
        });
        return {
          status: response.status,
          body: unwrapSuccess(await response.json()) as { user_id: string; method_id: string },
        };
      }),
    );
    // Killed without any chance to flush or close.
    await velvet.crash();
    for (const answer of answers) assert.equal(answer.status, 200);

    const { databaseUrl, sqlitePath } = velvet.database;
    const store = await Store.open({ databaseUrl, sqlitePath }, ALL_MIGRATIONS);
    try {
      const project = await store.projects.findByPublicToken(DEVELOPMENT_PUBLIC_TOKEN);
      assert.ok(project);
      for (const [index, phone] of phones.entries()) {
        const method = await store.users.findByDestination(project.projectId, 'phone', phone);
        assert.equal(method?.userId, answers[index]?.body.user_id, `${phone} survived the crash`);
        const passcode = await new PasscodesRepository(store.db).current(
          answers[index]?.body.method_id ?? '',
          clientKey(loadOrCreateSecret(undefined, velvet.database.dataDir), '127.0.0.1'),
        );
        assert.ok(passcode, `the passcode for ${phone} survived the crash`);
      }
    } finally {
      await store.close();
    }
  } finally {
    await velvet.stop();
  }
});
