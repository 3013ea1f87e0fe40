/**
 * The page: one screen at a time, chosen by the guest status. Signed out shows the gate;
 * signed in shows the rejection screen or the invitation, as the server says. While the
 * sign-in widget is open, the gate stays until the widget reports the sign-in complete, so the
 * guest sees its confirmation before the page moves on (without a reload).
 */
import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { publicTexts } from '../content/public-texts.js';
import { Gate } from '../gate/Gate.js';
import { Rejection } from '../gate/Rejection.js';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.js';
import type { GuestStatus } from './guest-status.js';
import { StatusScreen } from './StatusScreen.js';

/** The invitation: a chunk of its own that the server serves to invited guests only. */
const Invitation = lazy(() => import('../invitation/Invitation.js'));

/** Where the sign-in widget is: not shown, open on the gate, or done (sign-in complete). */
type WidgetStage = 'closed' | 'open' | 'done';

/** Props of {@link App}. */
export interface AppProps {
  client: VelvetClient;
  status: GuestStatus;
  publicToken: string;
}

/** The whole page. */
export function App({ client, status, publicToken }: AppProps) {
  const view = useSyncExternalStore(status.subscribe, status.getSnapshot);
  const [widget, setWidget] = useState<WidgetStage>('closed');

  // Back at the gate after a sign-out: offer the button again.
  useEffect(() => {
    if (view.kind === 'signed-out') setWidget((stage) => (stage === 'done' ? 'closed' : stage));
  }, [view.kind]);

  const openWidget = useCallback(() => setWidget('open'), []);
  const signInComplete = useCallback(() => {
    setWidget('done');
    void status.check();
  }, [status]);

  if (view.kind === 'signed-out' || widget === 'open') {
    return (
      <Gate
        client={client}
        publicToken={publicToken}
        widgetOpen={widget === 'open'}
        onOpen={openWidget}
        onSignInComplete={signInComplete}
      />
    );
  }
  switch (view.kind) {
    case 'checking':
      return <StatusScreen message={publicTexts.checking} busy />;
    case 'check-failed':
      return (
        <StatusScreen
          message={view.message}
          action={{ label: publicTexts.retry, run: () => void status.check() }}
        />
      );
    case 'not-invited':
      return <Rejection client={client} />;
    case 'invited':
      return (
        <ChunkErrorBoundary
          fallback={
            <StatusScreen
              message={publicTexts.invitationError}
              action={{ label: publicTexts.retry, run: () => window.location.reload() }}
            />
          }
        >
          <Suspense fallback={<StatusScreen message={publicTexts.checking} busy />}>
            <Invitation />
          </Suspense>
        </ChunkErrorBoundary>
      );
  }
}
