/**
 * The fields of the invitation's form, each bound to a path of the draft: it reads its value
 * there, writes its changes there, and shows the server's problems at that path beside itself
 * (`aria-invalid`, described by the message). {@link DraftProvider} holds the draft for them.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { type DraftPath, fieldId, getAt, pathKey } from './content-draft.js';

/** What the fields share: the draft, the way to change it, and the problems by path key. */
export interface DraftEditor {
  readonly draft: unknown;
  update(path: DraftPath, value: unknown): void;
  readonly problems: ReadonlyMap<string, readonly string[]>;
}

const DraftContext = createContext<DraftEditor>({
  draft: {},
  update: () => {},
  problems: new Map(),
});

/** Props of {@link DraftProvider}. */
export interface DraftProviderProps {
  editor: DraftEditor;
  children: ReactNode;
}

/** Gives the fields below it the draft. */
export function DraftProvider({ editor, children }: DraftProviderProps) {
  return <DraftContext.Provider value={editor}>{children}</DraftContext.Provider>;
}

/** The draft editor of the form around. */
export function useDraft(): DraftEditor {
  return useContext(DraftContext);
}

/** Props of {@link FieldProblems}. */
export interface FieldProblemsProps {
  path: DraftPath;
}

/** The problems at `path` (a field's, or a group's such as a whole day), or nothing. */
export function FieldProblems({ path }: FieldProblemsProps) {
  const key = pathKey(path);
  const messages = useDraft().problems.get(key) ?? [];
  if (messages.length === 0) return null;
  return (
    <ul className="host-field-problem" id={`${fieldId(key)}-problem`}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** Props of {@link TextField}. */
export interface TextFieldProps {
  path: DraftPath;
  label: string;
  /** A line of help under the label. */
  hint?: string;
  /** A textarea rather than one line. */
  multiline?: boolean;
  /** The input's type for one line: `text` unless told (`date`, `datetime-local`…). */
  type?: string;
  /** Left empty, the key is removed from the draft (an optional value). */
  optional?: boolean;
}

/** One text value of the draft. */
export function TextField({
  path,
  label,
  hint,
  multiline,
  type = 'text',
  optional,
}: TextFieldProps) {
  const { draft, update, problems } = useDraft();
  const key = pathKey(path);
  const id = fieldId(key);
  const value = getAt(draft, path);
  const invalid = (problems.get(key)?.length ?? 0) > 0;
  const describedBy = [hint ? `${id}-hint` : '', invalid ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    value: typeof value === 'string' ? value : '',
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  };
  const change = (text: string) => update(path, optional && text === '' ? undefined : text);
  return (
    <div className="host-field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="host-muted"> (optional)</span>}
      </label>
      {hint && (
        <p className="host-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={3} onInput={(event) => change(event.currentTarget.value)} />
      ) : (
        <input {...common} type={type} onInput={(event) => change(event.currentTarget.value)} />
      )}
      <FieldProblems path={path} />
    </div>
  );
}

/** Props of {@link CheckField}. */
export interface CheckFieldProps {
  path: DraftPath;
  label: string;
}

/** One yes-or-no value of the draft. */
export function CheckField({ path, label }: CheckFieldProps) {
  const { draft, update } = useDraft();
  const id = fieldId(pathKey(path));
  return (
    <div className="host-check">
      <input
        id={id}
        type="checkbox"
        checked={getAt(draft, path) === true}
        onChange={(event) => update(path, event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldProblems path={path} />
    </div>
  );
}

/** Props of {@link ItemTools}. */
export interface ItemToolsProps {
  /** What the item is called in the buttons' names, e.g. "question 2". */
  name: string;
  index: number;
  count: number;
  /** Moves the item to `to`. */
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** "Move up", "Move down" and "Remove" for one item of a list. */
export function ItemTools({ name, index, count, onMove, onRemove }: ItemToolsProps) {
  return (
    <div className="host-row-actions">
      <button
        type="button"
        className="host-button host-button--small"
        aria-label={`Move up: ${name}`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        Move up
      </button>
      <button
        type="button"
        className="host-button host-button--small"
        aria-label={`Move down: ${name}`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        Move down
      </button>
      <button
        type="button"
        className="host-button host-button--small host-button--danger"
        aria-label={`Remove ${name}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}
