/**
 * An unknown `/sdk/v1` route: the API's `not_found` body, with the CORS headers an allowed origin
 * gets, so a browser hands the answer to the page (Stytch's SDK then surfaces the error instead of
 * "Unable to contact our servers").
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  basicAuth,
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../test/test-server.js';

describe('unknown /sdk/v1 routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const call = (path: string, init: { method?: string; headers?: Record<string, string> }) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.method === 'GET' || init.method === 'OPTIONS' ? undefined : '{}',
    });

  test('answer a JSON 404 with the CORS headers of an allowed origin, with or without credentials', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: TEST_ORIGIN, authorization: basicAuth(TEST_PUBLIC_TOKEN, TEST_PUBLIC_TOKEN) },
      { origin: TEST_ORIGIN },
      { origin: TEST_ORIGIN, authorization: basicAuth('public-token-test-unknown', 'x') },
    ]) {
      for (const [method, path] of [
        ['POST', '/sdk/v1/oauth/not-a-route'],
        ['GET', '/sdk/v1/users/me/nothing/here'],
        ['DELETE', '/sdk/v1/no-such-thing'],
      ] as const) {
        const answer = await call(path, { method, headers });
        assert.equal(answer.status, 404, `${method} ${path}`);
        assert.equal(
          answer.headers.get('access-control-allow-origin'),
          TEST_ORIGIN,
          `${method} ${path} ${JSON.stringify(headers)} ${answer.status}`,
        );
        assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
        assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
        const body = await answer.json();
        assert.equal(body.status_code, 404);
        assert.equal(body.error_type, 'not_found');
        assert.match(body.request_id, /^request-id-/);
      }
    }
  });

  test('a preflight of an unknown route is answered as any other for an allowed origin', async () => {
    const answer = await call('/sdk/v1/oauth/not-a-route', {
      method: 'OPTIONS',
      headers: {
        origin: TEST_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('access-control-allow-origin'), TEST_ORIGIN);
  });

  test('an origin the projects do not list gets the 404 without CORS headers', async () => {
    const answer = await call('/sdk/v1/oauth/not-a-route', {
      headers: { origin: 'http://stranger.test' },
    });
    assert.equal(answer.status, 404);
    assert.equal(answer.headers.get('access-control-allow-origin'), null);
    assert.equal((await answer.json()).error_type, 'not_found');
  });

  test('outside /sdk/v1 an unknown path stays a 404 without CORS headers', async () => {
    const answer = await call('/no-such-page', { method: 'GET', headers: { origin: TEST_ORIGIN } });
    assert.equal(answer.status, 404);
    assert.equal(answer.headers.get('access-control-allow-origin'), null);
  });
});
