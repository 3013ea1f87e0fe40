/**
 * "Confirm it's you": a change the server refuses with 403 `recent_sign_in_required` (the
 * host's latest sign-in is older than the server allows for it) opens the sign-in widget in a
 * dialog; once the host has signed in again the change is tried once more, by itself. Closing
 * the dialog gives the change up. Every change of the page goes through {@link useHostAction}.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { type VelvetEventDetail, VelvetEventType } from '../../widget/events.js';
import { readPasscodeMethods } from '../app/guest-session.js';
import { LazyChunk } from '../app/LazyChunk.js';
import type { SiteLocale } from '../i18n/site-locale.js';
import { Dialog } from './Dialog.js';
import { HostApiError } from './host-api.js';

/** The widget, as the gate loads it. */
const loadSignInWidget = () => import('../gate/SignInWidget.js');

/** Hosts sign in by text or, when the project has it, by email (a host may be listed by email). */
const HOST_METHODS = readPasscodeMethods(document);

/** Runs a change, asking for a new sign-in first when the server wants one. */
export type HostAction = <T>(change: () => Promise<T>) => Promise<T>;

const HostActionContext = createContext<HostAction>((change) => change());

/** The error of a change given up in "Confirm it's you". */
export const CANCELLED = 'cancelled';

/** Props of {@link ConfirmSignInProvider}. */
export interface ConfirmSignInProviderProps {
  client: VelvetClient;
  publicToken: string;
  locale: SiteLocale;
  children: ReactNode;
}

/** Where a pending confirmation goes. */
interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Gives its children {@link useHostAction}, and shows the dialog when it is needed. */
export function ConfirmSignInProvider({
  client,
  publicToken,
  locale,
  children,
}: ConfirmSignInProviderProps) {
  const [open, setOpen] = useState(false);
  const pending = useRef<Pending | null>(null);

  const confirmSignIn = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current?.reject(new HostApiError('Another change asked first.', 0, CANCELLED));
        pending.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );

  const run = useCallback<HostAction>(
    async (change) => {
      try {
        return await change();
      } catch (error) {
        if (!(error instanceof HostApiError && error.needsSignIn)) throw error;
        await confirmSignIn();
        return change();
      }
    },
    [confirmSignIn],
  );

  const finish = useCallback((error?: Error) => {
    const waiting = pending.current;
    pending.current = null;
    setOpen(false);
    if (error) waiting?.reject(error);
    else waiting?.resolve();
  }, []);
  const cancel = useCallback(
    () => finish(new HostApiError('Not done: you did not confirm it was you.', 0, CANCELLED)),
    [finish],
  );
  const onEvent = useCallback(
    (event: VelvetEventDetail) => {
      if (event.type === VelvetEventType.AuthenticateFlowComplete) finish();
    },
    [finish],
  );

  const value = useMemo(() => run, [run]);
  return (
    <HostActionContext.Provider value={value}>
      {children}
      <Dialog open={open} title="Confirm it’s you" onCancel={cancel}>
        <p>This change needs a recent sign-in. Sign in again, and it goes through.</p>
        <div className="host-sign-in">
          <LazyChunk
            load={loadSignInWidget}
            props={{
              client,
              publicToken,
              locale,
              passcodeMethods: HOST_METHODS,
              onEvent,
              onError: () => {},
            }}
            loading={<p role="status">Loading sign-in…</p>}
            failed={(retry) => (
              <div>
                <p role="alert">The sign-in could not load.</p>
                <button type="button" className="host-button" onClick={retry}>
                  Retry
                </button>
              </div>
            )}
          />
        </div>
        <div className="host-actions">
          <button type="button" className="host-button" onClick={cancel}>
            Cancel
          </button>
        </div>
      </Dialog>
    </HostActionContext.Provider>
  );
}

/** The page's way to run a change (see the module comment). */
export function useHostAction(): HostAction {
  return useContext(HostActionContext);
}
