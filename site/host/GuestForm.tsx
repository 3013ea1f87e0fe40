/**
 * A guest's number and name, to add a guest or edit one: the server checks both (a number it
 * can text, a name of sensible length) and a refusal's message shows beside its field.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { HostApiError } from './host-api.js';

/** What the form sends. */
export interface GuestFields {
  readonly phone_number: string;
  readonly name: string;
}

/** Props of {@link GuestForm}. */
export interface GuestFormProps {
  initial?: GuestFields;
  /** The button's words, e.g. "Add guest". */
  submitLabel: string;
  /** Sends the fields; a HostApiError with a `field` shows at that field. */
  onSubmit: (fields: GuestFields) => Promise<void>;
  onCancel?: () => void;
}

/** The form (see the module comment). */
export function GuestForm({ initial, submitLabel, onSubmit, onCancel }: GuestFormProps) {
  const id = useId();
  const [phone, setPhone] = useState(initial?.phone_number ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);

  // A refused field takes the focus, so its message (its description) is read with it.
  useEffect(() => {
    if (problem?.field === 'phone_number') document.getElementById(`${id}-phone`)?.focus();
    if (problem?.field === 'name') document.getElementById(`${id}-name`)?.focus();
  }, [problem, id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit({ phone_number: phone.trim(), name: name.trim() });
      if (!initial) {
        setPhone('');
        setName('');
      }
    } catch (error) {
      setProblem({
        ...(error instanceof HostApiError && error.field ? { field: error.field } : {}),
        message: error instanceof Error ? error.message : 'Not saved.',
      });
    } finally {
      setBusy(false);
    }
  };

  const fieldProblem = (field: string) =>
    problem?.field === field ? (
      <p className="host-field-problem" id={`${id}-${field}-problem`}>
        {problem.message}
      </p>
    ) : null;
  const describedBy = (field: string) =>
    problem?.field === field ? `${id}-${field}-problem` : undefined;

  return (
    <form className="host-form host-form--row" onSubmit={submit} noValidate>
      <div className="host-field">
        <label htmlFor={`${id}-phone`}>Phone number</label>
        <input
          id={`${id}-phone`}
          type="tel"
          autoComplete="off"
          required
          value={phone}
          aria-invalid={problem?.field === 'phone_number' || undefined}
          aria-describedby={describedBy('phone_number')}
          onInput={(event) => setPhone(event.currentTarget.value)}
        />
        {fieldProblem('phone_number')}
      </div>
      <div className="host-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          value={name}
          aria-invalid={problem?.field === 'name' || undefined}
          aria-describedby={describedBy('name')}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        {fieldProblem('name')}
      </div>
      <div className="host-actions">
        <button type="submit" className="host-button host-button--main" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="host-button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <div role="alert" className="host-note host-note--error">
        {problem && !problem.field && <p>{problem.message}</p>}
      </div>
    </form>
  );
}
