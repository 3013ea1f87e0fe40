/**
 * The RSVP section (`#rsvp`): the invited guest says yes or no, how many of them are coming
 * (up to the hosts' limit) and may leave a note for the hosts; the answer can change until the
 * hosts' deadline, after which it shows read-only with the deadline said. Everything comes
 * from and goes to the server (`rsvp-api.ts`), which checks the same rules again. The note is
 * rendered as text. Errors are announced (`role="alert"`), a save too (`role="status"`), and
 * the form is a plain form: labels, a fieldset for the yes/no, the keyboard as usual.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { InvitationChrome } from '../i18n/en.js';
import {
  loadRsvp,
  type RsvpAnswer,
  type RsvpChoice,
  RsvpError,
  type RsvpState,
  saveRsvp,
} from './rsvp-api.js';
import './rsvp.css';

/** The RSVP section's words. */
type RsvpTexts = InvitationChrome['rsvp'];

/** Props of {@link Rsvp}. */
export interface RsvpProps {
  readonly texts: RsvpTexts;
  /** The party's time zone, in which the deadline is shown. */
  readonly timeZone: string;
  /** The page's language (`en`, `es`, `fr`), in which the deadline is written. */
  readonly lang: string;
}

/** The deadline as guests read it, in the party's time zone and the page's language. */
function formatDeadline(iso: string, timeZone: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : lang, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** Why a save failed, in the guest's words. */
function failure(texts: RsvpTexts, error: unknown): string {
  const reason = error instanceof RsvpError && error.status !== 0 ? error.message : texts.offline;
  return texts.saveFailed.replace('{reason}', reason);
}

/** The saved answer, read back. */
function Summary({ texts, answer }: { texts: RsvpTexts; answer: RsvpAnswer | null }) {
  let words = texts.noAnswer;
  if (answer?.attending) {
    words =
      answer.party_size === 1
        ? texts.comingAlone
        : texts.comingWith.replace('{count}', String(answer.party_size));
  } else if (answer) {
    words = texts.notComing;
  }
  return (
    <div className="rsvp-summary">
      <h3>{texts.yourAnswer}</h3>
      <p className="rsvp-answer">{words}</p>
      {answer?.note ? (
        <>
          <h4>{texts.yourNote}</h4>
          <p className="rsvp-note">{answer.note}</p>
        </>
      ) : null}
    </div>
  );
}

/** The form, filled with the saved answer when there is one. */
function RsvpForm({
  texts,
  state,
  onSaved,
}: {
  texts: RsvpTexts;
  state: RsvpState;
  onSaved: (next: RsvpState) => void;
}) {
  const id = useId();
  const saved = state.answer;
  const [attending, setAttending] = useState<boolean | null>(saved ? saved.attending : null);
  const [partySize, setPartySize] = useState(saved?.attending ? saved.party_size : 1);
  const [note, setNote] = useState(saved?.note ?? '');
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<{ message: string; field: boolean } | null>(null);
  const yesRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus('');
    if (attending === null) {
      setError({ message: texts.chooseOne, field: true });
      yesRef.current?.focus();
      return;
    }
    const choice: RsvpChoice = {
      attending,
      party_size: attending ? Math.min(partySize, state.max_party_size) : 0,
      note,
    };
    setError(null);
    setSaving(true);
    try {
      onSaved(await saveRsvp(choice));
      setStatus(texts.saved);
    } catch (failed) {
      setError({ message: failure(texts, failed), field: false });
    } finally {
      setSaving(false);
    }
  };

  const sizes = Array.from({ length: state.max_party_size }, (_, index) => index + 1);
  return (
    <form className="rsvp-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset
        aria-invalid={error?.field ? true : undefined}
        aria-describedby={error?.field ? `${id}-error` : undefined}
      >
        <legend>{texts.question}</legend>
        <label className="rsvp-choice">
          <input
            ref={yesRef}
            type="radio"
            name={`${id}-attending`}
            checked={attending === true}
            onChange={() => setAttending(true)}
          />
          {texts.yes}
        </label>
        <label className="rsvp-choice">
          <input
            type="radio"
            name={`${id}-attending`}
            checked={attending === false}
            onChange={() => setAttending(false)}
          />
          {texts.no}
        </label>
      </fieldset>
      {attending ? (
        <div className="rsvp-field">
          <label htmlFor={`${id}-size`}>{texts.partySize}</label>
          <select
            id={`${id}-size`}
            value={String(partySize)}
            aria-describedby={`${id}-size-hint`}
            onChange={(event) => setPartySize(Number(event.currentTarget.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <p id={`${id}-size-hint`} className="rsvp-hint">
            {texts.partySizeHint.replace('{max}', String(state.max_party_size))}
          </p>
        </div>
      ) : null}
      <div className="rsvp-field">
        <label htmlFor={`${id}-note`}>{texts.note}</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={state.note_max_length}
          value={note}
          aria-describedby={`${id}-note-hint`}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <p id={`${id}-note-hint`} className="rsvp-hint">
          {texts.noteHint.replace('{max}', String(state.note_max_length))}
        </p>
      </div>
      <button type="submit" className="rsvp-submit" disabled={saving}>
        {saving ? texts.saving : saved ? texts.update : texts.submit}
      </button>
      <p id={`${id}-error`} className="rsvp-error" role="alert">
        {error?.message ?? ''}
      </p>
      <p className="rsvp-status" role="status">
        {status}
      </p>
    </form>
  );
}

/** The RSVP section, loading the guest's answer first. */
export function Rsvp({ texts, timeZone, lang }: RsvpProps) {
  const id = useId();
  const [state, setState] = useState<RsvpState | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    loadRsvp().then(setState, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const deadline = state?.deadline ? formatDeadline(state.deadline, timeZone, lang) : null;
  return (
    <section id="rsvp" className="section rsvp" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{texts.heading}</h2>
      <p className="section-subtitle">{texts.subtitle}</p>
      <div className="rsvp-card">
        {failed ? (
          <>
            <p role="alert">{texts.loadFailed}</p>
            <button type="button" className="chip" onClick={load}>
              {texts.retry}
            </button>
          </>
        ) : !state ? (
          <p>{texts.loading}</p>
        ) : state.open ? (
          <>
            {deadline ? (
              <p className="rsvp-deadline">{texts.until.replace('{date}', deadline)}</p>
            ) : null}
            {state.answer ? <Summary texts={texts} answer={state.answer} /> : null}
            <RsvpForm texts={texts} state={state} onSaved={setState} />
          </>
        ) : (
          <>
            <p className="rsvp-deadline rsvp-closed">
              {texts.closed.replace('{date}', deadline ?? '')}
            </p>
            <Summary texts={texts} answer={state.answer} />
          </>
        )}
      </div>
    </section>
  );
}
