/**
 * An element that takes the focus once the page has rendered the change that asked for it: a
 * section's heading after a removal, whose row and button are gone. Not at once: a change made
 * after "Confirm it's you" resolves while that dialog is still open (the page behind it inert,
 * so the focus would not move), and the dialog, as it closes, gives the focus back to its opener.
 * React runs every effect's cleanup (the dialog's) before the next effects, so this one comes
 * last.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** The element's ref, and the call that focuses it after the next render. */
export function useFocusAfterRender<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const element = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) element.current?.focus();
  }, [asked]);
  const focusSoon = useCallback(() => setAsked((count) => count + 1), []);
  return [element, focusSoon];
}
