/**
 * The login gate: "Do we know you?" and a button that brings up the sign-in widget (SMS
 * passcode, 10-minute codes). It says nothing about whose party this is. The widget shows and
 * announces its own errors (once, where the guest is typing); the gate does not repeat them.
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../../widget/events.js';
import { VelvetEventType } from '../../widget/events.js';
import { LazyChunk } from '../app/LazyChunk.js';
import { useScreenHeading } from '../app/screen-arrival.js';
import type { SiteLocale } from '../i18n/site-locale.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';

/** The widget and its React wrapper load only when the guest asks for them. */
const loadSignInWidget = () => import('./SignInWidget.js');

/** Props of {@link Gate}. */
export interface GateProps {
  client: VelvetClient;
  publicToken: string;
  /** The page's language, given to the widget. */
  locale: SiteLocale;
  /** Whether the widget is shown (after "Let's check!"). */
  widgetOpen: boolean;
  onOpen: () => void;
  /** The widget reported the sign-in complete. */
  onSignInComplete: () => void;
}

/**
 * What the gate does with a widget error: the widget has already shown it to the guest and
 * announced it, so the page only notes it for whoever is looking at the console.
 */
function logSignInError(error: VelvetErrorDetail): void {
  console.warn(`Sign-in problem (${error.errorType ?? 'no type'}): ${error.message}`);
}

/** The gate screen. */
export function Gate({
  client,
  publicToken,
  locale,
  widgetOpen,
  onOpen,
  onSignInComplete,
}: GateProps) {
  const publicTexts = useSiteTexts();
  const texts = publicTexts.gate;
  const widgetRegion = useRef<HTMLElement>(null);
  const introId = useId();
  const heading = useScreenHeading<HTMLHeadingElement>(publicTexts.announce.signedOut);

  useEffect(() => {
    if (widgetOpen) widgetRegion.current?.focus();
  }, [widgetOpen]);

  const onEvent = useCallback(
    (event: VelvetEventDetail) => {
      if (event.type === VelvetEventType.AuthenticateFlowComplete) onSignInComplete();
    },
    [onSignInComplete],
  );

  return (
    <main className="gate">
      <div className="gate-card">
        <p className="eyebrow">{texts.eyebrow}</p>
        <h1 ref={heading} tabIndex={-1}>
          {texts.heading}
        </h1>
        <p className="gate-intro" id={introId}>
          {widgetOpen ? texts.widgetIntro : texts.intro}
        </p>
        {widgetOpen ? (
          <section
            className="widget-region"
            ref={widgetRegion}
            tabIndex={-1}
            aria-label={texts.widgetLabel}
            aria-describedby={introId}
          >
            <LazyChunk
              load={loadSignInWidget}
              props={{ client, publicToken, locale, onEvent, onError: logSignInError }}
              loading={<p role="status">{texts.loadingWidget}</p>}
              failed={(retry) => (
                <div className="widget-failed">
                  <p role="alert">{texts.widgetError}</p>
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      // The button goes away: keep focus in the region, where the widget comes.
                      widgetRegion.current?.focus();
                      retry();
                    }}
                  >
                    {publicTexts.retry}
                  </button>
                </div>
              )}
            />
          </section>
        ) : (
          <button type="button" className="button" onClick={onOpen}>
            {texts.button}
          </button>
        )}
      </div>
    </main>
  );
}
