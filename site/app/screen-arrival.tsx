/**
 * What happens when the page moves to a new screen (the invitation or the rejection after a
 * sign-in, the gate after a sign-out, a status screen after "Retry"): keyboard and screen-reader
 * focus moves to the new screen's level-one heading, and a polite live region says what
 * happened. The old screen's button is gone by then, so without this focus would drop to
 * `<body>` and nothing would be said.
 *
 * The first screen of a visit is left alone (the guest just arrived; the browser reads the page
 * from the top), and so are passing "Checking…" screens.
 */
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';

/** Tells the page that a screen arrived, with its heading and what to announce. */
type Arrived = (heading: HTMLElement, announcement: string) => void;

const ScreenArrivalContext = createContext<Arrived>(() => {});

/** Props of {@link ScreenArrival}. */
export interface ScreenArrivalProps {
  children: ReactNode;
}

/** Moves focus to each new screen's heading and announces the screen, in a live region. */
export function ScreenArrival({ children }: ScreenArrivalProps) {
  const settled = useRef(false);
  const lastHeading = useRef<HTMLElement | null>(null);
  const [said, setSaid] = useState({ text: '', count: 0 });

  const arrived = useCallback<Arrived>((heading, announcement) => {
    // The same heading again (React's development double effects): nothing new arrived.
    if (lastHeading.current === heading) return;
    lastHeading.current = heading;
    if (!settled.current) {
      settled.current = true;
      return;
    }
    // The heading, not the top of the page: the invitation's heading sits below the photos.
    heading.focus({ preventScroll: true });
    setSaid((previous) => ({ text: announcement, count: previous.count + 1 }));
  }, []);

  return (
    <ScreenArrivalContext.Provider value={arrived}>
      {children}
      <div className="visually-hidden" role="status">
        {/* A new node each time, so the same words said twice are announced twice. */}
        {said.text && <p key={said.count}>{said.text}</p>}
      </div>
    </ScreenArrivalContext.Provider>
  );
}

/**
 * The ref for a screen's level-one heading (which must have `tabIndex={-1}`). When the screen
 * arrives after another one, the heading takes focus and `announcement` is said; `null` marks a
 * passing screen ("Checking…") that does neither.
 */
export function useScreenHeading<T extends HTMLElement>(
  announcement: string | null,
): RefObject<T | null> {
  const heading = useRef<T>(null);
  const arrived = useContext(ScreenArrivalContext);
  useEffect(() => {
    if (announcement !== null && heading.current) arrived(heading.current, announcement);
  }, [arrived, announcement]);
  return heading;
}
