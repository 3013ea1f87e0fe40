/**
 * The door of the hosts' page (`/host`), public and small: a visitor who is signed out gets the
 * same sign-in widget as the guests under the heading "Hosts' page"; a signed-in visitor is
 * checked with the server (`GET /host/api/me`). Anyone the server does not know as a host reads
 * "This account is not one of the hosts" and may sign out: nothing about the party or its
 * guests is on this screen or in this code. A host gets the hosts' page itself, a chunk the
 * server hands out to hosts only (`site/host/`, built into `dist/site/host/`).
 *
 * Once the page shows, it stays through a new sign-in (the "Confirm it's you" of a destructive
 * action): the new session is checked again in the background, and only a visitor who turns
 * out not to be a host, or signs out, leaves it.
 */
import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import type { VelvetEventDetail } from '../../widget/events.js';
import { VelvetEventType } from '../../widget/events.js';
import type { AppProps } from '../app/App.js';
import { readPasscodeMethods } from '../app/guest-session.js';
import type { GuestView } from '../app/guest-status.js';
import { LazyChunk } from '../app/LazyChunk.js';
import { StatusScreen } from '../app/StatusScreen.js';
import { useScreenHeading } from '../app/screen-arrival.js';
import { useSignOut } from '../app/use-sign-out.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';
import { fetchHostMe, type HostMe } from './host-me.js';

/** The widget, as the gate loads it. */
const loadSignInWidget = () => import('../gate/SignInWidget.js');

/** Hosts sign in by text or, when the project has it, by email (a host may be listed by email). */
const HOST_METHODS = readPasscodeMethods(document);
/** The hosts' page: served to hosts only. */
const loadHostPage = () => import('../host/HostPage.js');

/** What the server said about the visitor's session. */
type HostAccess =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'checking'; readonly session: string }
  | { readonly kind: 'host'; readonly session: string; readonly me: HostMe }
  | { readonly kind: 'not-host'; readonly session: string }
  | { readonly kind: 'failed'; readonly session: string };

const UNKNOWN: HostAccess = { kind: 'unknown' };

/** The page's title at `/host`. */
const TITLE = 'Hosts’ page';

/** Whether the guest status has confirmed a session with the server. */
function confirmed(view: GuestView): boolean {
  return view.kind === 'invited' || view.kind === 'not-invited';
}

/** The hosts' page's door (see the module comment). */
export default function HostGate({ client, status, publicToken, locale }: AppProps) {
  const view = useSyncExternalStore(status.subscribe, status.getSnapshot);
  const [access, setAccess] = useState<HostAccess>(UNKNOWN);
  const [widgetOpen, setWidgetOpen] = useState(false);
  const session = client.session.getSync()?.session_id ?? null;

  useEffect(() => {
    document.title = TITLE;
  }, []);

  useEffect(() => {
    if (view.kind === 'signed-out') {
      setAccess(UNKNOWN);
      setWidgetOpen(true);
    }
  }, [view.kind]);

  const check = useCallback(async (id: string, quietly: boolean) => {
    if (!quietly) setAccess({ kind: 'checking', session: id });
    try {
      const me = await fetchHostMe();
      setAccess(me ? { kind: 'host', session: id, me } : { kind: 'not-host', session: id });
    } catch {
      setAccess({ kind: 'failed', session: id });
    }
  }, []);

  // A session the server confirmed, not checked yet as a host's: ask. The page of a host who
  // signed in again stays while the new session is checked.
  useEffect(() => {
    if (!confirmed(view) || session === null) return;
    if (access.kind !== 'unknown' && access.session === session) return;
    if (access.kind === 'checking') return;
    void check(session, access.kind === 'host');
  }, [view, session, access, check]);

  const signInComplete = useCallback(() => setWidgetOpen(false), []);

  // The widget stays until it reports the sign-in complete (its confirmation shows first).
  if (view.kind === 'signed-out' || widgetOpen) {
    return (
      <HostSignIn
        key="sign-in"
        publicToken={publicToken}
        locale={locale}
        client={client}
        onSignInComplete={signInComplete}
      />
    );
  }
  if (access.kind === 'host') {
    return (
      <LazyChunk
        key="host"
        load={loadHostPage}
        props={{ client, publicToken, locale, me: access.me }}
        loading={<StatusScreen heading="Loading the hosts’ page…" busy />}
        failed={(retry) => (
          <StatusScreen
            heading="The hosts’ page could not load"
            text="Check your connection and try again."
            action={{ label: 'Retry', run: retry }}
          />
        )}
      />
    );
  }
  if (view.kind === 'check-failed' || access.kind === 'failed') {
    return (
      <StatusScreen
        key="failed"
        heading="We could not check whether you are one of the hosts"
        text="Check your connection and try again."
        action={{
          label: 'Retry',
          run: () => {
            if (view.kind === 'check-failed') void status.check();
            else if (session) void check(session, false);
          },
        }}
      />
    );
  }
  if (access.kind === 'not-host') return <NotHost key="not-host" client={client} />;
  return <StatusScreen key="checking" heading="Checking that you are one of the hosts…" busy />;
}

/** Props of {@link HostSignIn}. */
interface HostSignInProps extends Pick<AppProps, 'client' | 'publicToken' | 'locale'> {
  onSignInComplete: () => void;
}

/** "Hosts' page" and the sign-in widget, shown at once. */
function HostSignIn({ client, publicToken, locale, onSignInComplete }: HostSignInProps) {
  const texts = useSiteTexts();
  const heading = useScreenHeading<HTMLHeadingElement>('You are signed out.');
  const introId = useId();
  const onEvent = useCallback(
    (event: VelvetEventDetail) => {
      if (event.type === VelvetEventType.AuthenticateFlowComplete) onSignInComplete();
    },
    [onSignInComplete],
  );
  return (
    <main className="gate">
      <div className="gate-card">
        <p className="eyebrow">For the hosts</p>
        <h1 ref={heading} tabIndex={-1}>
          {TITLE}
        </h1>
        <p className="gate-intro" id={introId}>
          Sign in as one of the hosts to manage the guests and the invitation.
        </p>
        <section
          className="widget-region"
          tabIndex={-1}
          aria-label={texts.gate.widgetLabel}
          aria-describedby={introId}
        >
          <LazyChunk
            load={loadSignInWidget}
            props={{
              client,
              publicToken,
              locale,
              passcodeMethods: HOST_METHODS,
              onEvent,
              onError: logSignInError,
            }}
            loading={<p role="status">{texts.gate.loadingWidget}</p>}
            failed={(retry) => (
              <div className="widget-failed">
                <p role="alert">{texts.gate.widgetError}</p>
                <button type="button" className="button" onClick={retry}>
                  {texts.retry}
                </button>
              </div>
            )}
          />
        </section>
      </div>
    </main>
  );
}

/** The widget showed its error already; the page notes it for the console. */
function logSignInError(error: { errorType?: string; message: string }): void {
  console.warn(`Sign-in problem (${error.errorType ?? 'no type'}): ${error.message}`);
}

/** Props of {@link NotHost}. */
interface NotHostProps {
  client: AppProps['client'];
}

/** A signed-in visitor the server does not know as a host: that, and "Sign out". */
function NotHost({ client }: NotHostProps) {
  const { state, signOut } = useSignOut(client);
  const heading = useScreenHeading<HTMLHeadingElement>(
    'You are signed in, but this account is not one of the hosts.',
  );
  return (
    <main className="gate">
      <div className="gate-card">
        <p className="eyebrow">For the hosts</p>
        <h1 ref={heading} tabIndex={-1}>
          This account is not one of the hosts
        </h1>
        <p className="gate-intro">Sign out, then sign in with a host’s phone number.</p>
        <button
          type="button"
          className="button"
          onClick={signOut}
          disabled={state === 'signing-out'}
        >
          {state === 'signing-out' ? 'Signing out…' : 'Sign out'}
        </button>
        <div className="gate-error" role="alert">
          {state === 'failed' && (
            <p>We could not sign you out. Check your connection and try again.</p>
          )}
        </div>
      </div>
    </main>
  );
}
