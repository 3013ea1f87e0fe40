/**
 * "Sign in faster next time": on the invitation, after a guest signed in with a text, the offer
 * of a passkey on this device (`offer-choice.ts` says when), so the next visit needs no text.
 * One tap creates it, one tap skips it for good on this device. The registration element and its
 * texts load only when the offer shows (`PasskeyOfferCard.tsx`), never on the gate.
 */
import { useCallback, useEffect, useState } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { LazyChunk } from '../app/LazyChunk.js';
import { rememberSkip, shouldOfferPasskey } from './offer-choice.js';
import { OFFER_LABEL } from './offer-texts.js';
import './passkey-offer.css';

/** The registration element, loaded when the offer is made. */
const loadCard = () => import('./PasskeyOfferCard.js');

/** Where the offer is: being decided, shown, or not (never was, skipped or finished). */
type OfferStage = 'deciding' | 'shown' | 'gone';

/** Props of {@link PasskeyOffer}. */
export interface PasskeyOfferProps {
  /** The page's client library, whose signed-in guest gets the passkey. */
  client: VelvetClient;
}

/** The offer, or nothing. */
export function PasskeyOffer({ client }: PasskeyOfferProps) {
  const [stage, setStage] = useState<OfferStage>('deciding');

  useEffect(() => {
    let current = true;
    void shouldOfferPasskey({
      user: client.user.getSync(),
      storage: globalThis.localStorage,
      support: globalThis.PublicKeyCredential,
    }).then((offer) => {
      if (current) setStage(offer ? 'shown' : 'gone');
    });
    return () => {
      current = false;
    };
  }, [client]);

  const onSkip = useCallback(() => {
    rememberSkip(globalThis.localStorage);
    setStage('gone');
  }, []);
  const onDone = useCallback(() => setStage('gone'), []);

  if (stage !== 'shown') return null;
  return (
    <section className="passkey-offer" aria-label={OFFER_LABEL}>
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
