/**
 * The session cookie the server sets itself, over HTTP: on a session started or authenticated
 * by a page on the server's own origin, `HttpOnly`, `SameSite=Lax`, lasting the session, and on
 * https `Secure` under `__Host-`; never for another origin's page; deleted on revoke.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test/test-server.js';

describe('the server-set session cookie', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      config: { trustProxy: true },
      project: { authorizedOrigins: [TEST_ORIGIN, 'https://velvet.test'] },
    });
  });
  after(() => server.close());

  /** Sends a code to `phone` and checks it, as a page on `origin` would. */
  async function signIn(phone: string, headers: Record<string, string>) {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: phone },
      headers,
    });
    assert.equal(sent.headers.get('set-cookie'), null, 'a send sets no cookie');
    return server.api('/otps/authenticate', {
      body: {
        token: server.lastCode(phone),
        method_id: sent.body.method_id,
        session_duration_minutes: 90,
      },
      headers,
    });
  }

  test('a sign-in from the server’s own origin sets it, HttpOnly, for the session’s length', async () => {
    const answer = await signIn('+14155550981', {
      origin: 'http://velvet.test',
      'x-forwarded-host': 'velvet.test',
    });
    assert.equal(answer.status, 200);
    assert.equal(
      answer.headers.get('set-cookie'),
      `velvet_site_session=${answer.body.session_token}; Path=/; Max-Age=5400; HttpOnly; SameSite=Lax`,
    );
  });

  test('on https it is Secure and named __Host-', async () => {
    const answer = await signIn('+14155550982', {
      origin: 'https://velvet.test',
      'x-forwarded-host': 'velvet.test',
      'x-forwarded-proto': 'https',
    });
    assert.equal(answer.status, 200);
    assert.equal(
      answer.headers.get('set-cookie'),
      `__Host-velvet_site_session=${answer.body.session_token}; Path=/; Max-Age=5400; HttpOnly; SameSite=Lax; Secure`,
    );
    const revoked = await server.api('/sessions/revoke', {
      body: {},
      secret: answer.body.session_token,
      headers: {
        origin: 'https://velvet.test',
        'x-forwarded-host': 'velvet.test',
        'x-forwarded-proto': 'https',
      },
    });
    assert.equal(revoked.status, 200);
    assert.equal(
      revoked.headers.get('set-cookie'),
      '__Host-velvet_site_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    );
  });

  test('a page on another origin, or a call with no origin, gets no cookie', async () => {
    const other = await signIn('+14155550983', { origin: TEST_ORIGIN });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('set-cookie'), null);
    const none = await signIn('+14155550984', {});
    assert.equal(none.status, 200);
    assert.equal(none.headers.get('set-cookie'), null);
  });

  test('the session JWT names no phone number, email address or IP address', async () => {
    const answer = await signIn('+14155550985', {});
    const payload = Buffer.from(answer.body.session_jwt.split('.')[1], 'base64url').toString();
    assert.ok(!payload.includes('4155550985'), payload);
    assert.ok(!payload.includes('127.0.0.1'), payload);
    const claim = JSON.parse(payload)['https://velvet.dev/session'];
    assert.equal(
      claim.authentication_factors[0].phone_number_factor.phone_id,
      answer.body.method_id,
    );
    assert.equal(claim.attributes, undefined);
    // The API's own session object still has them for the signed-in user.
    assert.equal(
      answer.body.session.authentication_factors[0].phone_number_factor.phone_number,
      '+14155550985',
    );
  });
});
