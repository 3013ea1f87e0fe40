/**
 * The schedule: one tab per day (the ARIA tabs pattern: the first day selected, the others
 * dimmed; arrow keys, Home and End move between tabs and select them), and the selected day's
 * title, full date and timeline of events, each with its place (map link, copy button) and its
 * calendar links; above the tabs, the link to every event's `.ics` file.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { calendarEntry } from '../calendar/calendar-events.js';
import { dayDateText } from '../content/date-text.js';
import type { InvitationContent, ScheduleDay } from '../content/invitation.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';
import { EventCalendarLinks, PartyCalendarLink } from './CalendarLinks.js';
import { EventPlace } from './EventPlace.js';
import { RichText } from './RichText.js';

/** What the schedule needs of the rest of the invitation: for the calendar and place links. */
export type ScheduleParty = Pick<InvitationContent, 'names' | 'timeZone' | 'calendar' | 'places'>;

/** The tab a key press moves to from `index` among `count` tabs, or `null` for other keys. */
export function tabForKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** One day's timeline. */
function DayPanel({ day, party }: { day: ScheduleDay; party: ScheduleParty }) {
  const texts = useSiteTexts();
  const chrome = texts.invitation;
  const places = { ...party.places, ...chrome.places };
  return (
    <>
      <h3 className="day-title">{day.title}</h3>
      <p className="day-date">{dayDateText(day.isoDate, texts.lang)}</p>
      <ol className="timeline">
        {day.events.map((event) => {
          const entry = calendarEntry(party, event);
          return (
            <li key={event.id} className="event">
              <span className="event-icon" aria-hidden="true">
                {event.icon}
              </span>
              <div className="event-body">
                <p className="event-time">{event.time}</p>
                <h4 className="event-title">{event.title}</h4>
                <p className="event-description">
                  <RichText text={event.description} />
                </p>
                <EventPlace event={event} texts={places} />
                {entry && <EventCalendarLinks texts={chrome.calendar} entry={entry} />}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** Props of {@link Schedule}: the content's schedule, and the party for its links. */
export interface ScheduleProps
  extends Pick<InvitationContent['schedule'], 'heading' | 'subtitle' | 'days'> {
  party: ScheduleParty;
}

/** The schedule section (`#schedule`). */
export function Schedule({ heading, subtitle, days, party }: ScheduleProps) {
  const chrome = useSiteTexts().invitation;
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const day = days[selected] ?? days[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabForKey(event.key, selected, days.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <section id="schedule" className="section schedule" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p className="section-subtitle">
        <RichText text={subtitle} />
      </p>
      <p className="calendar-all-row">
        <PartyCalendarLink texts={chrome.calendar} names={party.names} />
      </p>
      <div className="tabs" role="tablist" aria-label={heading}>
        {days.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            className="tab"
            aria-selected={index === selected}
            aria-controls={`${id}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {day && (
        <div
          className="tab-panel"
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${day.key}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern: a panel with no focusable content takes focus itself.
          tabIndex={0}
        >
          <DayPanel day={day} party={party} />
        </div>
      )}
    </section>
  );
}
