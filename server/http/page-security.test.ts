import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, TEST_PUBLIC_TOKEN, type TestServer } from '../test/test-server.js';

describe('security headers', () => {
  let server: TestServer;
  let demoDir: string;
  before(async () => {
    demoDir = mkdtempSync(join(tmpdir(), 'velvet-demo-'));
    writeFileSync(join(demoDir, 'index.html'), '<!doctype html><title>demo</title>');
    server = await startTestServer({ demoDir });
  });
  after(async () => {
    await server.close();
    rmSync(demoDir, { recursive: true, force: true });
  });

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

  test('no page of the server may be framed: the demo, the outbox, the docs, the health check', async () => {
    for (const path of ['/demo/', '/dev/outbox', '/docs/errors', '/healthz', '/nothing-here']) {
      const answer = await fetch(`${server.url}${path}`);
      assert.equal(answer.headers.get('x-frame-options'), 'DENY', path);
      if ((answer.headers.get('content-type') ?? '').startsWith('text/html')) {
        assert.match(answer.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      }
    }
  });
});
