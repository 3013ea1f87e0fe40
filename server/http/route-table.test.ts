import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('the route table holds every route the app answers, product routes and lazily built ones included', () => {
  const routes = new Set(server.app.routeTable.map(({ method, url }) => `${method} ${url}`));
  for (const route of [
    'POST /sdk/v1/otps/sms/login_or_create',
    'POST /sdk/v1/passwords/authenticate',
    'POST /sdk/v1/magic_links/email/login_or_create',
    'POST /sdk/v1/events',
    'GET /healthz',
    'GET /readyz',
  ]) {
    assert.ok(routes.has(route), `${route} is in the route table`);
  }
  const passwords = server.app.routeTable.find(
    (route) => route.method === 'POST' && route.url === '/sdk/v1/passwords/authenticate',
  );
  assert.equal(passwords?.config?.checks, 'password');
  assert.ok(passwords?.schema?.body, 'the route keeps its schema');
});
