import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, TEST_PUBLIC_TOKEN, type TestServer } from '../test/test-server.js';

describe('security headers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('an HTML page runs only the server’s own scripts and cannot be framed', async () => {
    const page = await fetch(`${server.url}/docs/errors`);
    assert.equal(page.status, 200);
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      assert.ok(policy.split('; ').includes(directive), `${directive} in ${policy}`);
    }
    assert.doesNotMatch(policy, /script-src[^;]*unsafe-inline/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
  });

  test('API answers cannot be framed either', async () => {
    const answer = await server.api(`/projects/bootstrap/${TEST_PUBLIC_TOKEN}`);
    assert.equal(answer.headers.get('x-frame-options'), 'DENY');
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
  });
});
