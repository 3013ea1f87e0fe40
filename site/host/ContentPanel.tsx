/**
 * The invitation's content: a form for everything the invitation says (names, tagline, date,
 * city, greeting, schedule, FAQ, the photos' descriptions and the footer), kept as a draft on
 * the server ("Save draft"; the server's problems show beside their fields and in a list at
 * the top that links to them), seen as guests would see it ("Preview"), and handed to the
 * guests ("Publish"), who read it on their next load.
 */
import { type FormEvent, type Ref, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InvitationContent } from '../content/invitation.js';
import { useHostAction } from './confirm-sign-in.js';
import { type DraftPath, fieldId, problemKey, setAt } from './content-draft.js';
import { CheckField, type DraftEditor, DraftProvider, TextField } from './content-fields.js';
import { FaqEditor } from './FaqEditor.js';
import { HostApiError, hostApi, type InputProblem } from './host-api.js';
import type { ContentState } from './host-types.js';
import { errorNote, formatTime, type Note, Notes } from './Notes.js';
import { ScheduleEditor } from './ScheduleEditor.js';

/** Props of {@link ContentPanel}. */
export interface ContentPanelProps {
  /** Shows the draft as guests would see it. */
  onPreview: (draft: InvitationContent) => void;
}

/** The problems by field key. */
function byKey(problems: readonly InputProblem[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const problem of problems) {
    const key = problemKey(problem.path);
    map.set(key, [...(map.get(key) ?? []), problem.message]);
  }
  return map;
}

/** The invitation's section. */
export function ContentPanel({ onPreview }: ContentPanelProps) {
  const run = useHostAction();
  const [state, setState] = useState<ContentState | null>(null);
  const [draft, setDraft] = useState<InvitationContent | null>(null);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<readonly InputProblem[]>([]);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const answer = await hostApi<ContentState>('/content');
      setState(answer);
      setDraft(answer.draft);
      setDirty(false);
    } catch (error) {
      setNote(errorNote(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Changes not saved yet: the browser asks before the page is left or reloaded.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const update = useCallback((path: DraftPath, value: unknown) => {
    setDraft((current) => (current ? setAt(current, path, value) : current));
    setDirty(true);
  }, []);
  const problemMap = useMemo(() => byKey(problems), [problems]);
  const editor = useMemo<DraftEditor>(
    () => ({ draft, update, problems: problemMap }),
    [draft, update, problemMap],
  );

  /** Saves the draft; false when the server refused it (its problems then show). */
  const save = async (content: InvitationContent): Promise<boolean> => {
    try {
      await run(() => hostApi('/content', { method: 'PUT', json: { content } }));
      setProblems([]);
      setDirty(false);
      return true;
    } catch (error) {
      if (error instanceof HostApiError && error.problems.length > 0) {
        setProblems(error.problems);
        setNote({
          kind: 'error',
          text: `Not saved: ${error.problems.length} ${error.problems.length === 1 ? 'problem' : 'problems'} to fix.`,
        });
        // The list of problems, each a link to its field, takes the focus.
        requestAnimationFrame(() => summary.current?.focus());
      } else {
        setNote(errorNote(error));
      }
      return false;
    }
  };

  const saveDraft = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setBusy(true);
    setNote(null);
    if (await save(draft)) {
      setNote({ kind: 'done', text: 'Draft saved. Guests see it once you publish.' });
      await refreshState();
    }
    setBusy(false);
  };

  const publish = async () => {
    if (!draft) return;
    setBusy(true);
    setNote(null);
    if (await save(draft)) {
      try {
        const answer = await run(() =>
          hostApi<{ published_at: string }>('/content/publish', { method: 'POST', json: {} }),
        );
        setNote({
          kind: 'done',
          text: `Published ${formatTime(answer.published_at)}: guests see it on their next visit.`,
        });
        await refreshState();
      } catch (error) {
        setNote(errorNote(error));
      }
    }
    setBusy(false);
  };

  /** The published state after a save or publish, the draft being edited kept. */
  const refreshState = async () => {
    try {
      setState(await hostApi<ContentState>('/content'));
    } catch {
      // The status line stays as it was; the change itself went through.
    }
  };

  if (!draft) {
    return (
      <div className="host-section">
        <h2>Invitation</h2>
        <Notes note={note} />
        {!note && <p role="status">Loading the invitation…</p>}
      </div>
    );
  }

  const unpublished = dirty || state?.unpublished_changes;
  return (
    <div className="host-section">
      <h2>Invitation</h2>
      <p className="host-muted">
        {state?.published_at
          ? `Published ${formatTime(state.published_at)}.`
          : 'Not published from this page yet.'}{' '}
        {dirty
          ? 'You have changes not saved yet.'
          : unpublished
            ? 'The draft has changes guests do not see yet.'
            : 'Guests see this draft.'}
      </p>
      <DraftProvider editor={editor}>
        <form className="host-form host-content-form" onSubmit={saveDraft} noValidate>
          <ProblemSummary problems={problems} focusRef={summary} />
          <fieldset className="host-fieldset">
            <legend>The couple and the day</legend>
            <div className="host-grid">
              <TextField path={['names']} label="Names" />
              <TextField path={['location']} label="City" />
              <TextField
                path={['isoDate']}
                label="Date of the party"
                type="date"
                hint="One of the schedule's days; guests read it written out in their language."
              />
            </div>
            <TextField path={['tagline']} label="Tagline" multiline />
            <CheckField path={['greeting', 'byName']} label="Greet guests by their first name" />
          </fieldset>
          <ScheduleEditor days={draft.schedule.days} />
          <FaqEditor items={draft.faq.items} />
          <fieldset className="host-fieldset">
            <legend>Navigation</legend>
            <p className="host-hint">
              The words of the links at the top; left empty, guests read the site’s own words in
              their language.
            </p>
            <div className="host-grid">
              <TextField path={['nav', 'hero']} label="Link to the top" optional />
              <TextField path={['nav', 'schedule']} label="Link to the schedule" optional />
              <TextField path={['nav', 'faq']} label="Link to the questions" optional />
            </div>
          </fieldset>
          <fieldset className="host-fieldset">
            <legend>Photos and footer</legend>
            {draft.photos.map((photo, index) => (
              <TextField
                key={photo.file}
                path={['photos', index, 'alt']}
                label={`Photobooth photo ${index + 1}: description for screen readers`}
              />
            ))}
            <TextField
              path={['footer', 'image', 'alt']}
              label="Footer picture: description for screen readers"
            />
            <TextField path={['footer', 'thanks']} label="Footer thanks" />
          </fieldset>
          <div className="host-actions host-sticky-actions">
            <button type="submit" className="host-button" disabled={busy}>
              Save draft
            </button>
            <button type="button" className="host-button" onClick={() => onPreview(draft)}>
              Preview
            </button>
            <button
              type="button"
              className="host-button host-button--main"
              disabled={busy}
              onClick={() => void publish()}
            >
              Publish
            </button>
          </div>
          <Notes note={note} />
        </form>
      </DraftProvider>
    </div>
  );
}

/** Props of {@link ProblemSummary}. */
interface ProblemSummaryProps {
  problems: readonly InputProblem[];
  /** The list's box, which takes the focus after a refusal. */
  focusRef: Ref<HTMLDivElement>;
}

/** The server's problems, each linking to its field. */
function ProblemSummary({ problems, focusRef }: ProblemSummaryProps) {
  return (
    <div
      className="host-problem-summary"
      tabIndex={-1}
      ref={focusRef}
      hidden={problems.length === 0}
    >
      <h3>Fix these first</h3>
      <ul>
        {problems.map((problem) => {
          const id = fieldId(problemKey(problem.path));
          return (
            <li key={`${problem.path}:${problem.message}`}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  const field = document.getElementById(id);
                  if (!field) return;
                  event.preventDefault();
                  field.focus();
                }}
              >
                {problem.path}: {problem.message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
