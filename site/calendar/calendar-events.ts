/**
 * The invitation's events as calendar entries: those with a start and an end, with their
 * instants, and where each one's `.ics` file is served. Shared by the build (which writes the
 * files, `ics-files.ts`) and the invitation (which links to them, and to Google and Outlook).
 */
import type { InvitationContent, ScheduleEvent } from '../content/invitation.js';
import { plainText } from '../text/inline-links.js';
import { toInstant } from './time-zone.js';

/** An event that has a place in a calendar. */
export interface CalendarEntry {
  readonly event: ScheduleEvent;
  /** Wall times in the invitation's time zone, `YYYY-MM-DDTHH:MM`. */
  readonly starts: string;
  readonly ends: string;
  readonly start: Date;
  readonly end: Date;
  /** The title as calendars show it: the event's and the couple's names. */
  readonly title: string;
  /** Plain text (no markup). */
  readonly description: string;
  /** The place as calendars show it: its name, and its address when the hosts gave one. */
  readonly location: string;
}

/** The URL path of the `.ics` file with every event. */
export const PARTY_CALENDAR_PATH = '/private/calendar.ics';

/** An event id (and the party's id) as the content must write it: it names a file. */
export const EVENT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The URL path of the `.ics` file of the event `id`. */
export function eventCalendarPath(id: string): string {
  if (!EVENT_ID.test(id)) throw new Error(`an event id is lowercase words and hyphens: ${id}`);
  return `/private/calendar/${id}.ics`;
}

/** The entry of `event`, or `undefined` when it has no start or end. */
export function calendarEntry(
  content: Pick<InvitationContent, 'timeZone' | 'names'>,
  event: ScheduleEvent,
): CalendarEntry | undefined {
  const { starts, ends } = event;
  if (!starts || !ends) return undefined;
  const start = toInstant(content.timeZone, starts);
  const end = toInstant(content.timeZone, ends);
  if (end <= start) throw new Error(`${event.id} ends before it starts`);
  return {
    event,
    starts,
    ends,
    start,
    end,
    title: `${event.title} · ${content.names}`,
    description: plainText(event.description),
    location: event.address ? `${event.location}, ${event.address}` : event.location,
  };
}

/** Every event of the schedule that has a start and an end, in order; ids must differ. */
export function calendarEntries(
  content: Pick<InvitationContent, 'timeZone' | 'names' | 'schedule'>,
): CalendarEntry[] {
  const events = content.schedule.days.flatMap((day) => day.events);
  const ids = new Set(events.map((event) => event.id));
  if (ids.size !== events.length) throw new Error('two events of the schedule share an id');
  return events.flatMap((event) => calendarEntry(content, event) ?? []);
}
