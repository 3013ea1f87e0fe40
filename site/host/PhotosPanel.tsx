/**
 * The photos: each slot's picture (the four photobooth photos and the footer's) with its
 * description for screen readers (edited with the rest of the invitation, in its tab), a new
 * picture uploaded as the file itself (converted on the server by the same pipeline as
 * `npm run site:photos`, and put in place of the slot's files, so the invitation's references
 * stay), and, when the server lacks the image tools, its advice on how to run the command.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useHostAction } from './confirm-sign-in.js';
import { hostApi, segment } from './host-api.js';
import type { PhotoSlot, PhotosState, SlotPhoto } from './host-types.js';
import { errorNote, type Note, Notes } from './Notes.js';

/** The image types the server converts. */
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/** The largest upload the server takes. */
const MAX_BYTES = 15 * 1024 * 1024;

/** Each slot as hosts call it. */
const SLOT_NAMES: Record<PhotoSlot, string> = {
  'photobooth-1': 'Photobooth photo 1',
  'photobooth-2': 'Photobooth photo 2',
  'photobooth-3': 'Photobooth photo 3',
  'photobooth-4': 'Photobooth photo 4',
  footer: 'Footer picture',
};

/** The picture's address, new after each upload (the slot's address stays the same). */
function pictureUrl(photo: SlotPhoto): string {
  return photo.uploaded_at ? `${photo.url}?v=${encodeURIComponent(photo.uploaded_at)}` : photo.url;
}

/** The photos' section. */
export function PhotosPanel() {
  const [state, setState] = useState<PhotosState | null>(null);
  const [note, setNote] = useState<Note>(null);

  const load = useCallback(async () => {
    try {
      setState(await hostApi<PhotosState>('/photos'));
    } catch (error) {
      setNote(errorNote(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="host-section">
      <h2>Photos</h2>
      <Notes note={note} />
      {state && !state.tools.available && (
        <div className="host-problem">
          <p>
            This server cannot convert pictures: {state.tools.missing.join(', ') || 'its tools'}{' '}
            missing.
          </p>
          <p>{state.tools.advice}</p>
        </div>
      )}
      {state === null ? (
        note === null && <p role="status">Loading the photos…</p>
      ) : (
        <ul className="host-photos">
          {state.photos.map((photo) => (
            <PhotoCard
              key={photo.slot}
              photo={photo}
              canUpload={state.tools.available}
              onChanged={(text) => {
                setNote({ kind: 'done', text });
                void load();
              }}
              onProblem={(error) => setNote(errorNote(error))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Props of {@link PhotoCard}. */
interface PhotoCardProps {
  photo: SlotPhoto;
  canUpload: boolean;
  onChanged: (text: string) => void;
  onProblem: (error: unknown) => void;
}

/** One slot: the picture, its description and a new file. */
function PhotoCard({ photo, canUpload, onChanged, onProblem }: PhotoCardProps) {
  const id = useId();
  const run = useHostAction();
  const name = SLOT_NAMES[photo.slot] ?? photo.slot;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      onProblem(new Error(`${file.name} is not a JPEG, PNG or WebP picture.`));
      return;
    }
    if (file.size > MAX_BYTES) {
      onProblem(new Error(`${file.name} is larger than 15 MB.`));
      return;
    }
    setBusy(true);
    try {
      const answer = await run(() =>
        hostApi<{ warnings?: readonly string[] }>(`/photos/${segment(photo.slot)}`, {
          method: 'PUT',
          raw: { body: file, type: file.type },
        }),
      );
      setFile(null);
      const warnings = answer.warnings?.length ? ` ${answer.warnings.join(' ')}` : '';
      onChanged(`${name}: new picture uploaded; guests see it on their next visit.${warnings}`);
    } catch (error) {
      onProblem(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="host-card host-photo">
      <h3>{name}</h3>
      <img src={pictureUrl(photo)} alt={photo.alt} loading="lazy" />
      <p className="host-muted">
        Description: {photo.alt || '(none)'}. Change it in the Invitation tab.
      </p>
      {canUpload && (
        <div className="host-form">
          <div className="host-field">
            <label htmlFor={`${id}-file`}>New picture (JPEG, PNG or WebP, up to 15 MB)</label>
            <input
              id={`${id}-file`}
              type="file"
              accept={ACCEPTED.join(',')}
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            />
          </div>
          <div className="host-actions">
            <button
              type="button"
              className="host-button host-button--main"
              disabled={busy || !file}
              onClick={() => void upload()}
            >
              {busy && file ? 'Uploading…' : 'Upload'}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
