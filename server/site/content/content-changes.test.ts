/** The audit log's line for a saved draft names what changed in the hosts' words. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type InvitationContent, invitation } from '../../../site/content/invitation.js';
import { describeChanges } from './content-changes.js';

/** A content as loose JSON, which a test changes at will. */
// biome-ignore lint/suspicious/noExplicitAny: the test changes what the types keep read-only.
type Loose = any;

/** A deep copy of the seed, changed by `edit`. */
function edited(edit: (content: Loose) => void) {
  const copy: Loose = structuredClone(invitation);
  edit(copy);
  return copy as InvitationContent;
}

test('each change is named by what it is, not by a path', () => {
  assert.equal(describeChanges(invitation, invitation), 'Saved the draft with no changes');
  const renamed = edited((c: Loose) => {
    c.schedule.days[1].events[1].title = 'Disco Night';
  });
  assert.equal(describeChanges(invitation, renamed), 'Changed the title of "After Party"');
  const several = edited((c: Loose) => {
    c.names = 'Juno and Felix';
    c.isoDate = '2025-07-25';
    c.photos[1].alt = 'Sunglasses';
    c.nav = { faq: 'Questions' };
    c.schedule.days[0].isoDate = '2025-07-24';
  });
  assert.equal(
    describeChanges(invitation, several),
    'Changed the names, the date, the date of "Friday" and 2 more',
  );
  const moreQuestions = edited((c: Loose) => {
    c.faq.items.push({ question: 'Is there parking?', answer: 'No.' });
    c.schedule.days[2].events[0].coordinates.lat = 37.76;
  });
  assert.equal(
    describeChanges(invitation, moreQuestions),
    'Changed the map position of "Park Hang" and the list of FAQ questions',
  );
});
