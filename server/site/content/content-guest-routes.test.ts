/**
 * The stored content as guests read it, over HTTP on a real server: the published content at
 * `/private/invitation.json` and the `.ics` files made from it, for invited guests only, with
 * an ETag; a publication shows on the next request with no rebuild (the host routes publish in
 * `../host/content-host-routes.test.ts`; here the database is written as they write it).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { invitation } from '../../../site/content/invitation.js';
import {
  OTHER_TEST_TOKEN,
  type SiteTestServer,
  startSiteTestServer,
  writeSiteFolder,
} from '../site-test-server.js';
import { ContentRepository } from './content-repository.js';

const GUEST = '+14155550731';
const NOT_ON_LIST = '+14155550732';

function cookie(token: string): Record<string, string> {
  return { cookie: `velvet_site_session=${encodeURIComponent(token)}` };
}

describe("the invitation's content for guests", () => {
  let server: SiteTestServer;
  let guest: Record<string, string>;
  let strangers: Record<string, Record<string, string>>;

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({ 'index.html': '<!doctype html><title>x</title>' }),
    );
    guest = cookie(await server.signIn(GUEST));
    await server.setInvited(GUEST, true);
    strangers = {
      'no session': {},
      'a number not on the list': cookie(await server.signIn(NOT_ON_LIST)),
      "another project's session": cookie(await server.signIn('+14155550733', OTHER_TEST_TOKEN)),
    };
  });

  after(async () => {
    await server?.close();
  });

  test('an invited guest reads the published content: the seed at first', async () => {
    const response = await server.get('/private/invitation.json', guest);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'private, no-cache');
    assert.match(response.headers.get('vary') ?? '', /cookie/);
    assert.deepEqual(await response.json(), invitation);
    const etag = response.headers.get('etag') ?? '';
    assert.match(etag, /^"[\w-]+"$/);
    const again = await server.get('/private/invitation.json', { ...guest, 'if-none-match': etag });
    assert.equal(again.status, 304);
    // Compressed for a browser that takes gzip (fetch decompresses it).
    const gzipped = await server.get('/private/invitation.json', {
      ...guest,
      'accept-encoding': 'gzip',
    });
    assert.equal(gzipped.headers.get('content-encoding'), 'gzip');
    assert.match(gzipped.headers.get('vary') ?? '', /accept-encoding/);
    assert.deepEqual(await gzipped.json(), invitation);
  });

  test('anyone else gets 401 and none of it, for the content and every calendar file', async () => {
    const paths = [
      '/private/invitation.json',
      '/private/calendar.ics',
      '/private/calendar/after-party.ics',
      '/private/calendar/no-such-event.ics',
    ];
    for (const path of paths) {
      for (const [who, headers] of Object.entries(strangers)) {
        const response = await server.get(path, headers);
        assert.equal(response.status, 401, `${path} for ${who}`);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        const body = await response.text();
        for (const secret of ['Juno', 'Mirrorball', '2025', 'VCALENDAR']) {
          assert.ok(!body.includes(secret), `${who} got "${secret}" from ${path}`);
        }
      }
    }
    // A guest asking for an event that is not there: not found.
    const missing = await server.get('/private/calendar/no-such-event.ics', guest);
    assert.equal(missing.status, 404);
    const odd = await server.get('/private/calendar/..%2Fcalendar.ics', guest);
    assert.equal(odd.status, 404);
  });

  test('a publication shows on the next request, in the content and the calendars', async () => {
    const before = await server.get('/private/invitation.json', guest);
    const etag = before.headers.get('etag') ?? '';
    const contents = new ContentRepository(server.store.db);
    const saturday = invitation.schedule.days[1];
    assert.ok(saturday);
    const draft = {
      ...invitation,
      faq: {
        ...invitation.faq,
        items: invitation.faq.items.map((item) =>
          item.question === 'Will there be food?' ? { ...item, answer: 'Tacos now.' } : item,
        ),
      },
      schedule: {
        ...invitation.schedule,
        days: invitation.schedule.days.map((day) =>
          day === saturday
            ? {
                ...day,
                events: day.events.map((event) =>
                  event.id === 'after-party'
                    ? { ...event, title: 'Disco Night', starts: '2025-07-26T19:00' }
                    : event,
                ),
              }
            : day,
        ),
      },
    };
    await contents.saveDraft(server.project.projectId, draft, server.clock.now(), 'user-test');
    // A saved draft is not published: guests still read the seed.
    const unchanged = await server.get('/private/invitation.json', {
      ...guest,
      'if-none-match': etag,
    });
    assert.equal(unchanged.status, 304);
    server.clock.advance(60_000);
    await contents.publish(server.project.projectId, server.clock.now());

    const after = await server.get('/private/invitation.json', { ...guest, 'if-none-match': etag });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get('etag'), etag);
    const content = await after.json();
    assert.equal(
      content.faq.items.find(
        (item: { question: string }) => item.question === 'Will there be food?',
      ).answer,
      'Tacos now.',
    );
    const ics = await (await server.get('/private/calendar/after-party.ics', guest)).text();
    assert.match(ics, /SUMMARY:Disco Night · Juno & Felix/);
    assert.match(ics, /DTSTART;TZID=America\/Los_Angeles:20250726T190000/);
    // The files are stamped with the publication's time.
    assert.match(ics, /DTSTAMP:20250726T180100Z/);
    const whole = await (await server.get('/private/calendar.ics', guest)).text();
    assert.match(whole, /SUMMARY:Disco Night/);
    assert.doesNotMatch(whole, /SUMMARY:After Party ·/);
  });
});

describe('without a built site (`npm run dev`, whose Vite server asks the server for them)', () => {
  test('the content and the calendars are still served, to invited guests only', async () => {
    const server = await startSiteTestServer(writeSiteFolder({}));
    try {
      const guest = cookie(await server.signIn(GUEST));
      await server.setInvited(GUEST, true);
      assert.equal((await server.get('/')).status, 404);
      const content = await server.get('/private/invitation.json', guest);
      assert.equal(content.status, 200);
      assert.deepEqual(await content.json(), invitation);
      assert.equal((await server.get('/private/calendar.ics', guest)).status, 200);
      assert.equal((await server.get('/private/invitation.json')).status, 401);
    } finally {
      await server.close();
    }
  });
});
