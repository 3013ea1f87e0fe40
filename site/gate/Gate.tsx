/**
 * The login gate: "Do we know you?" and a button that brings up the sign-in widget (SMS
 * passcode, 10-minute codes). It says nothing about whose party this is. Widget errors are
 * shown under it as an alert.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../../widget/events.js';
import { VelvetEventType } from '../../widget/events.js';
import { ChunkErrorBoundary } from '../app/ChunkErrorBoundary.js';
import { publicTexts } from '../content/public-texts.js';

/** The widget and its React wrapper load only when the guest asks for them. */
const SignInWidget = lazy(() => import('./SignInWidget.js'));

/** Props of {@link Gate}. */
export interface GateProps {
  client: VelvetClient;
  publicToken: string;
  /** Whether the widget is shown (after "Let's check!"). */
  widgetOpen: boolean;
  onOpen: () => void;
  /** The widget reported the sign-in complete. */
  onSignInComplete: () => void;
}

const texts = publicTexts.gate;

/** The gate screen. */
export function Gate({ client, publicToken, widgetOpen, onOpen, onSignInComplete }: GateProps) {
  const [error, setError] = useState<string | null>(null);
  const widgetRegion = useRef<HTMLElement>(null);

  useEffect(() => {
    if (widgetOpen) widgetRegion.current?.focus();
  }, [widgetOpen]);

  const onEvent = useCallback(
    (event: VelvetEventDetail) => {
      if (event.type === VelvetEventType.AuthenticateFlowComplete) onSignInComplete();
      else setError(null);
    },
    [onSignInComplete],
  );
  const onError = useCallback((detail: VelvetErrorDetail) => setError(detail.message), []);

  return (
    <main className="gate">
      <div className="gate-card">
        <p className="eyebrow">{texts.eyebrow}</p>
        <h1>{texts.heading}</h1>
        <p className="gate-intro">{texts.intro}</p>
        {widgetOpen ? (
          <section
            className="widget-region"
            ref={widgetRegion}
            tabIndex={-1}
            aria-label={texts.widgetLabel}
          >
            <ChunkErrorBoundary fallback={<p role="alert">{texts.widgetError}</p>}>
              <Suspense fallback={<p role="status">{texts.loadingWidget}</p>}>
                <SignInWidget
                  client={client}
                  publicToken={publicToken}
                  onEvent={onEvent}
                  onError={onError}
                />
              </Suspense>
            </ChunkErrorBoundary>
          </section>
        ) : (
          <button type="button" className="button" onClick={onOpen}>
            {texts.button}
          </button>
        )}
        <div className="gate-error" role="alert">
          {error && (
            <p>
              {texts.signInErrorPrefix} {error}
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
