/**
 * The invitation's `.ics` files on a real server, as it makes them per request from the
 * published content (the seed here, `site/content/invitation.ts`; `site/calendar/ics-files.ts`,
 * `content/content-guest-routes.ts`): an invited guest downloads each one and a real
 * iCalendar parser (ical.js) reads the party's events from it, in the party's time zone; anyone
 * else (no session, a session of a number not on the list, another project's session, a revoked
 * one) gets 401 and none of the file.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ICAL from 'ical.js';
import { calendarEntries, PARTY_CALENDAR_PATH } from '../../site/calendar/calendar-events.js';
import { foldLine, icsFiles } from '../../site/calendar/ics-files.js';
import { invitation } from '../../site/content/invitation.js';
import {
  OTHER_TEST_TOKEN,
  type SiteTestServer,
  startSiteTestServer,
  writeSiteFolder,
} from './site-test-server.js';

/** When the seed was stored: the server's start on the test clock (never published since). */
const STAMP = new Date('2025-07-26T18:00:00Z');
const FILES = icsFiles(invitation, STAMP);
const GUEST = '+14155550721';
const NOT_ON_LIST = '+14155550722';

function cookie(token: string): Record<string, string> {
  return { cookie: `velvet_site_session=${encodeURIComponent(token)}` };
}

/** The events of an `.ics` text, read by ical.js with the file's own time zones. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      tzid: event.startDate.zone?.tzid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      stamp: vevent.getFirstPropertyValue('dtstamp')?.toString(),
      geo: vevent.getFirstPropertyValue('geo'),
    };
  });
  return { zones: zones.map((zone) => zone.getFirstPropertyValue('tzid')), events };
}

describe('the invitation as .ics files', () => {
  let server: SiteTestServer;
  let guestToken: string;
  let strangerToken: string;

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({ 'index.html': '<!doctype html><title>x</title>' }),
    );
    guestToken = await server.signIn(GUEST);
    await server.setInvited(GUEST, true);
    strangerToken = await server.signIn(NOT_ON_LIST);
  });

  after(async () => {
    await server?.close();
  });

  test('an invited guest downloads every event in one file, in Los Angeles time', async () => {
    const response = await server.get(PARTY_CALENDAR_PATH, cookie(guestToken));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'private, no-cache');
    const { zones, events } = parse(await response.text());
    assert.deepEqual(zones, ['America/Los_Angeles']);
    // The secret elopement has no times: four of the five events, in order.
    assert.deepEqual(
      events.map((event) => [event.summary, event.tzid, event.start, event.end]),
      [
        [
          'Welcome Beers · Juno & Felix',
          'America/Los_Angeles',
          '2025-07-26T00:30:00.000Z',
          '2025-07-26T03:00:00.000Z',
        ],
        [
          'After Party · Juno & Felix',
          'America/Los_Angeles',
          '2025-07-27T01:00:00.000Z',
          '2025-07-27T05:00:00.000Z',
        ],
        [
          'After After Party · Juno & Felix',
          'America/Los_Angeles',
          '2025-07-27T05:00:00.000Z',
          '2025-07-27T09:00:00.000Z',
        ],
        [
          'Park Hang · Juno & Felix',
          'America/Los_Angeles',
          '2025-07-27T18:00:00.000Z',
          '2025-07-27T22:00:00.000Z',
        ],
      ],
    );
    const afterParty = events[1];
    assert.equal(
      afterParty?.location,
      'The Mirrorball Room, Mission District, San Francisco, 2550 Mission St, San Francisco, CA 94110',
    );
    assert.deepEqual(afterParty?.geo, [37.7563, -122.4187]);
    // The hosts' home has no address in the content, so no position either.
    assert.equal(events[2]?.location, 'Our home (address by text)');
    assert.equal(events[2]?.geo, null);
    // A link in the hosts' text reads as its words and its target, without markup.
    assert.equal(
      events[2]?.description,
      'For the die-hards: the party moves to our place. Call us (+14155550142) if you get lost.',
    );
    assert.equal(
      afterParty?.description,
      'A DJ spins modern electronic, nu-disco and early-2000s nostalgia. Dance accordingly.',
    );
    assert.equal(afterParty?.stamp, '2025-07-26T18:00:00Z');
    // One UID per event, from the event's and the party's lasting names: the same in the files
    // of the next publication, even after the hosts move the party and rename the events.
    const uids = events.map((event) => event.uid);
    assert.deepEqual(uids, [
      'welcome-beers.juno-and-felix-eloped-2025@velvet-invitation',
      'after-party.juno-and-felix-eloped-2025@velvet-invitation',
      'after-after-party.juno-and-felix-eloped-2025@velvet-invitation',
      'park-hang.juno-and-felix-eloped-2025@velvet-invitation',
    ]);
    const moved = {
      ...invitation,
      names: 'Juno & Felix, again',
      isoDate: '2025-08-02',
      schedule: {
        ...invitation.schedule,
        days: invitation.schedule.days.map((day) => ({
          ...day,
          events: day.events.map((event) => ({ ...event, title: `${event.title}!` })),
        })),
      },
    };
    const rebuilt = parse(icsFiles(moved, new Date('2025-07-20T08:00:00Z'))[0]?.text ?? '');
    assert.deepEqual(
      rebuilt.events.map((event) => event.uid),
      uids,
    );
  });

  test('each event has a file of its own with the same UID as in the whole party', async () => {
    const whole = parse(FILES[0]?.text ?? '').events;
    const entries = calendarEntries(invitation);
    assert.equal(FILES.length, entries.length + 1);
    for (const [index, entry] of entries.entries()) {
      const path = `/private/calendar/${entry.event.id}.ics`;
      const response = await server.get(path, cookie(guestToken));
      assert.equal(response.status, 200, path);
      const { zones, events } = parse(await response.text());
      assert.deepEqual(zones, ['America/Los_Angeles']);
      assert.deepEqual(events, [whole[index]]);
    }
  });

  test('the files keep RFC 5545 form: CRLF lines of at most 75 octets, folded', async () => {
    for (const file of FILES) {
      const text = file.text;
      assert.ok(text.endsWith('\r\n'), file.urlPath);
      assert.doesNotMatch(text, /[^\r]\n|\r(?!\n)/, `${file.urlPath}: a bare LF or CR`);
      for (const line of text.split('\r\n')) {
        assert.ok(Buffer.byteLength(line) <= 75, `${file.urlPath}: ${line}`);
      }
    }
    // The long descriptions were folded, and unfolding gives them back.
    assert.match(FILES[0]?.text ?? '', /\r\n /);
    // A fold never splits a character: a line of emoji folds between them.
    const emoji = `SUMMARY:${'🪩'.repeat(40)}`;
    const folded = foldLine(emoji);
    for (const line of folded.split('\r\n')) {
      assert.ok(Buffer.byteLength(line) <= 75);
      assert.ok(!line.includes('\uFFFD'));
    }
    assert.equal(folded.replaceAll('\r\n ', ''), emoji);
  });

  test('a stranger gets 401 and none of the calendar', async () => {
    const other = await server.signIn('+14155550723', OTHER_TEST_TOKEN);
    const revoked = await server.signIn('+14155550724');
    await server.setInvited('+14155550724', true);
    await server.revoke(revoked);
    const strangers: Record<string, Record<string, string>> = {
      'no session': {},
      'a number not on the list': cookie(strangerToken),
      "another project's session": cookie(other),
      'a revoked session': cookie(revoked),
    };
    for (const file of FILES) {
      for (const [who, headers] of Object.entries(strangers)) {
        const response = await server.get(file.urlPath, headers);
        assert.equal(response.status, 401, `${file.urlPath} for ${who}`);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
        const body = await response.text();
        for (const secret of ['BEGIN:VCALENDAR', 'Juno', 'Mirrorball', '2025']) {
          assert.ok(!body.includes(secret), `${who} got "${secret}" from ${file.urlPath}`);
        }
      }
    }
  });
});
