/**
 * The development outbox lives in the database: two development processes on one database
 * (PostgreSQL with `npm run test:server:pg`) show the same messages at `/dev/outbox`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../config/config.js';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';

const auth = `Basic ${Buffer.from(`${DEVELOPMENT_PUBLIC_TOKEN}:${DEVELOPMENT_PUBLIC_TOKEN}`).toString('base64')}`;

async function sendCode(server: VelvetServer, phone: string): Promise<void> {
  const response = await fetch(`${server.url}/sdk/v1/otps/sms/login_or_create`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: phone }),
  });
  assert.equal(response.status, 200, await response.text());
}

describe('the development outbox across two processes on one database', () => {
  let a: VelvetServer;
  let b: VelvetServer;
  before(async () => {
    a = await startVelvet();
    b = await startVelvet({ database: a.database });
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
  });

  test('a code sent through one process is listed by the other, newest first', async () => {
    const phone = '+14155550971';
    await sendCode(a, phone);
    const [first] = await b.outbox(phone);
    assert.ok(first, 'the other process lists the message');
    assert.equal(first.channel, 'sms');
    assert.match(first.text, /\b\d{6}\b/);
    await sendCode(b, phone);
    const fromA = await a.outbox(phone);
    assert.equal(fromA.length, 2);
    assert.equal(await a.lastCode(phone), await b.lastCode(phone));
    assert.notEqual(fromA[0]?.text, first.text, 'the newest message comes first');
    assert.deepEqual(await b.outbox(phone), fromA);
  });
});
