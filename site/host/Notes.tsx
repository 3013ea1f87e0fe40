/**
 * What a section of the hosts' page says after an action: a problem (read out at once, `alert`)
 * or what was done (read out politely, `status`). Both regions are always in the page, so a
 * message put into them is announced.
 */

/** A message to show, or none. */
export type Note = { readonly kind: 'error' | 'done'; readonly text: string } | null;

/** Props of {@link Notes}. */
export interface NotesProps {
  note: Note;
}

/** The two live regions, one holding the note. */
export function Notes({ note }: NotesProps) {
  return (
    <>
      <div className="host-note host-note--error" role="alert">
        {note?.kind === 'error' && <p>{note.text}</p>}
      </div>
      <div className="host-note host-note--done" role="status">
        {note?.kind === 'done' && <p>{note.text}</p>}
      </div>
    </>
  );
}

/** The words of a failure, for a note (a thrown value that is no Error gets plain words). */
export function errorNote(error: unknown): Note {
  return { kind: 'error', text: error instanceof Error ? error.message : 'Something went wrong.' };
}

/** An ISO 8601 time as a host reads it, in the browser's time zone. */
export function formatTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}
