/**
 * What the `.ics` writer refuses: a party id that is not a lasting name (lowercase words and
 * hyphens) would make UIDs that no calendar can match up. The files themselves are read back
 * by ical.js over HTTP in `server/site/calendar-files.test.ts`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { invitation } from '../content/invitation.js';
import { icsFiles } from './ics-files.js';

test('a party id that is not a name stops the build', () => {
  for (const partyId of ['a b', 'Juno&Felix', '', 'x@y']) {
    const content = { ...invitation, calendar: { ...invitation.calendar, partyId } };
    assert.throws(() => icsFiles(content, new Date()), /partyId/, partyId);
  }
});
