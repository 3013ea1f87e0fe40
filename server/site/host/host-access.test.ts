/**
 * The hosts' API and files over HTTP on a real server (SQLite, or PostgreSQL with
 * `VELVET_TEST_DATABASE_URL`), as a stranger would try them: every registered route and every
 * host file answers anonymous visitors, signed-in strangers, invited guests, the host's own
 * number signed in to another project and a signed-out host's old session exactly as a path the
 * server does not have (404, same body); only a signed-in host gets through. Changes need the
 * page's own origin and a JSON body, destructive ones a recent sign-in; each host has a rate
 * limit; every refusal writes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inviteGuest } from '../../cli/guest-list.js';
import {
  OTHER_TEST_TOKEN,
  type SiteTestServer,
  startSiteTestServer,
  writeSiteFolder,
} from '../site-test-server.js';
import { HOST_RATE_LIMITS, RECENT_SIGN_IN_MINUTES } from './host-api.js';

const HOST = '+14155550142';
const GUEST = '+14155550911';
const STRANGER = '+14155550912';
const NEW_HOST = '+14155550913';
/** A host the config lists by email. */
const HOST_EMAIL = 'juno@example.com';

const HOST_CHUNK = 'export const hostPage = "the hosts’ page";';
const PRIVATE_CHUNK = 'export const invitation = "the invitation";';

/** `method path` as `token`'s browser sends it from the page; request ids left out of the text. */
async function send(
  server: SiteTestServer,
  method: string,
  path: string,
  token: string | undefined,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const answer = await server.send(method, path, token, options);
  // Each answer names its own request: the rest must be the same for a host route and a missing path.
  return { ...answer, text: answer.text.replace(/request-id-[0-9a-f-]+/g, 'request-id') };
}

describe('the hosts’ API and files', () => {
  let server: SiteTestServer;
  let host: string;
  let guest: string;
  let stranger: string;
  let hostElsewhere: string;
  let signedOutHost: string;

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({
        'index.html': '<!doctype html><title>Invitation</title>',
        'host/HostPage-abcd1234.js': HOST_CHUNK,
        'private/Invitation-abcd1234.js': PRIVATE_CHUNK,
      }),
      { hosts: [HOST, HOST_EMAIL] },
    );
    await inviteGuest(server.store, server.project, GUEST, 'Ada Lovelace', server.clock.now());
    host = await server.signIn(HOST);
    guest = await server.signIn(GUEST);
    stranger = await server.signIn(STRANGER);
    hostElsewhere = await server.signIn(HOST, OTHER_TEST_TOKEN);
    signedOutHost = await server.signIn(HOST);
    await server.revoke(signedOutHost);
  });

  after(async () => {
    await server?.close();
  });

  const hostRoutes = () => {
    const routes = server.app.velvetHostApi?.routes ?? [];
    assert.ok(routes.length >= 5, 'the hosts’ API registered its routes');
    return routes.map((route) => ({
      ...route,
      path: route.url.replace(/:[A-Za-z]+/g, 'host-test-00000000'),
    }));
  };

  test('no one but a signed-in host can tell a host route or file from a missing path', async () => {
    const missing = await send(server, 'GET', '/host/api/no-such-route', undefined);
    assert.equal(missing.status, 404);
    const outsiders = {
      anonymous: undefined,
      'a signed-in stranger': stranger,
      'an invited guest': guest,
      'the host’s number in another project': hostElsewhere,
      'a signed-out host’s old session': signedOutHost,
    };
    const targets = [
      ...hostRoutes(),
      { method: 'GET', path: '/host/HostPage-abcd1234.js', destructive: false },
    ];
    for (const [who, token] of Object.entries(outsiders)) {
      for (const { method, path } of targets) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { identifier: NEW_HOST };
        const answer = await send(server, method, path, token, { body });
        assert.equal(answer.status, 404, `${method} ${path} as ${who}`);
        assert.equal(answer.text, missing.text, `${method} ${path} as ${who}: the 404 of any path`);
        assert.ok(!answer.text.includes('hosts’ page'), 'nothing of the page');
      }
    }
    const hosts = await server.store.db.selectFrom('site_hosts').selectAll().execute();
    assert.deepEqual(hosts, [], 'no outsider added a host');
    const audit = await server.store.db.selectFrom('site_audit').selectAll().execute();
    assert.deepEqual(audit, [], 'nor wrote to the log');
  });

  test('a stranger who adds a host’s email to their account, unproven, is no host', async () => {
    // The email is claimed (a code sent to it) but never proved: it counts for nothing.
    const sent = await server.call('/otps/email/send/secondary', { email: HOST_EMAIL }, stranger);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const claimed = await server.call('/sessions/authenticate', {}, stranger);
    assert.ok(
      claimed.body.user.emails.some(
        (email: { email: string; verified: boolean }) =>
          email.email === HOST_EMAIL && !email.verified,
      ),
      'the stranger’s account holds the host’s email, unverified',
    );
    assert.equal((await send(server, 'GET', '/host/api/me', stranger)).status, 404);
    assert.equal((await send(server, 'GET', '/host/api/guests', stranger)).status, 404);
  });

  test('a signed-in host reads the API, the page’s files and the invitation', async () => {
    const me = await send(server, 'GET', '/host/api/me', host);
    assert.equal(me.status, 200);
    const body = JSON.parse(me.text);
    assert.equal(body.host.identifier, HOST);
    assert.equal(body.reauthentication_minutes, RECENT_SIGN_IN_MINUTES);
    assert.ok(body.recent_sign_in_until, 'just signed in: recent');
    assert.equal(me.headers.get('cache-control'), 'no-store');

    const chunk = await send(server, 'GET', '/host/HostPage-abcd1234.js', host);
    assert.equal(chunk.status, 200);
    assert.equal(chunk.text, HOST_CHUNK);
    assert.equal(chunk.headers.get('cache-control'), 'private, no-cache');
    // The host is not on the guest list, yet previews the invitation.
    const invitation = await send(server, 'GET', '/private/Invitation-abcd1234.js', host);
    assert.equal(invitation.status, 200);
    assert.equal(invitation.text, PRIVATE_CHUNK);
    // And the hosts' page is the site's page, for anyone.
    assert.equal((await send(server, 'GET', '/host', undefined)).status, 200);

    const hosts = JSON.parse((await send(server, 'GET', '/host/api/hosts', host)).text);
    assert.deepEqual(
      hosts.hosts.map((each: { identifier: string; source: string }) => [
        each.identifier,
        each.source,
      ]),
      [
        [HOST, 'config'],
        [HOST_EMAIL, 'config'],
      ],
    );
  });

  test('a change from another origin, or not in JSON, is refused and writes nothing', async () => {
    const noOrigin = await send(server, 'POST', '/host/api/hosts', host, {
      body: { identifier: NEW_HOST },
      headers: { origin: '' },
    });
    assert.equal(noOrigin.status, 403);
    const elsewhere = await send(server, 'POST', '/host/api/hosts', host, {
      body: { identifier: NEW_HOST },
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(elsewhere.status, 403);
    assert.equal(JSON.parse(elsewhere.text).error, 'not_same_origin');
    // A form another site could post: not JSON.
    const form = await send(server, 'POST', '/host/api/hosts', host, {
      body: `identifier=${encodeURIComponent(NEW_HOST)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.status, 415);
    const hosts = await server.store.db.selectFrom('site_hosts').selectAll().execute();
    assert.deepEqual(hosts, []);
  });

  test('adding a host needs a recent sign-in, and is logged', async () => {
    server.clock.advance((RECENT_SIGN_IN_MINUTES + 1) * 60_000);
    const stale = await send(server, 'POST', '/host/api/hosts', host, {
      body: { identifier: NEW_HOST },
    });
    assert.equal(stale.status, 403);
    assert.equal(JSON.parse(stale.text).error, 'recent_sign_in_required');
    assert.deepEqual(await server.store.db.selectFrom('site_hosts').selectAll().execute(), []);
    const me = JSON.parse((await send(server, 'GET', '/host/api/me', host)).text);
    assert.equal(me.recent_sign_in_until, null);

    // Signing in again makes it recent.
    const fresh = await server.signIn(HOST);
    const added = await send(server, 'POST', '/host/api/hosts', fresh, {
      body: { identifier: NEW_HOST },
    });
    assert.equal(added.status, 201, added.text);
    const twice = await send(server, 'POST', '/host/api/hosts', fresh, {
      body: { identifier: NEW_HOST },
    });
    assert.equal(twice.status, 409);
    const bad = await send(server, 'POST', '/host/api/hosts', fresh, {
      body: { identifier: 'not a number' },
    });
    assert.equal(bad.status, 400);
    assert.equal(JSON.parse(bad.text).field, 'identifier');

    // The new host is a host as soon as they sign in.
    const newHost = await server.signIn(NEW_HOST);
    assert.equal((await send(server, 'GET', '/host/api/me', newHost)).status, 200);
    const log = JSON.parse((await send(server, 'GET', '/host/api/audit', newHost)).text);
    assert.equal(log.entries.length, 1);
    assert.equal(log.entries[0].host, HOST);
    assert.equal(log.entries[0].action, 'host.add');
    assert.match(log.entries[0].summary, /Added \+14155550913 as a host/);

    // A config host is removed in the config only.
    const configHost = await send(server, 'DELETE', `/host/api/hosts/config:${HOST}`, newHost);
    assert.equal(configHost.status, 409);
    assert.equal(JSON.parse(configHost.text).error, 'config_host');
  });

  test('each host has a rate limit on changes', async () => {
    const fresh = await server.signIn(HOST);
    let status = 0;
    for (let i = 0; i <= HOST_RATE_LIMITS.changes.max + 1 && status !== 429; i += 1) {
      ({ status } = await send(server, 'POST', '/host/api/hosts', fresh, {
        body: { identifier: 'x' },
      }));
    }
    assert.equal(status, 429);
    const after = await send(server, 'POST', '/host/api/hosts', fresh, {
      body: { identifier: 'x' },
    });
    assert.equal(after.status, 429);
    assert.ok(Number(after.headers.get('retry-after')) > 0);
  });
});

describe('the last host', () => {
  let server: SiteTestServer;

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({ 'index.html': '<!doctype html><title>Invitation</title>' }),
    );
  });

  after(async () => {
    await server?.close();
  });

  test('cannot be removed, and a host can be removed while another remains', async () => {
    const { HostList } = await import('./host-list.js');
    const list = new HostList(server.store.db, server.project, server.clock.now);
    // With no host in the config, the command line adds the first.
    await list.add(HOST, 'command line');
    const juno = await server.signIn(HOST);
    const only = await send(server, 'DELETE', `/host/api/hosts/${encodeURIComponent(HOST)}`, juno);
    assert.equal(only.status, 409);
    assert.equal(JSON.parse(only.text).error, 'last_host');
    assert.equal((await list.list()).length, 1);

    await send(server, 'POST', '/host/api/hosts', juno, { body: { identifier: NEW_HOST } });
    const felix = await server.signIn(NEW_HOST);
    const removed = await send(
      server,
      'DELETE',
      `/host/api/hosts/${encodeURIComponent(HOST)}`,
      felix,
    );
    assert.equal(removed.status, 200, removed.text);
    // Juno is no host any more: the API is gone for her session.
    assert.equal((await send(server, 'GET', '/host/api/me', juno)).status, 404);
    const last = await send(
      server,
      'DELETE',
      `/host/api/hosts/${encodeURIComponent(NEW_HOST)}`,
      felix,
    );
    assert.equal(last.status, 409);
    assert.deepEqual(
      (await list.list()).map((each) => each.identifier),
      [NEW_HOST],
    );
  });
});

/**
 * What a careless or hostile page could send a host route with the host's own session: broken
 * JSON, every JSON type in place of the body and of each field the routes read, and values at
 * and past sensible limits. The server-wide fuzz test (`server/test/fuzz.test.ts`) reaches these
 * routes only as a stranger, who gets the 404 before any body is read; this reaches their parsers.
 */
const MALFORMED_BODIES: readonly string[] = [
  '{',
  '"just a string"',
  'null',
  '[]',
  '[{"phone_number":"+14155550100"}]',
  '123',
  JSON.stringify({ nested: { deeper: { deepest: [[[[[[[[[[{}]]]]]]]]]] } } }),
  ...[null, true, 7, 'x'.repeat(5_000), [], {}, ['+14155550100'], { a: 1 }].map((value) =>
    JSON.stringify(
      Object.fromEntries(
        ['identifier', 'phone_number', 'name', 'csv', 'apply', 'content', 'alt'].map((field) => [
          field,
          value,
        ]),
      ),
    ),
  ),
];

describe('every host route, given malformed bodies by a host', () => {
  let server: SiteTestServer;

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({ 'index.html': '<!doctype html><title>Invitation</title>' }),
      { hosts: [HOST] },
    );
    await inviteGuest(server.store, server.project, GUEST, 'Ada Lovelace', server.clock.now());
  });

  after(async () => {
    await server?.close();
  });

  test('answers each with a refusal below 500, and the content and guests stay sound', async () => {
    const routes = server.app.velvetHostApi?.routes ?? [];
    assert.ok(routes.length >= 10, `${routes.length} host routes`);
    const guestId = (
      await server.store.users.findByDestination(server.project.projectId, 'phone', GUEST)
    )?.userId;
    for (const route of routes) {
      // A fresh window for the rate limits, and a fresh sign-in for the destructive routes.
      server.clock.advance((RECENT_SIGN_IN_MINUTES + 1) * 60_000);
      const host = await server.signIn(HOST);
      const paths = [
        route.url.replace(/:userId/g, guestId ?? 'x').replace(/:[A-Za-z]+/g, 'photobooth-1'),
        route.url.replace(/:[A-Za-z]+/g, encodeURIComponent('../%00\u202e'.repeat(3))),
      ];
      for (const path of paths) {
        const bodies = route.method === 'GET' ? [undefined] : MALFORMED_BODIES;
        for (const body of bodies) {
          const answer = await server.send(route.method, path, host, { body });
          assert.ok(
            answer.status < 500,
            `${route.method} ${path} with ${String(body).slice(0, 80)}: ${answer.status} ${answer.text.slice(0, 200)}`,
          );
        }
      }
    }
    // The host's page still reads everything it shows.
    const host = await server.signIn(HOST);
    for (const path of ['/host/api/guests', '/host/api/content', '/host/api/hosts']) {
      assert.equal((await server.send('GET', path, host)).status, 200, path);
    }
  });
});
