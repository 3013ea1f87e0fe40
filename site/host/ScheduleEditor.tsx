/**
 * The schedule in the invitation's form: its heading and subtitle, and up to three days (each
 * a tab on the invitation) with their events: time, icon, title, description, place, address,
 * and the start and end the calendars use. Days and events can be added, removed and reordered.
 */
import type { ScheduleDay, ScheduleEvent } from '../content/invitation.js';
import { getAt, moveItem } from './content-draft.js';
import { FieldProblems, ItemTools, TextField, useDraft } from './content-fields.js';

/** The invitation has at most three days, keyed in order. */
const DAY_KEYS = ['day1', 'day2', 'day3'] as const;

/** Days given their keys in order again, after one was added, moved or went. */
function rekeyed(days: readonly object[]): object[] {
  return days.map((day, index) => ({ ...day, key: DAY_KEYS[index] }));
}

/** A new day after the others (the day after the last one, when it has a date). */
function newDay(days: readonly ScheduleDay[]): object {
  const last = getAt(days.at(-1), ['isoDate']);
  const next = typeof last === 'string' ? new Date(`${last}T12:00:00Z`) : null;
  next?.setUTCDate(next.getUTCDate() + 1);
  const isoDate = next && !Number.isNaN(next.getTime()) ? next.toISOString().slice(0, 10) : '';
  return { key: 'day3', label: '', isoDate, title: '', events: [] };
}

/** A new event: the hosts fill it in. */
function newEvent(events: readonly ScheduleEvent[]): ScheduleEvent {
  let n = events.length + 1;
  while (events.some((event) => event.id === `event-${n}`)) n += 1;
  return { id: `event-${n}`, time: '', icon: '🎉', title: '', description: '', location: '' };
}

/** The schedule's part of the form. */
export function ScheduleEditor({ days }: { days: readonly ScheduleDay[] }) {
  const { update } = useDraft();
  const setDays = (next: readonly object[]) => update(['schedule', 'days'], rekeyed(next));
  return (
    <fieldset className="host-fieldset">
      <legend>Schedule</legend>
      <TextField path={['schedule', 'heading']} label="Heading" />
      <TextField path={['schedule', 'subtitle']} label="Subtitle" multiline />
      <FieldProblems path={['schedule', 'days']} />
      {days.map((day, index) => (
        <fieldset className="host-fieldset host-day" key={day.key}>
          <legend>
            Day {index + 1}
            {day.label ? `: ${day.label}` : ''}
          </legend>
          <ItemTools
            name={`day ${index + 1}`}
            index={index}
            count={days.length}
            onMove={(to) => setDays(moveItem(days, index, to))}
            onRemove={() => setDays(days.filter((_, i) => i !== index))}
          />
          <FieldProblems path={['schedule', 'days', index]} />
          <div className="host-grid">
            <TextField path={['schedule', 'days', index, 'label']} label="Tab label" />
            <TextField
              path={['schedule', 'days', index, 'isoDate']}
              label="Date"
              type="date"
              hint="Guests read it written out in their language."
            />
            <TextField path={['schedule', 'days', index, 'title']} label="Title" />
          </div>
          <EventsEditor dayIndex={index} events={day.events} />
        </fieldset>
      ))}
      {days.length < DAY_KEYS.length && (
        <button
          type="button"
          className="host-button"
          onClick={() => setDays([...days, newDay(days)])}
        >
          Add a day
        </button>
      )}
    </fieldset>
  );
}

/** Props of {@link EventsEditor}. */
interface EventsEditorProps {
  dayIndex: number;
  events: readonly ScheduleEvent[];
}

/** One day's events. */
function EventsEditor({ dayIndex, events }: EventsEditorProps) {
  const { update } = useDraft();
  const base = ['schedule', 'days', dayIndex, 'events'] as const;
  const setEvents = (next: readonly ScheduleEvent[]) => update(base, next);
  return (
    <div className="host-events">
      <FieldProblems path={base} />
      {events.map((event, index) => {
        const path = [...base, index];
        const name = `event ${index + 1} of day ${dayIndex + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the id is a field being edited; fields are bound by place.
          <fieldset className="host-fieldset host-event" key={index}>
            <legend>
              Event {index + 1}
              {event.title ? `: ${event.title}` : ''}
            </legend>
            <ItemTools
              name={name}
              index={index}
              count={events.length}
              onMove={(to) => setEvents(moveItem(events, index, to))}
              onRemove={() => setEvents(events.filter((_, i) => i !== index))}
            />
            <FieldProblems path={path} />
            <div className="host-grid">
              <TextField path={[...path, 'title']} label="Title" />
              <TextField path={[...path, 'time']} label="Time as guests read it" hint="e.g. 6pm" />
              <TextField path={[...path, 'icon']} label="Icon (one emoji)" />
              <TextField
                path={[...path, 'id']}
                label="Calendar name"
                hint="Lowercase letters, digits and hyphens; keep it when the title changes."
              />
            </div>
            <TextField path={[...path, 'description']} label="Description" multiline />
            <div className="host-grid">
              <TextField path={[...path, 'location']} label="Place" />
              <TextField path={[...path, 'address']} label="Street address" optional />
              <TextField path={[...path, 'starts']} label="Starts" type="datetime-local" optional />
              <TextField path={[...path, 'ends']} label="Ends" type="datetime-local" optional />
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="host-button"
        onClick={() => setEvents([...events, newEvent(events)])}
      >
        Add an event to day {dayIndex + 1}
      </button>
    </div>
  );
}
