/**
 * The hero's greeting of the signed-in guest ("Welcome, Ada!"): the first name on the hosts'
 * list, from the user the server sent for this guest's own session (the client library's
 * session data, kept current by its refreshes), so the name is in no file, public or private.
 * A plain paragraph under the names heading: after a sign-in focus lands on that heading, and a
 * screen reader reads the greeting next.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { type GreetingTexts, greetingText } from './greeting-text.js';

/** The parts of the client library's session the greeting reads. */
export type GreetingSession = Pick<VelvetClient['session'], 'getInfo' | 'onChange'>;

/** Props of {@link Greeting}. */
export interface GreetingProps {
  session: GreetingSession;
  texts: GreetingTexts;
}

/** The greeting line; nothing when the hosts left both texts empty. */
export function Greeting({ session, texts }: GreetingProps) {
  const subscribe = useCallback((listener: () => void) => session.onChange(listener), [session]);
  const user = useSyncExternalStore(subscribe, () => session.getInfo().user);
  const text = greetingText(texts, user);
  return text ? <p className="hero-greeting">{text}</p> : null;
}
