/**
 * The check of a content from outside: the seed passes; each broken rule is refused with its
 * path and a message a host can act on; a content with a problem is never returned.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type InvitationContent, invitation } from '../../../site/content/invitation.js';
import { type ContentProblem, photoFilesOf, validateContent } from './content-validation.js';

const FIXED = photoFilesOf(invitation);

/** A content as loose JSON, which a test breaks at will. */
// biome-ignore lint/suspicious/noExplicitAny: the tests write what the types forbid.
type Loose = any;

/** A deep copy of the seed, changed by `edit`. */
function edited(edit: (content: Loose) => void): unknown {
  const copy: Loose = structuredClone(invitation);
  edit(copy);
  return copy;
}

/** The problems of `value`; fails when it passes. */
function problemsOf(value: unknown): ContentProblem[] {
  const check = validateContent(value, FIXED);
  assert.equal(check.ok, false, 'the content passed');
  return check.ok ? [] : check.problems;
}

/** Asserts that `value` has exactly one problem, at `path`, whose message matches `message`. */
function refused(value: unknown, path: string, message: RegExp): void {
  const problems = problemsOf(value);
  assert.deepEqual(
    problems.map((problem) => problem.path),
    [path],
    JSON.stringify(problems),
  );
  assert.match(problems[0]?.message ?? '', message);
}

describe('the content check', () => {
  test('the seed passes, and comes back as it was', () => {
    const check = validateContent(structuredClone(invitation), FIXED);
    assert.ok(check.ok, JSON.stringify(check));
    assert.deepEqual(check.content, invitation);
  });

  test('navigation labels may be given, each or none', () => {
    const withNav = edited((c) => {
      c.nav = { schedule: 'The plan', faq: '' };
    });
    assert.ok(validateContent(withNav, FIXED).ok);
    refused(
      edited((c) => {
        c.nav = { rsvp: 'Answer' };
      }),
      'nav.rsvp',
      /not a field/,
    );
  });

  test('the exact shape: no key more or less, the right kinds', () => {
    refused(
      edited((c) => {
        c.admin = true;
      }),
      'admin',
      /not a field of the invitation/,
    );
    refused(
      edited((c) => {
        delete c.schedule.days[1].events[1].title;
      }),
      'schedule.days[1].events[1].title',
      /is required/,
    );
    refused(
      edited((c) => {
        c.greeting.byName = 'yes';
      }),
      'greeting.byName',
      /true or false/,
    );
    refused(
      edited((c) => {
        c.faq.items = 'none';
      }),
      'faq.items',
      /must be a list/,
    );
    assert.deepEqual(problemsOf(null), [{ path: '', message: 'must be an object' }]);
    refused(
      edited((c) => {
        c.schedule.days[0].events[0].coordinates = { lat: 91, lon: 0 };
      }),
      'schedule.days[0].events[0].coordinates.lat',
      /from -90 to 90/,
    );
  });

  test('texts are capped, not blank, and one line where a line is expected', () => {
    refused(
      edited((c) => {
        c.faq.items[0].answer = 'x'.repeat(2001);
      }),
      'faq.items[0].answer',
      /at most 2000 characters/,
    );
    refused(
      edited((c) => {
        c.names = '   ';
      }),
      'names',
      /must not be empty/,
    );
    refused(
      edited((c) => {
        c.names = 'Juno\nFelix';
      }),
      'names',
      /one line/,
    );
    refused(
      edited((c) => {
        c.faq.items = Array.from({ length: 31 }, () => ({ question: 'q', answer: 'a' }));
      }),
      'faq.items',
      /at most 30 items/,
    );
  });

  test('links go to https:, mailto: or tel: only, and say so', () => {
    for (const target of [
      'javascript:alert(1)',
      'http://example.com',
      '/private/x',
      'data:text/html,x',
    ]) {
      refused(
        edited((c) => {
          c.faq.items[4].answer = `Pizza! [Menu](${target})`;
        }),
        'faq.items[4].answer',
        /is not allowed: links go to https:, mailto: or tel: addresses only/,
      );
    }
    const fine = edited((c) => {
      c.faq.items[4].answer = 'Pizza! [Menu](https://pizza.example/menu) [Call](tel:+14155550100)';
    });
    assert.ok(validateContent(fine, FIXED).ok);
  });

  test('dates are real, in order, and the main date is one of the days', () => {
    refused(
      edited((c) => {
        c.isoDate = '2025-02-30';
      }),
      'isoDate',
      /real date/,
    );
    refused(
      edited((c) => {
        c.isoDate = '2025-07-28';
      }),
      'isoDate',
      /one of the schedule's days \(2025-07-25, 2025-07-26, 2025-07-27\)/,
    );
    const problems = problemsOf(
      edited((c) => {
        c.schedule.days[2].isoDate = '2025-07-26';
      }),
    );
    assert.equal(problems[0]?.path, 'schedule.days[2].isoDate');
    assert.match(problems[0]?.message ?? '', /after the day before it \(2025-07-26\)/);
    refused(
      edited((c) => {
        c.schedule.days[0].key = 'day2';
      }),
      'schedule.days[0].key',
      /must be day1/,
    );
  });

  test('event times: both or neither, real, in order, on their day or the night after', () => {
    const event = (c: Loose) => c.schedule.days[1].events[1];
    refused(
      edited((c) => {
        delete event(c).ends;
      }),
      'schedule.days[1].events[1].ends',
      /both a start and an end, or neither/,
    );
    refused(
      edited((c) => {
        event(c).starts = '2025-07-26T25:00';
      }),
      'schedule.days[1].events[1].starts',
      /YYYY-MM-DDTHH:MM/,
    );
    refused(
      edited((c) => {
        event(c).ends = '2025-07-26T17:00';
      }),
      'schedule.days[1].events[1].ends',
      /after the start \(2025-07-26T18:00\)/,
    );
    refused(
      edited((c) => {
        event(c).starts = '2025-07-25T18:00';
      }),
      'schedule.days[1].events[1].starts',
      /on the event's day, 2025-07-26/,
    );
    refused(
      edited((c) => {
        event(c).ends = '2025-07-27T13:00';
      }),
      'schedule.days[1].events[1].ends',
      /by 12:00 on 2025-07-27/,
    );
    // Past midnight is still the night of the party.
    const lateNight = edited((c) => {
      event(c).starts = '2025-07-27T01:00';
      event(c).ends = '2025-07-27T04:00';
    });
    assert.ok(validateContent(lateNight, FIXED).ok);
  });

  test('event ids are lowercase words and hyphens, and differ', () => {
    refused(
      edited((c) => {
        c.schedule.days[0].events[0].id = 'Welcome Beers';
      }),
      'schedule.days[0].events[0].id',
      /lowercase letters, digits and single hyphens/,
    );
    refused(
      edited((c) => {
        c.schedule.days[2].events[0].id = 'after-party';
      }),
      'schedule.days[2].events[0].id',
      /must differ from schedule\.days\[1\]\.events\[1\]\.id \("after-party"\)/,
    );
  });

  test('the time zone is one the site has rules for', () => {
    refused(
      edited((c) => {
        c.timeZone = 'Europe/Paris';
      }),
      'timeZone',
      /one of: America\/Los_Angeles/,
    );
  });

  test("the photos' files stay the slots'; their descriptions change", () => {
    refused(
      edited((c) => {
        c.photos[2].file = '../../etc/passwd';
      }),
      'photos[2].file',
      /must stay "juno-felix-photobooth-3"/,
    );
    refused(
      edited((c) => {
        c.footer.image.file = 'other';
      }),
      'footer.image.file',
      /uploading a new one/,
    );
    refused(
      edited((c) => {
        c.photos.pop();
      }),
      'photos',
      /exactly 4 items/,
    );
    const described = edited((c) => {
      c.photos[0].alt = 'Two glasses';
    }) as InvitationContent;
    assert.ok(validateContent(described, FIXED).ok);
  });

  test('at most 50 problems are listed', () => {
    const problems = problemsOf(
      edited((c) => {
        c.faq.items = Array.from({ length: 30 }, () => ({ question: '', answer: '', extra: 1 }));
      }),
    );
    assert.equal(problems.length, 50);
  });
});
