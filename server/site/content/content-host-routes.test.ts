/**
 * The content over the hosts' API, over HTTP on a real server (SQLite, or PostgreSQL with
 * `--pg`): a host reads the draft, has a broken one refused with every problem's place (nothing
 * written), saves a change (audited with what changed), publishes it, and a guest's next load
 * shows it, in the content and the calendar files, with no rebuild; a stranger still gets 401.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type InvitationContent, invitation } from '../../../site/content/invitation.js';
import { inviteGuest } from '../../cli/guest-list.js';
import {
  type SiteTestServer,
  siteCookie,
  startSiteTestServer,
  writeSiteFolder,
} from '../site-test-server.js';

const HOST = '+14155550142';
const GUEST = '+14155550741';
const STRANGER = '+14155550742';

/** The seed with the food answer and the After Party's start changed. */
function changed(): InvitationContent {
  const copy = structuredClone(invitation) as {
    -readonly [K in keyof InvitationContent]: InvitationContent[K];
  };
  const json = JSON.parse(JSON.stringify(copy));
  for (const item of json.faq.items) {
    if (item.question === 'Will there be food?')
      item.answer = 'Tacos, and [the menu](https://tacos.example/menu).';
  }
  for (const day of json.schedule.days) {
    for (const event of day.events) {
      if (event.id === 'after-party') event.starts = '2025-07-26T19:00';
    }
  }
  return json;
}

describe('the content over the hosts’ API', () => {
  let server: SiteTestServer;
  let host: string;
  let guest: string;
  let stranger: string;

  /** `method path` as `token`'s browser on the page's own origin sends it (`{}` for no body). */
  const send = (method: string, path: string, token: string | undefined, body?: unknown) =>
    server.send(method, path, token, {
      body: body === undefined && method !== 'GET' ? {} : body,
    });

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({ 'index.html': '<!doctype html><title>Invitation</title>' }),
      { hosts: [HOST] },
    );
    await inviteGuest(server.store, server.project, GUEST, 'Ada Lovelace', server.clock.now());
    host = await server.signIn(HOST);
    guest = await server.signIn(GUEST);
    stranger = await server.signIn(STRANGER);
  });

  after(async () => {
    await server?.close();
  });

  test('a host reads the draft and the published content: the seed, never published', async () => {
    const { status, json, headers } = await send('GET', '/host/api/content', host);
    assert.equal(status, 200);
    assert.equal(headers.get('cache-control'), 'no-store');
    assert.deepEqual(json.draft, invitation);
    assert.deepEqual(json.published, invitation);
    assert.equal(json.published_at, null);
    assert.equal(json.updated_at, new Date(server.clock.now()).toISOString());
    assert.equal(json.unpublished_changes, false);
    // A guest and a stranger cannot tell the route exists.
    for (const token of [guest, stranger, undefined]) {
      assert.equal((await send('GET', '/host/api/content', token)).status, 404);
      assert.equal(
        (await send('PUT', '/host/api/content', token, { content: changed() })).status,
        404,
      );
      assert.equal((await send('POST', '/host/api/content/publish', token)).status, 404);
    }
  });

  test('a broken draft is refused with each problem’s place, and nothing is written', async () => {
    const broken = JSON.parse(JSON.stringify(changed()));
    broken.tagline = 'Come [dance](javascript:alert(1))';
    broken.schedule.days[1].events[1].ends = '2025-07-26T18:30';
    broken.schedule.days[1].events[1].starts = '2025-07-26T19:00';
    broken.photos[0].file = 'someone-elses-photo';
    broken.extra = 1;
    const { status, json } = await send('PUT', '/host/api/content', host, { content: broken });
    assert.equal(status, 400);
    assert.equal(json.error, 'invalid_content');
    assert.deepEqual(json.problems.map((problem: { path: string }) => problem.path).sort(), [
      'extra',
      'photos[0].file',
      'schedule.days[1].events[1].ends',
      'tagline',
    ]);
    assert.match(json.message, /4 things need fixing/);
    for (const body of [{}, { content: null }, { content: 'text' }]) {
      const refused = await send('PUT', '/host/api/content', host, body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.equal(refused.json.error, 'invalid_content');
    }
    const after = await send('GET', '/host/api/content', host);
    assert.deepEqual(after.json.draft, invitation);
    const audit = await send('GET', '/host/api/audit', host);
    assert.ok(
      !audit.json.entries.some((entry: { action: string }) => entry.action.startsWith('content')),
    );
  });

  test('a saved and published change reaches guests on their next load, no rebuild', async () => {
    const etag = (await send('GET', '/private/invitation.json', guest)).headers.get('etag') ?? '';
    server.clock.advance(60_000);
    const saved = await send('PUT', '/host/api/content', host, { content: changed() });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json.unpublished_changes, true);
    assert.deepEqual(saved.json.draft, changed());
    assert.deepEqual(saved.json.published, invitation);
    // Saved is not published: the guest still reads the seed.
    const unchanged = await fetch(`${server.url}/private/invitation.json`, {
      headers: { ...siteCookie(guest), 'if-none-match': etag },
    });
    assert.equal(unchanged.status, 304);

    server.clock.advance(60_000);
    const published = await send('POST', '/host/api/content/publish', host);
    assert.equal(published.status, 200, published.text);
    assert.equal(published.json.published_at, new Date(server.clock.now()).toISOString());
    const state = await send('GET', '/host/api/content', host);
    assert.equal(state.json.unpublished_changes, false);
    assert.equal(state.json.published_at, published.json.published_at);

    const content = await send('GET', '/private/invitation.json', guest);
    assert.equal(content.status, 200);
    assert.notEqual(content.headers.get('etag'), etag);
    assert.deepEqual(content.json, changed());
    const ics = await send('GET', '/private/calendar/after-party.ics', guest);
    assert.equal(ics.status, 200);
    assert.match(ics.text, /DTSTART;TZID=America\/Los_Angeles:20250726T190000/);
    const whole = await send('GET', '/private/calendar.ics', guest);
    assert.match(whole.text, /DTSTART;TZID=America\/Los_Angeles:20250726T190000/);
    // The host reads the guests' files too (the page's preview), a stranger none of them.
    assert.equal((await send('GET', '/private/invitation.json', host)).status, 200);
    for (const path of ['/private/invitation.json', '/private/calendar/after-party.ics']) {
      const refused = await send('GET', path, stranger);
      assert.equal(refused.status, 401, path);
      assert.ok(!refused.text.includes('Tacos'));
    }

    const audit = await send('GET', '/host/api/audit', host);
    const entries = audit.json.entries
      .filter((entry: { action: string }) => entry.action.startsWith('content'))
      .map((entry: { action: string; summary: string }) => [entry.action, entry.summary]);
    assert.deepEqual(entries.reverse(), [
      [
        'content.save',
        'Changed the start time of "After Party" and the FAQ answer to "Will there be food?"',
      ],
      [
        'content.publish',
        'Published the invitation: the start time of "After Party" and the FAQ answer to "Will there be food?"',
      ],
    ]);
  });
});
