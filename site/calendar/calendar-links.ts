/**
 * "Add to Google Calendar" and "Add to Outlook" links for one event: each service's page that
 * opens a new event filled in with the title, the times (in UTC, so the guest's own time zone
 * shows them right), the place and the description.
 */
import type { CalendarEntry } from './calendar-events.js';

/** `20250726T010000Z`, the basic ISO form Google takes. */
function basicUtc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replaceAll(/[-:]/g, '')}Z`;
}

/** `2025-07-26T01:00:00Z`, the extended ISO form Outlook takes. */
function extendedUtc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

/** Google Calendar's "create event" page for `entry`. */
export function googleCalendarUrl(entry: CalendarEntry): string {
  const url = new URL('https://calendar.google.com/calendar/render');
  url.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.title,
    dates: `${basicUtc(entry.start)}/${basicUtc(entry.end)}`,
    details: entry.description,
    location: entry.location,
  }).toString();
  return url.href;
}

/** Outlook on the web's "new event" page for `entry`. */
export function outlookCalendarUrl(entry: CalendarEntry): string {
  const url = new URL('https://outlook.live.com/calendar/0/action/compose');
  url.search = new URLSearchParams({
    rru: 'addevent',
    subject: entry.title,
    startdt: extendedUtc(entry.start),
    enddt: extendedUtc(entry.end),
    body: entry.description,
    location: entry.location,
  }).toString();
  return url.href;
}
