/**
 * The offer's card: the widget's `<velvet-passkey-registration>` on the page's client (one
 * session), in the site's theme and words, asking for the guests' session length so that
 * creating the passkey keeps the session as long as the sign-in did. Loaded lazily by
 * `PasskeyOffer.tsx`.
 */
import { type CSSProperties, useEffect, useRef } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import type { VelvetEventDetail } from '../../widget/events.js';
import {
  PASSKEY_REGISTRATION_TAG,
  type VelvetPasskeyRegistration,
} from '../../widget/products/passkeys/passkey-registration.js';
import { PasskeyEvent } from '../../widget/products/passkeys/passkey-strings.js';
import { readGuestSessionMinutes } from '../app/guest-session.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';
import { signInCustomProperties, signInTheme } from '../theme/site-theme.js';

/** The element's configuration: the site theme and the guests' session length. */
function offerConfig(): VelvetPasskeyRegistration['config'] {
  const minutes = readGuestSessionMinutes(document);
  return {
    theme: signInTheme(),
    ...(minutes ? { sessionOptions: { sessionDurationMinutes: minutes } } : {}),
  };
}

/** The site theme's values for the element's custom properties that the config has no key for. */
const CARD_STYLE = signInCustomProperties() as CSSProperties;

/** Props of {@link PasskeyOfferCard}. */
export interface PasskeyOfferCardProps {
  client: VelvetClient;
  /** The guest skipped the offer. */
  onSkip: () => void;
  /** The guest created a passkey and pressed "Done". */
  onDone: () => void;
}

/**
 * The registration element, made in script: its properties (the client above all) are set
 * before it connects, so it starts on the page's session at once.
 */
export default function PasskeyOfferCard({ client, onSkip, onDone }: PasskeyOfferCardProps) {
  const holder = useRef<HTMLDivElement>(null);
  const { strings } = useSiteTexts().invitation.passkeyOffer;

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    const registration = document.createElement(PASSKEY_REGISTRATION_TAG);
    registration.client = client;
    registration.config = offerConfig();
    registration.strings = strings;
    registration.callbacks = {
      onEvent: (event: VelvetEventDetail) => {
        if (event.type === PasskeyEvent.Skip) onSkip();
        else if (event.type === PasskeyEvent.Done) onDone();
      },
    };
    box.append(registration);
    return () => registration.remove();
  }, [client, onSkip, onDone, strings]);

  return <div className="passkey-offer-card" ref={holder} style={CARD_STYLE} />;
}
