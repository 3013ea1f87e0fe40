/**
 * Importing guests from a CSV (a file picked or text pasted): first a preview of what it would
 * change (the guests it adds, the names it updates, the rows it leaves as they are, the rows it
 * cannot take and its warnings, in the guest list command's own words), then "Apply", which
 * writes it. The server checks everything again when applying.
 */
import { type FormEvent, useId, useState } from 'react';
import { useHostAction } from './confirm-sign-in.js';
import { hostApi } from './host-api.js';
import type { ImportReport } from './host-types.js';
import { errorNote, type Note, Notes } from './Notes.js';

/** Props of {@link GuestImport}. */
export interface GuestImportProps {
  /** The list changed (an import was applied). */
  onApplied: () => void;
}

/** Sends the CSV for a preview (`apply` false) or to write it. */
function sendImport(csv: string, apply: boolean): Promise<ImportReport> {
  return hostApi<ImportReport>('/guests/import', { method: 'POST', json: { csv, apply } });
}

/** The import form and its preview. */
export function GuestImport({ onApplied }: GuestImportProps) {
  const id = useId();
  const run = useHostAction();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  const pickFile = async (file: File | undefined) => {
    if (!file) return;
    setCsv(await file.text());
    setReport(null);
  };

  const preview = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      const answer = await run(() => sendImport(csv, false));
      setReport(answer);
      setNote({ kind: 'done', text: `Preview: ${summary(answer)}.` });
    } catch (error) {
      setNote(errorNote(error));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    setBusy(true);
    setNote(null);
    try {
      const answer = await run(() => sendImport(csv, true));
      setReport(null);
      setCsv('');
      setNote({
        kind: 'done',
        text: `Imported: ${answer.add.length} added, ${answer.update.length} updated.`,
      });
      onApplied();
    } catch (error) {
      setNote(errorNote(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="host-card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Import a CSV</h3>
      <p className="host-hint">
        One guest a line: the phone number, then the name (a header line is fine). Nothing changes
        until you apply the preview.
      </p>
      <form className="host-form" onSubmit={preview}>
        <div className="host-field">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => void pickFile(event.currentTarget.files?.[0])}
          />
        </div>
        <div className="host-field">
          <label htmlFor={`${id}-text`}>Or paste it here</label>
          <textarea
            id={`${id}-text`}
            rows={5}
            value={csv}
            onInput={(event) => {
              setCsv(event.currentTarget.value);
              setReport(null);
            }}
          />
        </div>
        <div className="host-actions">
          <button type="submit" className="host-button" disabled={busy || csv.trim() === ''}>
            Preview import
          </button>
        </div>
      </form>
      <Notes note={note} />
      {report && <ImportPreview report={report} busy={busy} onApply={() => void apply()} />}
    </section>
  );
}

/** "3 to add, 1 to update, …". */
function summary(report: ImportReport): string {
  return [
    `${report.add.length} to add`,
    `${report.update.length} to update`,
    `${report.unchanged.length} unchanged`,
    `${report.problems.length} ${report.problems.length === 1 ? 'problem' : 'problems'}`,
    `${report.warnings.length} ${report.warnings.length === 1 ? 'warning' : 'warnings'}`,
  ].join(', ');
}

/** Props of {@link ImportPreview}. */
interface ImportPreviewProps {
  report: ImportReport;
  busy: boolean;
  onApply: () => void;
}

/** What the import would do, by kind, and "Apply". */
function ImportPreview({ report, busy, onApply }: ImportPreviewProps) {
  const id = useId();
  const changes = report.add.length + report.update.length;
  return (
    <section className="host-import-preview" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>Preview: {summary(report)}</h4>
      <PreviewList
        title="Problems (these rows are left out)"
        items={report.problems.map((p) => `Row ${p.row}: ${p.message}`)}
      />
      <PreviewList
        title="Warnings"
        items={report.warnings.map((w) => `Row ${w.row}: ${w.message}`)}
      />
      <PreviewList
        title="To add"
        items={report.add.map((a) => `Row ${a.row}: ${a.name || '(no name)'}, ${a.phone_number}`)}
      />
      <PreviewList
        title="To update"
        items={report.update.map(
          (u) =>
            `Row ${u.row}: ${u.phone_number}, ${u.previous_name || '(no name)'} → ${u.name || '(no name)'}`,
        )}
      />
      <PreviewList
        title="Unchanged"
        items={report.unchanged.map((u) => `Row ${u.row}: ${u.phone_number}`)}
      />
      <div className="host-actions">
        <button
          type="button"
          className="host-button host-button--main"
          onClick={onApply}
          disabled={busy || changes === 0}
        >
          {changes === 0
            ? 'Nothing to apply'
            : `Apply: ${changes} ${changes === 1 ? 'change' : 'changes'}`}
        </button>
      </div>
    </section>
  );
}

/** Props of {@link PreviewList}. */
interface PreviewListProps {
  title: string;
  items: readonly string[];
}

/** One kind of row, folded when long; nothing when empty. */
function PreviewList({ title, items }: PreviewListProps) {
  if (items.length === 0) return null;
  return (
    <details className="host-preview-list" open={items.length <= 10}>
      <summary>
        {title} ({items.length})
      </summary>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </details>
  );
}
