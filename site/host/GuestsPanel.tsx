/**
 * The guests: a table of everyone on the list (name, number, whether they signed in and when
 * they were last seen, their RSVP answer and note), a search, adding, editing and removing a
 * guest (removing asks first), importing a CSV and a link that downloads the list as one.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useHostAction } from './confirm-sign-in.js';
import { ConfirmDialog, Dialog } from './Dialog.js';
import { useFocusAfterRender } from './focus-after-render.js';
import { type GuestFields, GuestForm } from './GuestForm.js';
import { GuestImport } from './GuestImport.js';
import { HOST_API, hostApi, segment } from './host-api.js';
import type { Guest, GuestAnswer, GuestList } from './host-types.js';
import { errorNote, formatTime, type Note, Notes } from './Notes.js';

/** Props of {@link GuestsPanel}. */
export interface GuestsPanelProps {
  /** Whether the panel is showing: it reloads the list each time it comes back. */
  active: boolean;
}

/** The list's query string. */
function listQuery(search: string, everyone: boolean): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('q', search.trim());
  if (everyone) params.set('all', '1');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The guests' section. */
export function GuestsPanel({ active }: GuestsPanelProps) {
  const id = useId();
  const run = useHostAction();
  // After a removal the row and its button are gone: the section's heading takes the focus.
  const [heading, focusHeading] = useFocusAfterRender<HTMLHeadingElement>();
  const [search, setSearch] = useState('');
  const [everyone, setEveryone] = useState(false);
  const [guests, setGuests] = useState<readonly Guest[] | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [editing, setEditing] = useState<Guest | null>(null);
  const [removing, setRemoving] = useState<Guest | null>(null);
  const [reloads, setReloads] = useState(0);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  // The list for the search, asked again a moment after typing stops.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for the list again.
  useEffect(() => {
    if (!active) return;
    let current = true;
    const timer = setTimeout(() => {
      hostApi<GuestList>(`/guests${listQuery(search, everyone)}`)
        .then((answer) => {
          if (!current) return;
          setGuests(answer.guests);
          setLoadProblem(null);
        })
        .catch((error: unknown) => {
          if (current) setLoadProblem(error instanceof Error ? error.message : 'Not loaded.');
        });
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [active, search, everyone, reloads]);

  const add = async (fields: GuestFields) => {
    const answer = await run(() =>
      hostApi<GuestAnswer>('/guests', { method: 'POST', json: fields }),
    );
    const who = answer.guest.name || answer.guest.phone_display;
    setNote({
      kind: 'done',
      text: `${who} is on the list.${answer.warning ? ` ${answer.warning}` : ''}`,
    });
    reload();
  };

  const edit = async (guest: Guest, fields: GuestFields) => {
    const changes = {
      ...(fields.name !== guest.name ? { name: fields.name } : {}),
      ...(fields.phone_number !== guest.phone_number ? { phone_number: fields.phone_number } : {}),
    };
    await run(() =>
      hostApi<GuestAnswer>(`/guests/${segment(guest.user_id)}`, { method: 'PATCH', json: changes }),
    );
    setEditing(null);
    setNote({ kind: 'done', text: `Saved ${fields.name || fields.phone_number}.` });
    reload();
  };

  const remove = async (guest: Guest) => {
    setRemoving(null);
    try {
      await run(() =>
        hostApi<GuestAnswer>(`/guests/${segment(guest.user_id)}`, { method: 'DELETE' }),
      );
      setNote({ kind: 'done', text: `${guest.name || guest.phone_display} is off the list.` });
      focusHeading();
      reload();
    } catch (error) {
      setNote(errorNote(error));
    }
  };

  return (
    <div className="host-section">
      <h2 ref={heading} tabIndex={-1}>
        Guests
      </h2>
      <div className="host-toolbar">
        <div className="host-field">
          <label htmlFor={`${id}-search`}>Search by name, number or note</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onInput={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <div className="host-check">
          <input
            id={`${id}-all`}
            type="checkbox"
            checked={everyone}
            onChange={(event) => setEveryone(event.currentTarget.checked)}
          />
          <label htmlFor={`${id}-all`}>Show people taken off the list too</label>
        </div>
        <a className="host-button" href={`${HOST_API}/guests.csv`} download="guests.csv">
          Export CSV
        </a>
      </div>
      <Notes note={note} />
      {loadProblem && (
        <div className="host-problem">
          <p>The list could not load: {loadProblem}</p>
          <button type="button" className="host-button" onClick={reload}>
            Retry
          </button>
        </div>
      )}
      {guests === null && !loadProblem ? (
        <p role="status">Loading the guests…</p>
      ) : (
        guests && <GuestTable guests={guests} onEdit={setEditing} onRemove={setRemoving} />
      )}
      <section className="host-card" aria-labelledby={`${id}-add`}>
        <h3 id={`${id}-add`}>Add a guest</h3>
        <GuestForm submitLabel="Add guest" onSubmit={add} />
      </section>
      <GuestImport onApplied={reload} />
      <Dialog open={editing !== null} title="Edit guest" onCancel={() => setEditing(null)}>
        {editing && (
          <GuestForm
            initial={{ phone_number: editing.phone_number, name: editing.name }}
            submitLabel="Save"
            onSubmit={(fields) => edit(editing, fields)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this guest?"
        text={
          removing
            ? `${removing.name || removing.phone_display} (${removing.phone_display}) comes off the guest list and can no longer open the invitation.`
            : ''
        }
        confirmLabel="Remove"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

/** Props of {@link GuestTable}. */
interface GuestTableProps {
  guests: readonly Guest[];
  onEdit: (guest: Guest) => void;
  onRemove: (guest: Guest) => void;
}

/** Where a guest is: invited or not, signed in or not, last seen. */
function presence(guest: Guest): string {
  if (!guest.invited) return 'Not on the list';
  if (!guest.signed_in) return 'Invited, not signed in yet';
  return guest.last_seen_at
    ? `Signed in, last seen ${formatTime(guest.last_seen_at)}`
    : 'Signed in';
}

/** The guest's RSVP answer in words. */
function answer(guest: Guest): string {
  if (!guest.rsvp) return 'No answer yet';
  if (!guest.rsvp.attending) return 'Not coming';
  return guest.rsvp.party_size > 1 ? `Coming, ${guest.rsvp.party_size} of them` : 'Coming, alone';
}

/** The table, scrolling sideways on its own on a narrow screen. */
function GuestTable({ guests, onEdit, onRemove }: GuestTableProps) {
  const counts = guests.reduce(
    (sum, guest) => ({
      coming: sum.coming + (guest.rsvp?.attending ? guest.rsvp.party_size : 0),
      answered: sum.answered + (guest.rsvp ? 1 : 0),
    }),
    { coming: 0, answered: 0 },
  );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className="host-table-wrap" tabIndex={0} aria-label="Guest list">
      <table className="host-table">
        <caption>
          {guests.length} {guests.length === 1 ? 'guest' : 'guests'}, {counts.answered} answered,{' '}
          {counts.coming} coming
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Number</th>
            <th scope="col">Status</th>
            <th scope="col">RSVP</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {guests.map((guest) => {
            const who = guest.name || guest.phone_display;
            return (
              <tr key={guest.user_id}>
                <th scope="row">{guest.name || <span className="host-muted">(no name)</span>}</th>
                <td>{guest.phone_display}</td>
                <td>
                  {presence(guest)}
                  {guest.warning && <p className="host-warning">{guest.warning}</p>}
                </td>
                <td>
                  {answer(guest)}
                  {guest.rsvp?.note && <p className="host-guest-note">“{guest.rsvp.note}”</p>}
                </td>
                <td>
                  <div className="host-row-actions">
                    <button
                      type="button"
                      className="host-button host-button--small"
                      aria-label={`Edit ${who}`}
                      onClick={() => onEdit(guest)}
                    >
                      Edit
                    </button>
                    {guest.invited && (
                      <button
                        type="button"
                        className="host-button host-button--small host-button--danger"
                        aria-label={`Remove ${who}`}
                        onClick={() => onRemove(guest)}
                      >
                        Remove
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
