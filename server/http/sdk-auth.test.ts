import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../test/api-assertions.js';
import {
  basicAuth,
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../test/test-server.js';

describe('Basic auth, origins and CORS on /sdk/v1', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const send = { body: { phone_number: '+14155550401' } };

  test('an unknown public token is a 401 invalid_public_token', async () => {
    assertApiError(
      await server.api('/otps/sms/login_or_create', {
        ...send,
        publicToken: 'public-token-test-nope',
      }),
      401,
      'invalid_public_token',
    );
  });

  test('a missing or malformed Authorization header is a 401 unauthorized_credentials', async () => {
    for (const authorization of [
      null,
      'Bearer abc',
      'Basic',
      'Basic !!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
    ]) {
      assertApiError(
        await server.api('/otps/sms/login_or_create', { ...send, authorization }),
        401,
        'unauthorized_credentials',
      );
    }
    assert.equal(server.outbox.list().length, 0, 'nothing was sent');
  });

  test('authentication comes before the body check', async () => {
    assertApiError(
      await server.api('/otps/sms/login_or_create', { body: { nope: 1 }, authorization: null }),
      401,
      'unauthorized_credentials',
    );
  });

  test('a page from an unauthorized origin is refused, an authorized one passes', async () => {
    const refused = await server.api('/otps/sms/login_or_create', {
      ...send,
      headers: { origin: 'https://evil.example' },
    });
    assertApiError(refused, 403, 'origin_not_allowed');
    assert.match(
      refused.body.error_message,
      /Add https:\/\/evil\.example to the project's authorizedOrigins .*VELVET_DEV_ORIGINS=https:\/\/evil\.example/,
    );
    const allowed = await server.api('/otps/sms/login_or_create', {
      ...send,
      headers: { origin: TEST_ORIGIN },
    });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), TEST_ORIGIN);
    assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true');
  });

  test('CORS preflight admits the project’s origins only, with credentials', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/sdk/v1/otps/sms/login_or_create`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'authorization,content-type,x-sdk-client,x-sdk-parent-host',
        },
      });
    const ok = await preflight(TEST_ORIGIN);
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get('access-control-allow-origin'), TEST_ORIGIN);
    assert.equal(ok.headers.get('access-control-allow-credentials'), 'true');
    assert.match(ok.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    assert.match(ok.headers.get('access-control-allow-headers') ?? '', /X-SDK-Client/);
    assert.match(ok.headers.get('access-control-allow-headers') ?? '', /X-SDK-Parent-Host/);
    const evil = await preflight('https://evil.example');
    assert.equal(evil.headers.get('access-control-allow-origin'), null);
  });

  test('the public token as the secret means no session; any other secret must be a session', async () => {
    assertApiError(
      await server.api('/users/me', {
        authorization: basicAuth(TEST_PUBLIC_TOKEN, TEST_PUBLIC_TOKEN),
      }),
      401,
      'user_unauthenticated',
    );
    assertApiError(
      await server.api('/otps/sms/login_or_create', { ...send, secret: 'stale-token' }),
      401,
      'session_not_found',
    );
  });

  test('unknown endpoints answer the API error shape', async () => {
    assertApiError(await server.api('/nope'), 404, 'not_found');
  });

  test('the error catalogue page lists every error_url anchor', async () => {
    const page = await fetch(`${server.url}/docs/errors`);
    assert.equal(page.status, 200);
    const html = await page.text();
    for (const type of [
      'schema_error',
      'otp_code_not_found',
      'destination_locked',
      'session_not_found',
    ]) {
      assert.match(html, new RegExp(`id="${type}"`));
    }
    const origin = html.slice(html.indexOf('id="origin_not_allowed"'));
    assert.match(
      origin.slice(0, origin.indexOf('</tr>')),
      /How to fix:.*authorizedOrigins.*VELVET_DEV_ORIGINS/,
    );
  });
});
