/**
 * A centred short screen with a level-one heading: "Checking the guest list…" while the page
 * waits, or a problem ("We could not reach the guest list") with advice and a button that tries
 * again.
 */
import { useScreenHeading } from './screen-arrival.js';

/** Props of {@link StatusScreen}. */
export interface StatusScreenProps {
  /** The screen's heading: the whole message for progress, the problem otherwise. */
  heading: string;
  /** What to do about it. */
  text?: string;
  /** Progress that passes by itself: a live `role="status"`, and focus is not moved to it. */
  busy?: boolean;
  action?: { label: string; run: () => void };
}

/** A short message on its own screen. */
export function StatusScreen({ heading, text, busy = false, action }: StatusScreenProps) {
  const headingRef = useScreenHeading<HTMLHeadingElement>(
    busy ? null : [heading, text].filter(Boolean).join('. '),
  );
  const title = (
    <h1 className="status-heading" ref={headingRef} tabIndex={-1}>
      {heading}
    </h1>
  );
  return (
    <main className="gate">
      <div className="gate-card">
        {busy ? <div role="status">{title}</div> : title}
        {text && <p className="gate-intro">{text}</p>}
        {action && (
          <button type="button" className="button" onClick={action.run}>
            {action.label}
          </button>
        )}
      </div>
    </main>
  );
}
