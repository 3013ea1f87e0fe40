/**
 * The invitation's `.ics` files (RFC 5545), written by the build into the private folder
 * (`scripts/site-calendar-plugin.ts`), so the server hands them to invited guests alone: one with
 * every event ({@link PARTY_CALENDAR_PATH}) and one per event. Each has the zone's `VTIMEZONE`,
 * events at wall times in that zone, a UID made of the event's and the party's lasting names,
 * CRLF line endings and lines folded at 75 octets.
 */
import type { InvitationContent } from '../content/invitation.js';
import {
  type CalendarEntry,
  calendarEntries,
  EVENT_ID,
  eventCalendarPath,
  PARTY_CALENDAR_PATH,
} from './calendar-events.js';
import { vtimezoneLines } from './time-zone.js';

/** The longest line, in octets, before folding (RFC 5545 section 3.1). */
const LINE_OCTETS = 75;

/** `text` as an RFC 5545 TEXT value: backslash, semicolon, comma and newlines escaped. */
export function escapeText(text: string): string {
  return text
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replaceAll(/\r\n|\r|\n/g, '\\n');
}

/**
 * `line` folded into lines of at most 75 octets (a continuation starts with a space, which
 * counts), never inside a UTF-8 sequence, joined with CRLF.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** `2025-07-25T17:30` as `20250725T173000`. */
function localDateTime(local: string): string {
  return `${local.replaceAll(/[-:]/g, '')}00`;
}

/** An instant as `20250725T173000Z`. */
function utcDateTime(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replaceAll(/[-:]/g, '')}Z`;
}

/** The UID of the event `eventId`: its lasting name and the party's, nothing that changes. */
function uidOf(content: Pick<InvitationContent, 'calendar'>, eventId: string): string {
  if (!EVENT_ID.test(content.calendar.partyId)) {
    throw new Error(`calendar.partyId is lowercase words and hyphens: ${content.calendar.partyId}`);
  }
  return `${eventId}.${content.calendar.partyId}@velvet-invitation`;
}

function eventLines(
  content: Pick<InvitationContent, 'names' | 'calendar' | 'timeZone'>,
  entry: CalendarEntry,
  stamp: Date,
): string[] {
  const zone = content.timeZone;
  const { coordinates } = entry.event;
  return [
    'BEGIN:VEVENT',
    `UID:${uidOf(content, entry.event.id)}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `DTSTART;TZID=${zone}:${localDateTime(entry.starts)}`,
    `DTEND;TZID=${zone}:${localDateTime(entry.ends)}`,
    `SUMMARY:${escapeText(entry.title)}`,
    `DESCRIPTION:${escapeText(entry.description)}`,
    `LOCATION:${escapeText(entry.location)}`,
    ...(coordinates ? [`GEO:${coordinates.lat};${coordinates.lon}`] : []),
    'END:VEVENT',
  ];
}

/** A whole `VCALENDAR` with `entries`, as the file's text. */
function calendarText(
  content: Pick<InvitationContent, 'names' | 'calendar' | 'timeZone'>,
  entries: readonly CalendarEntry[],
  stamp: Date,
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Velvet//Invitation site//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(content.names)}`,
    ...vtimezoneLines(content.timeZone),
    ...entries.flatMap((entry) => eventLines(content, entry, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** One file to write: its URL path (under `/private/`) and its text. */
export interface IcsFile {
  readonly urlPath: string;
  readonly text: string;
}

/**
 * The calendar files of `content`: every event's in one, then one per event. `stamp` is the
 * files' `DTSTAMP`, when they were made.
 */
export function icsFiles(
  content: Pick<InvitationContent, 'names' | 'calendar' | 'timeZone' | 'schedule'>,
  stamp: Date,
): IcsFile[] {
  const entries = calendarEntries(content);
  return [
    { urlPath: PARTY_CALENDAR_PATH, text: calendarText(content, entries, stamp) },
    ...entries.map((entry) => ({
      urlPath: eventCalendarPath(entry.event.id),
      text: calendarText(content, [entry], stamp),
    })),
  ];
}
