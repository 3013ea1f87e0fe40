/**
 * A modal dialog on the browser's own `<dialog>`: shown with `showModal()` (the rest of the page
 * inert, focus inside, Escape closes it), named by its heading, and focus back where it was when
 * it closes.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Whether it is shown. */
  open: boolean;
  /** Its heading, which names it. */
  title: string;
  /** Closed by Escape (the dialog's own cancel). */
  onCancel: () => void;
  children: ReactNode;
}

/** The dialog (see the module comment). */
export function Dialog({ open, title, onCancel, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      // Back where it was, unless that is gone (the removed row's button).
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      onCancel();
    };
    element.addEventListener('cancel', cancel);
    return () => element.removeEventListener('cancel', cancel);
  }, [onCancel]);

  return (
    <dialog className="host-dialog" ref={dialog} aria-labelledby={headingId}>
      {open && (
        <>
          <h2 id={headingId}>{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen. */
  text: string;
  /** The button that does it, e.g. "Remove". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?": the action's words, its button and "Cancel" (which has the focus). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} onCancel={onCancel}>
      <p>{text}</p>
      <div className="host-actions">
        <button type="button" className="host-button host-button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a dialog that deletes. */}
        <button type="button" className="host-button" onClick={onCancel} autoFocus>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
