/**
 * Send limits against a stranger (docs/throttling-and-security.md, "Throttling"): sends are counted per (address,
 * client), with a per-address backstop that a handful of strangers' addresses cannot trip for
 * the guest's own device. Each test is an attack of issue 29: a stranger asks for the guest's
 * links, resets or codes until refused, and the guest's own send is still delivered at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../test/api-assertions.js';
import { eventually } from '../test/eventually.js';
import { type ApiAnswer, startTestServer, type TestServer } from '../test/test-server.js';
import { SEND_BACKSTOP } from './send-limits.js';

const LOGIN_URL = 'http://app.velvet.test/signed-in';
const RESET_URL = 'http://app.velvet.test/reset';
const STRONG = 'violet-Harbor-7-quietly-juggles';

/** A send to `path` from the client at `ip` (the test server trusts `X-Forwarded-For`). */
function sendFrom(server: TestServer, ip: string, path: string, body: object): Promise<ApiAnswer> {
  return server.api(path, { body, headers: { 'x-forwarded-for': ip } });
}

/** Sends from `ip` until one is refused; resolves to the refusal and the sends let through. */
async function sendUntilRefused(
  server: TestServer,
  ip: string,
  path: string,
  body: object,
): Promise<{ refused: ApiAnswer; sent: number }> {
  for (let sent = 0; sent < 50; sent++) {
    const answer = await sendFrom(server, ip, path, body);
    if (answer.status !== 200) return { refused: answer, sent };
  }
  throw new Error(`${path} was never refused`);
}

/** Resolves once the outbox holds `count` messages to `to` (`send/primary` mails in the background). */
async function delivered(server: TestServer, to: string, count: number): Promise<void> {
  await eventually(
    () => server.outbox.list({ to }).length >= count,
    `${count} messages to ${to} arrived`,
  );
}

describe('send limits: a stranger cannot stop the guest’s own sends', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      config: { trustProxy: true },
      project: {
        products: ['otp', 'emailMagicLinks', 'passwords'],
        otp: { methods: ['sms', 'email'] },
        emailMagicLinks: { loginRedirectURLs: [LOGIN_URL], signupRedirectURLs: [LOGIN_URL] },
        passwords: { resetRedirectUrls: [RESET_URL] },
      },
    });
  });
  after(() => server.close());

  test('6 magic-link sends (login_or_create) by a stranger, then the owner’s own send delivers at once', async () => {
    const email = 'owner-links@example.com';
    const path = '/magic_links/email/login_or_create';
    const { refused, sent } = await sendUntilRefused(server, '198.51.100.21', path, { email });
    assertApiError(refused, 429, 'magic_link_send_rate_limited');
    assert.equal(sent, 5);
    const before = server.outbox.list({ to: email }).length;
    assert.equal(before, 5);
    const own = await sendFrom(server, '203.0.113.21', path, { email });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(server.outbox.list({ to: email }).length, before + 1);
  });

  test('6 magic-link sends (send/primary) by a stranger, then the owner’s own send delivers at once', async () => {
    const email = 'owner-primary@example.com';
    // The owner signed up with a link before (send/primary mails only an address that signs in).
    await sendFrom(server, '203.0.113.22', '/magic_links/email/login_or_create', { email });
    const [link] = server.outbox.list({ to: email });
    const token = new URL(link?.text.match(/https?:\/\/\S+/)?.[0] ?? '').searchParams.get('token');
    const signedUp = await server.api('/magic_links/authenticate', { body: { token } });
    assert.equal(signedUp.status, 200, JSON.stringify(signedUp.body));
    const path = '/magic_links/email/send/primary';
    const { refused, sent } = await sendUntilRefused(server, '198.51.100.22', path, { email });
    assertApiError(refused, 429, 'magic_link_send_rate_limited');
    await delivered(server, email, 1 + sent);
    const own = await sendFrom(server, '203.0.113.22', path, { email });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    await delivered(server, email, 2 + sent);
  });

  test('6 password reset requests by a stranger, then the owner’s reset email is delivered', async () => {
    const email = 'owner-reset@example.com';
    const created = await sendFrom(server, '203.0.113.23', '/passwords', {
      email,
      password: STRONG,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const path = '/passwords/email/reset/start';
    const { refused, sent } = await sendUntilRefused(server, '198.51.100.23', path, { email });
    assertApiError(refused, 429, 'too_many_requests');
    assert.equal(server.outbox.list({ to: email }).length, sent);
    const own = await sendFrom(server, '203.0.113.23', path, { email });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(server.outbox.list({ to: email }).length, sent + 1);
  });

  for (const [name, path, field, to] of [
    ['magic links', '/magic_links/email/login_or_create', 'email', 'bombed-link@example.com'],
    ['passcodes by SMS', '/otps/sms/login_or_create', 'phone_number', '+14155550711'],
  ] as const) {
    test(`${name}: strangers from 10 addresses send at most the backstop's budget + ${SEND_BACKSTOP.clientSends} each in a window, and the guest's own device still gets its message`, async () => {
      const body = { [field]: to };
      const budget = SEND_BACKSTOP.clientsWorth * 5;
      let sent = 0;
      for (let stranger = 0; stranger < 10; stranger++) {
        const ip = `198.51.100.${40 + stranger}`;
        for (let send = 0; send < 6; send++) {
          if ((await sendFrom(server, ip, path, body)).status === 200) sent++;
        }
      }
      const bound = budget + SEND_BACKSTOP.clientSends * 10;
      console.log(
        `# measured: ${sent} ${name} sends from 10 addresses in a window (bound ${bound})`,
      );
      assert.ok(sent <= bound, `${sent} sends, more than ${bound}`);
      assert.ok(sent >= budget, 'the budget was spent');
      const before = server.outbox.list({ to }).length;
      const own = await sendFrom(server, '203.0.113.24', path, body);
      assert.equal(own.status, 200, JSON.stringify(own.body));
      assert.equal(server.outbox.list({ to }).length, before + 1);
      // The window ends: everyone may send again.
      server.clock.advance(15 * 60_000);
      assert.equal((await sendFrom(server, '198.51.100.40', path, body)).status, 200);
    });
  }

  test('a device that signed in with the address before is never stopped by the backstop: the owner’s 3rd link after strangers spent the budget', async () => {
    const email = 'trusted-sends@example.com';
    const path = '/magic_links/email/login_or_create';
    const own = '203.0.113.25';
    assert.equal((await sendFrom(server, own, path, { email })).status, 200);
    const token = new URL(
      server.outbox.list({ to: email })[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? '',
    ).searchParams.get('token');
    const signedIn = await server.api('/magic_links/authenticate', {
      body: { token },
      headers: { 'x-forwarded-for': own },
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal((await sendFrom(server, own, path, { email })).status, 200);
    for (let stranger = 0; stranger < SEND_BACKSTOP.clientsWorth; stranger++) {
      await sendUntilRefused(server, `198.51.100.${70 + stranger}`, path, { email });
    }
    // A client that has not signed in gets 2 under the backstop, and no more.
    const other = '198.51.100.79';
    for (let send = 0; send < SEND_BACKSTOP.clientSends; send++) {
      assert.equal((await sendFrom(server, other, path, { email })).status, 200);
    }
    assertApiError(
      await sendFrom(server, other, path, { email }),
      429,
      'magic_link_send_rate_limited',
    );
    // The owner's device, past its 2, still gets its link.
    const third = await sendFrom(server, own, path, { email });
    assert.equal(third.status, 200, JSON.stringify(third.body));
  });
});
