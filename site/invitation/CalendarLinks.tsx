/**
 * The ways to put the party in a calendar: the `.ics` file of every event (for the schedule's
 * top) and, per event, its own `.ics` file and Google Calendar and Outlook links. The files are
 * served to invited guests only (`dist/site/private/`); the links open the services' own pages
 * in a new tab, filled in, and send them no referrer.
 */
import {
  type CalendarEntry,
  eventCalendarPath,
  PARTY_CALENDAR_PATH,
} from '../calendar/calendar-events.js';
import { googleCalendarUrl, outlookCalendarUrl } from '../calendar/calendar-links.js';
import type { InvitationChrome } from '../i18n/en.js';

/** The words of the calendar links. */
type CalendarTexts = InvitationChrome['calendar'];

/** `Juno & Felix` as `juno-felix`, for a file name. */
function fileStem(text: string): string {
  return (
    text
      .toLowerCase()
      .replaceAll(/[^a-z0-9]+/g, '-')
      .replaceAll(/^-|-$/g, '') || 'party'
  );
}

/** The link to the `.ics` file with every event, saved as `{names}.ics`. */
export function PartyCalendarLink({ texts, names }: { texts: CalendarTexts; names: string }) {
  return (
    <a
      className="button calendar-all"
      href={PARTY_CALENDAR_PATH}
      download={`${fileStem(names)}.ics`}
    >
      <span aria-hidden="true">📅</span>
      {texts.wholeParty}
    </a>
  );
}

/** One event's calendar links, as a named group. */
export function EventCalendarLinks({
  texts,
  entry,
}: {
  texts: CalendarTexts;
  entry: CalendarEntry;
}) {
  const { id, title } = entry.event;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <ul className="event-links" aria-label={texts.eventGroup.replace('{title}', title)}>
      <li>
        <a className="chip" href={eventCalendarPath(id)} download={`${id}.ics`}>
          {texts.file}
        </a>
      </li>
      <li>
        <a className="chip" href={googleCalendarUrl(entry)} {...external}>
          {texts.google}
        </a>
      </li>
      <li>
        <a className="chip" href={outlookCalendarUrl(entry)} {...external}>
          {texts.outlook}
        </a>
      </li>
    </ul>
  );
}
