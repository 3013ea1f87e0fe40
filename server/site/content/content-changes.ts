/**
 * What changed between two contents, as the one line a host reads in the audit log:
 * `Changed the FAQ answer to "Will there be food?" and the start time of "After Party"`.
 * Each changed field is named in the hosts' words (the event's or the question's own title, not
 * a path); more than three changes end with "and N more".
 */
import type { InvitationContent } from '../../../site/content/invitation.js';

/** The most changes a summary names. */
const NAMED = 3;

/** The words for an event's fields. */
const EVENT_FIELDS: Record<string, string> = {
  id: 'calendar name',
  time: 'time shown',
  icon: 'icon',
  title: 'title',
  description: 'description',
  location: 'place',
  address: 'address',
  coordinates: 'map position',
  starts: 'start time',
  ends: 'end time',
};

/** The words for the top-level fields and the other fixed ones, by path. */
const FIELDS: Record<string, string> = {
  names: 'the names',
  tagline: 'the tagline',
  'greeting.byName': 'the greeting',
  isoDate: 'the date',
  location: 'the city',
  timeZone: 'the time zone',
  'calendar.partyId': "the calendars' party name",
  'places.maps': 'the map service',
  'schedule.heading': "the schedule's heading",
  'schedule.subtitle': "the schedule's subtitle",
  'schedule.days': "the schedule's days",
  'faq.heading': "the FAQ's heading",
  'faq.subtitle': "the FAQ's subtitle",
  'faq.items': 'the list of FAQ questions',
  'faq.closing.heading': "the questions card's heading",
  'faq.closing.text': "the questions card's text",
  'faq.closing.phone': "the hosts' phone number",
  'faq.closing.textLabel': "the text link's words",
  nav: "the navigation's words",
  'footer.thanks': "the footer's thanks",
  'footer.image.alt': "the footer image's description",
};

/** `text` in quotes, at most 40 characters of it. */
function quoted(text: unknown): string {
  const value = String(text ?? '');
  return `"${value.length > 40 ? `${value.slice(0, 39)}…` : value}"`;
}

/** The paths (`faq.items[4].answer`) where `before` and `after` differ; a list whose length changed is one path. */
function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (Object.is(before, after)) return [];
  const bothObjects =
    typeof before === 'object' && before !== null && typeof after === 'object' && after !== null;
  if (!bothObjects) return [path];
  if (Array.isArray(before) || Array.isArray(after)) {
    if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) {
      return [path];
    }
    return before.flatMap((item, index) => changedPaths(item, after[index], `${path}[${index}]`));
  }
  const first = before as Record<string, unknown>;
  const second = after as Record<string, unknown>;
  if (path === 'nav' && JSON.stringify(first) !== JSON.stringify(second)) return [path];
  const keys = [...new Set([...Object.keys(first), ...Object.keys(second)])];
  return keys.flatMap((key) =>
    changedPaths(first[key], second[key], path ? `${path}.${key}` : key),
  );
}

/** The words for a day's fields. */
const DAY_FIELDS: Record<string, string> = {
  isoDate: 'date',
  events: 'list of events',
  label: 'tab label',
  title: 'title',
  key: 'key',
};

/** A change's words, from the match of its path and the contents before and after. */
type Describer = (
  match: RegExpExecArray,
  before: InvitationContent,
  after: InvitationContent,
) => string;

/** The changes within lists, by the shape of their path. */
const DESCRIBERS: ReadonlyArray<readonly [RegExp, Describer]> = [
  [
    /^faq\.items\[(\d+)\]\.answer$/,
    (match, _before, after) =>
      `the FAQ answer to ${quoted(after.faq.items[Number(match[1])]?.question)}`,
  ],
  [
    /^faq\.items\[(\d+)\]\.question$/,
    (match, before) => `the FAQ question ${quoted(before.faq.items[Number(match[1])]?.question)}`,
  ],
  [
    /^schedule\.days\[(\d+)\]\.events\[(\d+)\]\.(\w+)/,
    (match, before, after) => {
      const field = match[3] ?? '';
      // A renamed event is named as it was; any other change names it as it is.
      const source = field === 'title' ? before : after;
      const title = source.schedule.days[Number(match[1])]?.events[Number(match[2])]?.title;
      return `the ${EVENT_FIELDS[field] ?? field} of ${quoted(title)}`;
    },
  ],
  [
    /^schedule\.days\[(\d+)\]\.(\w+)/,
    (match, before) => {
      const label = before.schedule.days[Number(match[1])]?.label;
      const field = DAY_FIELDS[match[2] ?? ''] ?? match[2];
      return `the ${field} of ${quoted(label)}`;
    },
  ],
  [/^photos\[(\d+)\]\.alt$/, (match) => `the description of photo ${Number(match[1]) + 1}`],
];

/** The words for the change at `path`. */
function describe(path: string, before: InvitationContent, after: InvitationContent): string {
  const fixed = FIELDS[path] ?? FIELDS[path.replace(/\.\w+$/, '')];
  if (fixed) return fixed;
  for (const [pattern, words] of DESCRIBERS) {
    const match = pattern.exec(path);
    if (match) return words(match, before, after);
  }
  return path;
}

/** The audit log's line for a draft saved as `after` over `before`. */
export function describeChanges(before: InvitationContent, after: InvitationContent): string {
  const changes = [
    ...new Set(changedPaths(before, after).map((path) => describe(path, before, after))),
  ];
  if (changes.length === 0) return 'Saved the draft with no changes';
  const named = changes.slice(0, NAMED);
  const more = changes.length - named.length;
  const list =
    more > 0
      ? `${named.join(', ')} and ${more} more`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`
        : (named[0] ?? '');
  return `Changed ${list}`;
}
