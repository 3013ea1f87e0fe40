/**
 * Equal answers for known and unknown addresses on the send routes (issue 29, item 8):
 * `send/primary` does the same work before its answer whatever the address, and makes and
 * delivers a known address's code or link only once the answer is out. Checked by the order of
 * the server's own log lines, never by timing: the request is logged as completed before the
 * message is made and sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../test/eventually.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

const LOGIN_URL = 'http://app.velvet.test/signed-in';

/** The log's lines as objects. */
type Line = { msg?: string; reqId?: string; req?: { url?: string } };

describe('send/primary answers before any work for a known address', () => {
  let server: TestServer;
  const lines: Line[] = [];
  before(async () => {
    server = await startTestServer({
      logLine: (line) => lines.push(JSON.parse(line)),
      project: {
        products: ['otp', 'emailMagicLinks'],
        otp: { methods: ['sms', 'email'] },
        emailMagicLinks: { loginRedirectURLs: [LOGIN_URL], signupRedirectURLs: [LOGIN_URL] },
      },
    });
  });
  after(() => server.close());

  /** Resolves once the log from `from` on has a line saying `message` (sent in the background). */
  async function logged(from: number, message: string): Promise<void> {
    await eventually(
      () => lines.slice(from).some((line) => line.msg === message),
      `${message} logged`,
    );
  }

  /** The log from `from` on: where the request to `url` completed and where `message` was sent. */
  function order(from: number, url: string, message: string) {
    const seen = lines.slice(from);
    const incoming = seen.find((line) => line.req?.url === url);
    const completed = seen.findIndex(
      (line) => line.msg === 'request completed' && line.reqId === incoming?.reqId,
    );
    const sent = seen.findIndex((line) => line.msg === message);
    assert.ok(completed >= 0, 'the request was logged as completed');
    assert.ok(sent >= 0, `${message} was logged`);
    return { completed, sent };
  }

  test('magic links: a known address’s link is made and mailed after the answer', async () => {
    const email = 'known-timing@example.com';
    await server.api('/magic_links/email/login_or_create', { body: { email } });
    const token = new URL(
      server.outbox.list({ to: email })[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? '',
    ).searchParams.get('token');
    assert.equal((await server.api('/magic_links/authenticate', { body: { token } })).status, 200);
    const from = lines.length;
    const answer = await server.api('/magic_links/email/send/primary', { body: { email } });
    assert.equal(answer.status, 200);
    await logged(from, 'magic link sent');
    assert.equal(server.outbox.list({ to: email }).length, 2);
    const { completed, sent } = order(
      from,
      '/sdk/v1/magic_links/email/send/primary',
      'magic link sent',
    );
    assert.ok(completed < sent, 'the answer went out before the link was made');
  });

  test('passcodes: a known number’s code is made and texted after the answer', async () => {
    const phone = '+14155550911';
    const first = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
    await server.api('/otps/authenticate', {
      body: { token: server.lastCode(phone), method_id: first.body.method_id },
    });
    const from = lines.length;
    const answer = await server.api('/otps/sms/send/primary', { body: { phone_number: phone } });
    assert.equal(answer.status, 200);
    await logged(from, 'passcode sent');
    assert.equal(server.outbox.list({ to: phone }).length, 2);
    const { completed, sent } = order(from, '/sdk/v1/otps/sms/send/primary', 'passcode sent');
    assert.ok(completed < sent, 'the answer went out before the code was made');
  });
});
