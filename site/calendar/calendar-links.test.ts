/**
 * The Google Calendar and Outlook links of an event: each service's "new event" page with the
 * title, the UTC times of the Los Angeles wall times, the place and the description, every
 * value encoded (an ampersand in a title stays in the title).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { invitation } from '../content/invitation.js';
import { calendarEntries, calendarEntry, eventCalendarPath } from './calendar-events.js';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links.js';

const afterParty = calendarEntries(invitation).find((entry) => entry.event.id === 'after-party');

test('the Google Calendar link fills in the After Party', () => {
  assert.ok(afterParty);
  const url = new URL(googleCalendarUrl(afterParty));
  assert.equal(url.origin + url.pathname, 'https://calendar.google.com/calendar/render');
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    action: 'TEMPLATE',
    text: 'After Party · Juno & Felix',
    dates: '20250727T010000Z/20250727T050000Z',
    details: afterParty.event.description,
    location:
      'The Mirrorball Room, Mission District, San Francisco, 2550 Mission St, San Francisco, CA 94110',
  });
});

test('the Outlook link fills in the After Party', () => {
  assert.ok(afterParty);
  const url = new URL(outlookCalendarUrl(afterParty));
  assert.equal(url.origin + url.pathname, 'https://outlook.live.com/calendar/0/action/compose');
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    rru: 'addevent',
    subject: 'After Party · Juno & Felix',
    startdt: '2025-07-27T01:00:00Z',
    enddt: '2025-07-27T05:00:00Z',
    body: afterParty.event.description,
    location:
      'The Mirrorball Room, Mission District, San Francisco, 2550 Mission St, San Francisco, CA 94110',
  });
});

test('an event without times has no entry; one that ends before it starts is refused', () => {
  const base = { id: 'x', time: '', icon: '', title: 'X', description: '', location: '' };
  assert.equal(calendarEntry(invitation, base), undefined);
  assert.throws(
    () =>
      calendarEntry(invitation, { ...base, starts: '2025-07-26T18:00', ends: '2025-07-26T17:00' }),
    /ends before it starts/,
  );
  assert.throws(() => eventCalendarPath('../photos/x'), /lowercase words and hyphens/);
});

test('two events with one id stop the build', () => {
  const [friday] = invitation.schedule.days;
  assert.ok(friday);
  const twice = {
    ...invitation,
    schedule: { ...invitation.schedule, days: [friday, { ...friday, key: 'day2' as const }] },
  };
  assert.throws(() => calendarEntries(twice), /share an id/);
});
