/**
 * The activity: every change the hosts made (who, what, when), newest first, a page at a time
 * ("Show older").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { hostApi } from './host-api.js';
import type { AuditEntry, AuditPage } from './host-types.js';
import { errorNote, formatTime, type Note, Notes } from './Notes.js';

/** Props of {@link ActivityPanel}. */
export interface ActivityPanelProps {
  /** Whether the panel is showing: it starts again from the newest each time it comes back. */
  active: boolean;
}

/** The activity section. */
export function ActivityPanel({ active }: ActivityPanelProps) {
  const [entries, setEntries] = useState<readonly AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const firstOlder = useRef<HTMLLIElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  const load = useCallback(async (before: string | null) => {
    setBusy(true);
    try {
      const page = await hostApi<AuditPage>(
        before ? `/audit?before=${encodeURIComponent(before)}` : '/audit',
      );
      setEntries((previous) =>
        before && previous ? [...previous, ...page.entries] : page.entries,
      );
      setNext(page.next);
      setNote(null);
    } catch (error) {
      setNote(errorNote(error));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (active) void load(null);
  }, [active, load]);

  // After "Show older", the first older entry takes the focus (the list goes on from there).
  useEffect(() => {
    if (focusFrom !== null && entries && entries.length > focusFrom) {
      firstOlder.current?.focus();
      setFocusFrom(null);
    }
  }, [entries, focusFrom]);

  return (
    <div className="host-section">
      <h2>Activity</h2>
      <Notes note={note} />
      {entries === null ? (
        note === null && <p role="status">Loading the activity…</p>
      ) : entries.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ol className="host-list">
          {entries.map((entry, index) => (
            <li
              key={entry.id}
              className="host-list-item host-audit"
              ref={index === focusFrom ? firstOlder : undefined}
              tabIndex={index === focusFrom ? -1 : undefined}
            >
              <p className="host-list-title">{entry.summary}</p>
              <p className="host-muted">
                <time dateTime={entry.at}>{formatTime(entry.at)}</time> · {entry.host} ·{' '}
                <code>{entry.action}</code>
              </p>
            </li>
          ))}
        </ol>
      )}
      {next && (
        <button
          type="button"
          className="host-button"
          disabled={busy}
          onClick={() => {
            setFocusFrom(entries?.length ?? 0);
            void load(next);
          }}
        >
          Show older
        </button>
      )}
    </div>
  );
}
