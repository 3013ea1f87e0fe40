/**
 * The party's time zone rules against the time zone database Node carries (ICU, through
 * `Intl`): every half hour of three years maps from Los Angeles wall time to the same instant,
 * and the `VTIMEZONE` written from the rules says the same offsets.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { offsetAt, toInstant, vtimezoneLines } from './time-zone.js';

const wallTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The wall time in Los Angeles at `instant`, as `YYYY-MM-DDTHH:MM`. */
function losAngeles(instant: Date): string {
  const parts = Object.fromEntries(wallTime.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('every half hour of 2025 to 2027 in Los Angeles maps back to its instant', () => {
  const from = Date.UTC(2025, 0, 1);
  const to = Date.UTC(2028, 0, 1);
  let repeated = 0;
  for (let time = from; time < to; time += 30 * 60_000) {
    const wall = losAngeles(new Date(time));
    const back = toInstant('America/Los_Angeles', wall).getTime();
    if (back === time) continue;
    // The hour that happens twice in November reads as its first (daylight) occurrence.
    assert.equal(time - back, 3_600_000, wall);
    assert.match(wall, /-11-0[1-7]T01:/);
    repeated += 1;
  }
  assert.equal(repeated, 3 * 2, 'two half hours repeated in each of three Novembers');
});

test('the offsets of the party weekend and of winter', () => {
  assert.equal(offsetAt('America/Los_Angeles', '2025-07-26T18:00'), -420);
  assert.equal(offsetAt('America/Los_Angeles', '2025-12-31T23:30'), -480);
  assert.equal(offsetAt('America/Los_Angeles', '2026-03-08T01:59'), -480);
  assert.equal(offsetAt('America/Los_Angeles', '2026-03-08T03:00'), -420);
  assert.throws(() => toInstant('America/Los_Angeles', '2025-07-26 6pm'), /YYYY-MM-DDTHH:MM/);
});

test('the VTIMEZONE names the zone and both periods with their yearly rules', () => {
  assert.deepEqual(vtimezoneLines('America/Los_Angeles'), [
    'BEGIN:VTIMEZONE',
    'TZID:America/Los_Angeles',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0800',
    'TZOFFSETTO:-0700',
    'TZNAME:PDT',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0700',
    'TZOFFSETTO:-0800',
    'TZNAME:PST',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ]);
});
