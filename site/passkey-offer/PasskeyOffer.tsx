/**
 * "Sign in faster next time": on the invitation, after a guest signed in with a text, the offer
 * of a passkey on this device (`offer-choice.ts` says when), so the next visit needs no text.
 * One tap creates it, one tap skips it for good on this device; either way a line says what
 * comes next and takes the focus from the button that went. The registration element loads only
 * when the offer shows (`PasskeyOfferCard.tsx`), never on the gate.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { readSitePasskeys } from '../app/guest-session.js';
import { LazyChunk } from '../app/LazyChunk.js';
import type { SiteTexts } from '../i18n/en.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';
import { pageStorage, rememberSkip, shouldOfferPasskey } from './offer-choice.js';
import './passkey-offer.css';

/** The registration element, loaded when the offer is made. */
const loadCard = () => import('./PasskeyOfferCard.js');

/** Where the offer is: being decided, not made, shown, or answered (skipped or done). */
type OfferStage =
  | 'deciding'
  | 'not-offered'
  | 'shown'
  | keyof SiteTexts['invitation']['passkeyOffer']['outcomes'];

/** Props of {@link PasskeyOffer}. */
export interface PasskeyOfferProps {
  /** The page's client library, whose signed-in guest gets the passkey. */
  client: VelvetClient;
}

/** The offer, or nothing. */
export function PasskeyOffer({ client }: PasskeyOfferProps) {
  const texts = useSiteTexts().invitation.passkeyOffer;
  const [stage, setStage] = useState<OfferStage>('deciding');
  const outcome = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let current = true;
    void shouldOfferPasskey({
      projectPasskeys: readSitePasskeys(document),
      user: client.user.getSync(),
      storage: pageStorage(),
      support: globalThis.PublicKeyCredential,
    }).then((offer) => {
      if (current) setStage(offer ? 'shown' : 'not-offered');
    });
    return () => {
      current = false;
    };
  }, [client]);

  const onSkip = useCallback(() => {
    rememberSkip(pageStorage());
    setStage('skipped');
  }, []);
  const onDone = useCallback(() => setStage('done'), []);

  // The button pressed is gone: the line that replaced it has the focus (and is read out).
  useEffect(() => {
    if (stage === 'skipped' || stage === 'done') outcome.current?.focus();
  }, [stage]);

  if (stage === 'deciding' || stage === 'not-offered') return null;
  if (stage !== 'shown') {
    return (
      <section className="passkey-offer" aria-label={texts.label}>
        <p className="passkey-offer-outcome" ref={outcome} tabIndex={-1}>
          {texts.outcomes[stage]}
        </p>
      </section>
    );
  }
  return (
    <section className="passkey-offer" aria-label={texts.label}>
      <LazyChunk
        load={loadCard}
        props={{ client, onSkip, onDone }}
        loading={null}
        // The offer is a nicety: if its code cannot load, the invitation goes on without it.
        failed={() => null}
      />
    </section>
  );
}
