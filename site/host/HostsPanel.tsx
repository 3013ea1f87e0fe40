/**
 * The hosts: everyone who may open this page (those the config file lists, who can only be
 * removed there, and those added here), adding one by phone number or email, and removing one
 * (asked first; the server keeps the last host and the config's).
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useHostAction } from './confirm-sign-in.js';
import { ConfirmDialog } from './Dialog.js';
import { useFocusAfterRender } from './focus-after-render.js';
import { hostApi, segment } from './host-api.js';
import type { HostEntry, HostList } from './host-types.js';
import { errorNote, formatTime, type Note, Notes } from './Notes.js';

/** Props of {@link HostsPanel}. */
export interface HostsPanelProps {
  /** Whether the panel is showing: it reloads each time it comes back. */
  active: boolean;
}

/** The hosts' section. */
export function HostsPanel({ active }: HostsPanelProps) {
  const id = useId();
  const run = useHostAction();
  // After a removal the row and its button are gone: the section's heading takes the focus.
  const [heading, focusHeading] = useFocusAfterRender<HTMLHeadingElement>();
  const [hosts, setHosts] = useState<readonly HostEntry[] | null>(null);
  const [identifier, setIdentifier] = useState('');
  const [note, setNote] = useState<Note>(null);
  const [removing, setRemoving] = useState<HostEntry | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setHosts((await hostApi<HostList>('/hosts')).hosts);
    } catch (error) {
      setNote(errorNote(error));
    }
  }, []);

  useEffect(() => {
    if (active) void load();
  }, [active, load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      const value = identifier.trim();
      await run(() => hostApi('/hosts', { method: 'POST', json: { identifier: value } }));
      setIdentifier('');
      setNote({ kind: 'done', text: `${value} is one of the hosts now.` });
      await load();
    } catch (error) {
      setNote(errorNote(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (host: HostEntry) => {
    setRemoving(null);
    setNote(null);
    try {
      await run(() => hostApi(`/hosts/${segment(host.id)}`, { method: 'DELETE' }));
      setNote({ kind: 'done', text: `${host.identifier} is no longer a host.` });
      focusHeading();
      await load();
    } catch (error) {
      setNote(errorNote(error));
    }
  };

  return (
    <div className="host-section">
      <h2 ref={heading} tabIndex={-1}>
        Hosts
      </h2>
      <Notes note={note} />
      {hosts === null ? (
        note === null && <p role="status">Loading the hosts…</p>
      ) : (
        <ul className="host-list">
          {hosts.map((host) => (
            <li key={host.id} className="host-list-item">
              <div>
                <p className="host-list-title">{host.identifier}</p>
                <p className="host-muted">
                  {host.source === 'config'
                    ? 'Listed in the config file'
                    : `Added ${formatTime(host.added_at)}${host.added_by ? ` by ${host.added_by}` : ''}`}
                </p>
              </div>
              {host.source === 'added' && (
                <button
                  type="button"
                  className="host-button host-button--small host-button--danger"
                  aria-label={`Remove ${host.identifier}`}
                  onClick={() => setRemoving(host)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <section className="host-card" aria-labelledby={`${id}-add`}>
        <h3 id={`${id}-add`}>Add a host</h3>
        <form className="host-form host-form--row" onSubmit={add}>
          <div className="host-field">
            <label htmlFor={`${id}-identifier`}>Phone number or email</label>
            <input
              id={`${id}-identifier`}
              type="text"
              autoComplete="off"
              value={identifier}
              onInput={(event) => setIdentifier(event.currentTarget.value)}
            />
          </div>
          <div className="host-actions">
            <button
              type="submit"
              className="host-button host-button--main"
              disabled={busy || identifier.trim() === ''}
            >
              Add host
            </button>
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this host?"
        text={removing ? `${removing.identifier} will no longer open the hosts’ page.` : ''}
        confirmLabel="Remove"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
