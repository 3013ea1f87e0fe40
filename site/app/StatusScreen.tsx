/** A centred one-line screen: "checking…", or a problem with a button that tries again. */

/** Props of {@link StatusScreen}. */
export interface StatusScreenProps {
  message: string;
  /** Shows the message as progress (`role="status"`) rather than as an alert. */
  busy?: boolean;
  action?: { label: string; run: () => void };
}

/** A short message on its own screen. */
export function StatusScreen({ message, busy = false, action }: StatusScreenProps) {
  return (
    <main className="gate">
      <div className="gate-card">
        <p className="status-message" role={busy ? 'status' : 'alert'} aria-busy={busy}>
          {message}
        </p>
        {action && (
          <button type="button" className="button" onClick={action.run}>
            {action.label}
          </button>
        )}
      </div>
    </main>
  );
}
