/**
 * `TRUST_PROXY` over HTTP: behind one proxy with a hop count, the client is the address the
 * proxy added to `X-Forwarded-For` (never one the client wrote before it) and the scheme is the
 * proxy's `X-Forwarded-Proto` (the session cookie is `Secure` on https); with addresses and CIDRs,
 * only those peers are believed. The test plays the proxy: it sends what nginx's
 * `$proxy_add_x_forwarded_for` sends, the client's own header with the proxy's peer appended.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../test/api-assertions.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import type { TrustProxy } from './trust-proxy.js';

/** The site's origin as the proxy serves it. */
const SITE = 'https://velvet.test';

/** Signs `phone` in with a code, every call carrying `headers`; the authenticate answer. */
async function signIn(server: TestServer, phone: string, headers: Record<string, string>) {
  const sent = await server.api('/otps/sms/login_or_create', {
    body: { phone_number: phone },
    headers,
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  return server.api('/otps/authenticate', {
    body: { token: server.lastCode(phone), method_id: sent.body.method_id },
    headers,
  });
}

/** What a proxy on https forwards for a client at `client` that wrote `spoofed` itself. */
function forwarded(client: string, spoofed?: string): Record<string, string> {
  return {
    origin: SITE,
    'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client,
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'velvet.test',
  };
}

async function serverTrusting(trustProxy: TrustProxy): Promise<TestServer> {
  return startTestServer({
    config: { trustProxy, publicUrl: SITE },
    project: {
      authorizedOrigins: [SITE],
      products: ['otp', 'passwords'],
      passwords: { authenticateLimit: { perIp: { max: 3, windowMinutes: 15 } } },
    },
  });
}

describe('TRUST_PROXY: a hop count behind one proxy', () => {
  let server: TestServer;
  before(async () => {
    server = await serverTrusting(1);
  });
  after(() => server.close());

  test('the client is the address the proxy added, not one it wrote; https makes the cookie Secure', async () => {
    const answer = await signIn(server, '+14155550931', forwarded('198.51.100.23', '203.0.113.99'));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.session.attributes.ip_address, '198.51.100.23');
    assert.equal(
      answer.headers.get('set-cookie'),
      `__Host-velvet_site_session=${answer.body.session_token}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure`,
    );
  });

  test('rotating a spoofed X-Forwarded-For does not escape the per-client limit', async () => {
    const login = (i: number) =>
      server.api('/passwords/authenticate', {
        body: { email: `nobody-${i}@example.com`, password: `not-the-password-${i}` },
        headers: forwarded('198.51.100.24', `203.0.113.${i + 1}`),
      });
    for (let i = 0; i < 3; i++) assertApiError(await login(i), 401, 'unauthorized_password');
    assertApiError(await login(3), 429, 'too_many_requests');
    // Another client behind the same proxy has its own count.
    assertApiError(
      await server.api('/passwords/authenticate', {
        body: { email: 'nobody@example.com', password: 'not-the-password' },
        headers: forwarded('198.51.100.25'),
      }),
      401,
      'unauthorized_password',
    );
  });
});

describe('TRUST_PROXY: addresses and CIDRs', () => {
  test('a listed peer is believed; an unlisted one is the client itself, on http', async () => {
    const trusting = await serverTrusting(['10.0.0.0/8', 'loopback']);
    try {
      const answer = await signIn(trusting, '+14155550932', forwarded('198.51.100.26'));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.session.attributes.ip_address, '198.51.100.26');
      assert.match(answer.headers.get('set-cookie') ?? '', /^__Host-.*; Secure$/);
    } finally {
      await trusting.close();
    }
    const elsewhere = await serverTrusting(['10.0.0.0/8']);
    try {
      const answer = await signIn(elsewhere, '+14155550933', forwarded('198.51.100.27'));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.session.attributes.ip_address, '127.0.0.1');
      // Not believed about https either: the cookie is not Secure (nor same-origin: none at all).
      assert.equal(answer.headers.get('set-cookie'), null);
    } finally {
      await elsewhere.close();
    }
  });
});
