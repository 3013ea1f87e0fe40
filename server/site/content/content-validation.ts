/**
 * The check of an invitation's content (`InvitationContent`, `site/content/invitation.ts`) that
 * comes from outside (the hosts' page): it must have exactly that shape (no key more or less,
 * texts within their lengths, lists within their sizes) and make sense as an invitation. Every
 * problem is reported with where it is, e.g. `schedule.days[1].events[0].starts: …`, and nothing
 * is written while there is one.
 *
 * The rules beyond the shape:
 * - Dates: `isoDate` and each day's `isoDate` are real dates (`YYYY-MM-DD`); the days come in
 *   order, one per date, keyed `day1`, `day2`, `day3`; the main date is one of the days. The
 *   dates guests read are written from these (`site/content/date-text.ts`), so they cannot
 *   disagree.
 * - Times: an event has both `starts` and `ends` (a calendar entry) or neither (a secret one),
 *   each a real wall time `YYYY-MM-DDTHH:MM` in the party's time zone, `starts` before `ends`.
 *   An event starts on its day, or before 06:00 the next morning (the night goes on), and ends
 *   by 12:00 the day after its day at the latest.
 * - Links: a running text's `[words](target)` must go to an `https:`, `mailto:` or `tel:` address
 *   (what `site/text/inline-links.ts` turns into a link); anything else (`javascript:`, `http:`,
 *   a relative path) is refused, not dropped.
 * - Names: event ids are lowercase words and hyphens and differ; the party's id too.
 * - The time zone is one the site has rules for (`site/calendar/time-zone.ts`).
 * - Photos: their `file` names are the photo slots' and fixed (`fixed`): only `alt` changes here.
 */
import { EVENT_ID } from '../../../site/calendar/calendar-events.js';
import { TIME_ZONES } from '../../../site/calendar/time-zone.js';
import type { InvitationContent } from '../../../site/content/invitation.js';
import { safeHref, writtenLinks } from '../../../site/text/inline-links.js';

/** One thing wrong with a content, and where. */
export interface ContentProblem {
  /** Where, as a path into the content: `faq.items[2].answer`. */
  path: string;
  message: string;
}

/** The outcome of {@link validateContent}. */
export type ContentCheck =
  | { ok: true; content: InvitationContent }
  | { ok: false; problems: ContentProblem[] };

/** The photo slots' file names, which a content may not change. */
export interface FixedPhotoFiles {
  /** The four photobooth photos', in order. */
  photos: readonly string[];
  footer: string;
}

/** The most problems one answer lists. */
const MAX_PROBLEMS = 50;
/** The days a schedule may have (one tab each: `day1` to `day3`). */
const MAX_DAYS = 3;
const MAX_EVENTS_PER_DAY = 12;
const MAX_FAQ_ITEMS = 30;
/** An event starts before this hour of the next morning, at the latest. */
const NIGHT_ENDS = '06:00';
/** An event ends by this time of the day after its day, at the latest. */
const LATEST_END = '12:00';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
/** Control characters; a running text may still hold line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f]/;

/** What a text field accepts. */
interface TextRule {
  max: number;
  /** May be empty (else it needs a non-blank character). */
  optional?: boolean;
  /** A running text: may hold line breaks and links, whose targets are checked. */
  rich?: boolean;
}

type Value = unknown;
type Fields = Record<string, Value>;

/** Collects the problems of one content. */
class Checker {
  readonly problems: ContentProblem[] = [];

  add(path: string, message: string): void {
    if (this.problems.length < MAX_PROBLEMS) this.problems.push({ path, message });
  }

  /**
   * `value` as an object with exactly the keys `required` and some of `optional`, else
   * undefined (the problem reported).
   */
  object(
    path: string,
    value: Value,
    required: readonly string[],
    optional: readonly string[] = [],
  ): Fields | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.add(path, 'must be an object');
      return undefined;
    }
    const fields = value as Fields;
    const known = new Set([...required, ...optional]);
    for (const key of Object.keys(fields)) {
      if (!known.has(key)) this.add(join(path, key), 'is not a field of the invitation');
    }
    for (const key of required) {
      if (fields[key] === undefined) this.add(join(path, key), 'is required');
    }
    return fields;
  }

  /** `value` as a list of `min` to `max` items, else undefined. */
  list(path: string, value: Value, min: number, max: number): readonly Value[] | undefined {
    if (!Array.isArray(value)) {
      this.add(path, 'must be a list');
      return undefined;
    }
    if (value.length < min || value.length > max) {
      this.add(
        path,
        min === max
          ? `must have exactly ${min} items`
          : `must have ${min === 0 ? 'at most' : `${min} to`} ${max} items`,
      );
      return undefined;
    }
    return value;
  }

  /** Checks a text field (when present: a missing one was reported by `object`). */
  text(path: string, value: Value, rule: TextRule): value is string {
    if (value === undefined) return false;
    if (typeof value !== 'string') {
      this.add(path, 'must be text');
      return false;
    }
    if (!rule.optional && value.trim() === '') {
      this.add(path, 'must not be empty');
      return false;
    }
    if ([...value].length > rule.max) {
      this.add(path, `must be at most ${rule.max} characters`);
      return false;
    }
    if ((rule.rich ? CONTROL : CONTROL_OR_BREAK).test(value)) {
      this.add(path, rule.rich ? 'must not hold control characters' : 'must be one line of text');
      return false;
    }
    if (rule.rich) this.links(path, value);
    return true;
  }

  /** Reports each link of `text` whose target would not become a link. */
  links(path: string, text: string): void {
    for (const { target } of writtenLinks(text)) {
      if (!safeHref(target)) {
        this.add(
          path,
          `the link to "${shorten(target)}" is not allowed: links go to https:, mailto: or tel: addresses only`,
        );
      }
    }
  }

  /** Checks a field that must be one of `choices`. */
  oneOf(path: string, value: Value, choices: readonly string[]): void {
    if (value === undefined) return;
    if (typeof value !== 'string' || !choices.includes(value)) {
      this.add(path, `must be one of: ${choices.join(', ')}`);
    }
  }

  /** Checks a real date `YYYY-MM-DD`; true when it is one. */
  isoDate(path: string, value: Value): value is string {
    if (value === undefined) return false;
    if (typeof value !== 'string' || !isRealDate(value)) {
      this.add(path, 'must be a real date written YYYY-MM-DD, e.g. 2025-07-26');
      return false;
    }
    return true;
  }

  /** Checks a real wall time `YYYY-MM-DDTHH:MM`; true when it is one. */
  localTime(path: string, value: Value): value is string {
    if (value === undefined) return false;
    if (typeof value !== 'string' || !isRealLocalTime(value)) {
      this.add(
        path,
        'must be a real date and time written YYYY-MM-DDTHH:MM, e.g. 2025-07-26T18:00',
      );
      return false;
    }
    return true;
  }

  /** Checks a number from `min` to `max`. */
  number(path: string, value: Value, min: number, max: number): void {
    if (value === undefined) return;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      this.add(path, `must be a number from ${min} to ${max}`);
    }
  }
}

/** `path.key`, or `key` at the top. */
function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** At most 60 characters of `text`, for a message. */
function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Whether `text` is `YYYY-MM-DD` of a day that exists. */
function isRealDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2200 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Whether `text` is `YYYY-MM-DDTHH:MM` of a real day and time. */
function isRealLocalTime(text: string): boolean {
  const match = LOCAL_TIME.exec(text);
  if (!match) return false;
  const [, date = '', hour = '', minute = ''] = match;
  return isRealDate(date) && Number(hour) <= 23 && Number(minute) <= 59;
}

/** The day after `isoDate`. */
function nextDay(isoDate: string): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Every rule for one event of the day `dayDate` (when valid); its id, when a text. */
function checkEvent(check: Checker, path: string, value: Value, dayDate: string | undefined) {
  const event = check.object(
    path,
    value,
    ['id', 'time', 'icon', 'title', 'description', 'location'],
    ['address', 'coordinates', 'starts', 'ends'],
  );
  if (!event) return undefined;
  if (check.text(join(path, 'id'), event.id, { max: 60 }) && !EVENT_ID.test(event.id)) {
    check.add(
      join(path, 'id'),
      'must be lowercase letters, digits and single hyphens, e.g. after-party',
    );
  }
  check.text(join(path, 'time'), event.time, { max: 30 });
  check.text(join(path, 'icon'), event.icon, { max: 16 });
  check.text(join(path, 'title'), event.title, { max: 100 });
  check.text(join(path, 'description'), event.description, {
    max: 1000,
    optional: true,
    rich: true,
  });
  check.text(join(path, 'location'), event.location, { max: 200 });
  if (event.address !== undefined) check.text(join(path, 'address'), event.address, { max: 200 });
  if (event.coordinates !== undefined) {
    const at = join(path, 'coordinates');
    const point = check.object(at, event.coordinates, ['lat', 'lon']);
    if (point) {
      check.number(join(at, 'lat'), point.lat, -90, 90);
      check.number(join(at, 'lon'), point.lon, -180, 180);
    }
  }
  checkTimes(check, path, event, dayDate);
  return typeof event.id === 'string' ? event.id : undefined;
}

/** The rules of an event's `starts` and `ends` (see the module's comment). */
function checkTimes(check: Checker, path: string, event: Fields, dayDate: string | undefined) {
  if ((event.starts === undefined) !== (event.ends === undefined)) {
    const missing = event.starts === undefined ? 'starts' : 'ends';
    check.add(
      join(path, missing),
      'is required with the other: an event has both a start and an end, or neither',
    );
    return;
  }
  const starts = check.localTime(join(path, 'starts'), event.starts) ? event.starts : undefined;
  const ends = check.localTime(join(path, 'ends'), event.ends) ? event.ends : undefined;
  if (starts && ends && ends <= starts) {
    check.add(join(path, 'ends'), `must be after the start (${starts})`);
    return;
  }
  if (!dayDate) return;
  const after = nextDay(dayDate);
  const onDay =
    starts?.startsWith(dayDate) || (starts?.startsWith(after) && starts < `${after}T${NIGHT_ENDS}`);
  if (starts && !onDay) {
    check.add(
      join(path, 'starts'),
      `must be on the event's day, ${dayDate} (or before ${NIGHT_ENDS} the next morning)`,
    );
  }
  if (ends && ends > `${after}T${LATEST_END}`) {
    check.add(
      join(path, 'ends'),
      `must be by ${LATEST_END} on ${after}, the day after the event's day`,
    );
  }
}

/** The schedule: its days in order, their events, unique event ids. */
function checkSchedule(check: Checker, value: Value, mainDate: string | undefined) {
  const schedule = check.object('schedule', value, ['heading', 'subtitle', 'days']);
  if (!schedule) return;
  check.text('schedule.heading', schedule.heading, { max: 80 });
  check.text('schedule.subtitle', schedule.subtitle, { max: 300, optional: true, rich: true });
  const days = check.list('schedule.days', schedule.days, 1, MAX_DAYS);
  if (!days) return;
  const ids = new Map<string, string>();
  const dates: string[] = [];
  days.forEach((value, index) => {
    const path = `schedule.days[${index}]`;
    const day = check.object(path, value, ['key', 'label', 'isoDate', 'title', 'events']);
    if (!day) return;
    const key = `day${index + 1}`;
    if (day.key !== key)
      check.add(join(path, 'key'), `must be ${key}: the days are day1 to day3 in order`);
    check.text(join(path, 'label'), day.label, { max: 40 });
    check.text(join(path, 'title'), day.title, { max: 100 });
    const date = check.isoDate(join(path, 'isoDate'), day.isoDate) ? day.isoDate : undefined;
    if (date) {
      const previous = dates.at(-1);
      if (previous && date <= previous) {
        check.add(join(path, 'isoDate'), `must come after the day before it (${previous})`);
      }
      dates.push(date);
    }
    const events = check.list(join(path, 'events'), day.events, 0, MAX_EVENTS_PER_DAY) ?? [];
    events.forEach((event, at) => {
      const eventPath = `${path}.events[${at}]`;
      const id = checkEvent(check, eventPath, event, date);
      if (id === undefined) return;
      const first = ids.get(id);
      if (first) check.add(join(eventPath, 'id'), `must differ from ${first}.id ("${id}")`);
      else ids.set(id, eventPath);
    });
  });
  if (mainDate && dates.length === days.length && !dates.includes(mainDate)) {
    check.add('isoDate', `must be one of the schedule's days (${dates.join(', ')})`);
  }
}

/** The FAQ and its closing card. */
function checkFaq(check: Checker, value: Value) {
  const faq = check.object('faq', value, ['heading', 'subtitle', 'items', 'closing']);
  if (!faq) return;
  check.text('faq.heading', faq.heading, { max: 80 });
  check.text('faq.subtitle', faq.subtitle, { max: 200, optional: true });
  const items = check.list('faq.items', faq.items, 0, MAX_FAQ_ITEMS) ?? [];
  items.forEach((value, index) => {
    const path = `faq.items[${index}]`;
    const item = check.object(path, value, ['question', 'answer']);
    if (!item) return;
    check.text(join(path, 'question'), item.question, { max: 200 });
    check.text(join(path, 'answer'), item.answer, { max: 2000, rich: true });
  });
  const closing = check.object('faq.closing', faq.closing, [
    'heading',
    'text',
    'phone',
    'textLabel',
  ]);
  if (!closing) return;
  check.text('faq.closing.heading', closing.heading, { max: 80 });
  check.text('faq.closing.text', closing.text, { max: 1000, optional: true, rich: true });
  if (
    check.text('faq.closing.phone', closing.phone, { max: 30 }) &&
    !/^\+?[\d\s().-]*\d[\d\s().-]*$/.test(closing.phone)
  ) {
    check.add(
      'faq.closing.phone',
      'must be a phone number: digits, spaces, ( ) . - and a leading +',
    );
  }
  check.text('faq.closing.textLabel', closing.textLabel, { max: 60 });
}

/** A photo: its fixed file name and its description. */
function checkPhoto(check: Checker, path: string, value: Value, file: string | undefined) {
  const photo = check.object(path, value, ['file', 'alt']);
  if (!photo) return;
  if (photo.file !== undefined && photo.file !== file) {
    check.add(
      join(path, 'file'),
      `must stay ${JSON.stringify(file)}: a photo is changed by uploading a new one, not by its name`,
    );
  }
  check.text(join(path, 'alt'), photo.alt, { max: 300 });
}

/** The calendar settings: the party's lasting id. */
function checkCalendar(check: Checker, value: Value) {
  const calendar = check.object('calendar', value, ['partyId']);
  if (
    calendar &&
    check.text('calendar.partyId', calendar.partyId, { max: 80 }) &&
    !EVENT_ID.test(calendar.partyId)
  ) {
    check.add('calendar.partyId', 'must be lowercase letters, digits and single hyphens');
  }
}

/** The navigation's optional labels. */
function checkNav(check: Checker, value: Value) {
  if (value === undefined) return;
  const nav = check.object('nav', value, [], ['hero', 'schedule', 'faq']);
  for (const key of ['hero', 'schedule', 'faq']) {
    if (nav?.[key] !== undefined) check.text(`nav.${key}`, nav[key], { max: 30, optional: true });
  }
}

/** The invitation's top-level keys. */
const TOP_KEYS = [
  'names',
  'tagline',
  'greeting',
  'isoDate',
  'location',
  'timeZone',
  'calendar',
  'places',
  'schedule',
  'faq',
  'photos',
  'footer',
] as const;

/**
 * Checks `value` (parsed JSON from outside) as an invitation whose photos keep the files
 * `fixed`: the content, or every problem found (at most 50).
 */
export function validateContent(value: Value, fixed: FixedPhotoFiles): ContentCheck {
  const check = new Checker();
  const content = check.object('', value, TOP_KEYS, ['nav']);
  if (!content) return { ok: false, problems: check.problems };
  check.text('names', content.names, { max: 120 });
  check.text('tagline', content.tagline, { max: 300, optional: true, rich: true });
  const greeting = check.object('greeting', content.greeting, ['byName']);
  if (greeting && greeting.byName !== undefined && typeof greeting.byName !== 'boolean') {
    check.add('greeting.byName', 'must be true or false');
  }
  const mainDate = check.isoDate('isoDate', content.isoDate) ? content.isoDate : undefined;
  check.text('location', content.location, { max: 120 });
  check.oneOf('timeZone', content.timeZone, Object.keys(TIME_ZONES));
  checkCalendar(check, content.calendar);
  const places = check.object('places', content.places, ['maps']);
  if (places) check.oneOf('places.maps', places.maps, ['openstreetmap', 'google']);
  checkSchedule(check, content.schedule, mainDate);
  checkFaq(check, content.faq);
  checkNav(check, content.nav);
  const photos = check.list('photos', content.photos, fixed.photos.length, fixed.photos.length);
  photos?.forEach((photo, index) => {
    checkPhoto(check, `photos[${index}]`, photo, fixed.photos[index]);
  });
  const footer = check.object('footer', content.footer, ['thanks', 'image']);
  if (footer) {
    check.text('footer.thanks', footer.thanks, { max: 200 });
    if (footer.image !== undefined) checkPhoto(check, 'footer.image', footer.image, fixed.footer);
  }
  if (check.problems.length > 0) return { ok: false, problems: check.problems };
  return { ok: true, content: value as InvitationContent };
}

/** The photo files of `content`, which a later content must keep. */
export function photoFilesOf(content: InvitationContent): FixedPhotoFiles {
  return { photos: content.photos.map((photo) => photo.file), footer: content.footer.image.file };
}
