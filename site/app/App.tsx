/**
 * The page: one screen at a time, chosen by the guest status. Signed out shows the gate;
 * signed in shows the rejection screen or the invitation, as the server says. While the
 * sign-in widget is open, the gate stays until the widget reports the sign-in complete, so the
 * guest sees its confirmation before the page moves on (without a reload). When the screen
 * changes, focus moves to the new screen's heading and the change is announced
 * (`ScreenArrival`).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { Gate } from '../gate/Gate.js';
import { Rejection } from '../gate/Rejection.js';
import type { SiteLocale } from '../i18n/site-locale.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';
import type { GuestStatus, GuestView } from './guest-status.js';
import { fetchInvitationContent } from './invitation-content.js';
import { LazyChunk } from './LazyChunk.js';
import { StatusScreen } from './StatusScreen.js';
import { ScreenArrival } from './screen-arrival.js';

/**
 * The invitation: a chunk of its own that the server serves to invited guests only, and its
 * published content, asked for at the same time (a retry asks for both again).
 */
const loadInvitation = () =>
  Promise.all([import('../invitation/Invitation.js'), fetchInvitationContent()]).then(
    ([chunk, content]) => ({ default: chunk.withContent(content) }),
  );

/** Where the sign-in widget is: not shown, open on the gate, or done (sign-in complete). */
type WidgetStage = 'closed' | 'open' | 'done';

/** Props of {@link App}. */
export interface AppProps {
  client: VelvetClient;
  status: GuestStatus;
  publicToken: string;
  /** The page's language, which the sign-in widget speaks too. */
  locale: SiteLocale;
}

/** The whole page. */
export function App({ client, status, publicToken, locale }: AppProps) {
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

  return (
    <ScreenArrival>
      <CurrentScreen
        view={view}
        widgetOpen={widget === 'open'}
        client={client}
        status={status}
        publicToken={publicToken}
        locale={locale}
        onOpenWidget={openWidget}
        onSignInComplete={signInComplete}
      />
    </ScreenArrival>
  );
}

/** Props of {@link CurrentScreen}. */
interface CurrentScreenProps extends AppProps {
  view: GuestView;
  widgetOpen: boolean;
  onOpenWidget: () => void;
  onSignInComplete: () => void;
}

/** The screen for the view; each kind has its own key, so a new screen is a new heading. */
function CurrentScreen({
  view,
  widgetOpen,
  client,
  status,
  publicToken,
  locale,
  onOpenWidget,
  onSignInComplete,
}: CurrentScreenProps) {
  const publicTexts = useSiteTexts();
  if (view.kind === 'signed-out' || widgetOpen) {
    return (
      <Gate
        key="gate"
        client={client}
        publicToken={publicToken}
        locale={locale}
        widgetOpen={widgetOpen}
        onOpen={onOpenWidget}
        onSignInComplete={onSignInComplete}
      />
    );
  }
  switch (view.kind) {
    case 'checking':
      return <StatusScreen key="checking" heading={publicTexts.checking} busy />;
    case 'check-failed':
      return (
        <StatusScreen
          key="check-failed"
          heading={view.message}
          text={publicTexts.connectionAdvice}
          action={{ label: publicTexts.retry, run: () => void status.check() }}
        />
      );
    case 'not-invited':
      return <Rejection key="not-invited" client={client} />;
    case 'invited':
      return (
        <LazyChunk
          key="invited"
          load={loadInvitation}
          props={{ client }}
          loading={<StatusScreen heading={publicTexts.checking} busy />}
          failed={(retry) => (
            <StatusScreen
              heading={publicTexts.invitationError}
              text={publicTexts.connectionAdvice}
              action={{ label: publicTexts.retry, run: retry }}
            />
          )}
        />
      );
  }
}
