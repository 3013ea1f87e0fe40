/**
 * The invitation itself: navigation (with "Sign out"), hero, schedule, FAQ and footer, from the
 * content module. This module, the rest of `site/invitation/` and the content module form the
 * private chunk (`dist/site/private/`), which the server hands out to invited guests only; what
 * it takes from `site/app/` and the public texts is public already.
 */
import { useEffect } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { useScreenHeading } from '../app/screen-arrival.js';
import { useSignOut } from '../app/use-sign-out.js';
import { invitation } from '../content/invitation.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';
import { PasskeyOffer } from '../passkey-offer/PasskeyOffer.js';
import { Faq } from './Faq.js';
import { Footer } from './Footer.js';
import { Hero } from './Hero.js';
import { Nav } from './Nav.js';
import { Rsvp } from './Rsvp.js';
import { Schedule } from './Schedule.js';
import './invitation.css';

/** Props of {@link Invitation}. */
export interface InvitationProps {
  /**
   * The page's client library, whose session "Sign out" revokes and whose guest the passkey
   * offer serves.
   */
  client: VelvetClient;
}

/** The whole invitation page. */
export default function Invitation({ client }: InvitationProps) {
  const publicTexts = useSiteTexts();
  const heading = useScreenHeading<HTMLHeadingElement>(publicTexts.announce.invited);
  const { state, signOut } = useSignOut(client);
  useEffect(() => {
    const previous = document.title;
    document.title = `${invitation.names} · ${invitation.date}`;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <div className="invitation">
      <Nav
        title={invitation.names}
        signOut={{
          label: publicTexts.signOut.button,
          pendingLabel: publicTexts.signOut.pending,
          pending: state === 'signing-out',
          run: () => void signOut(),
        }}
      />
      <main>
        <Hero content={invitation} session={client.session} headingRef={heading} />
        <PasskeyOffer client={client} />
        <Schedule {...invitation.schedule} party={invitation} />
        <Rsvp
          texts={publicTexts.invitation.rsvp}
          timeZone={invitation.timeZone}
          lang={publicTexts.lang}
        />
        <Faq {...invitation.faq} />
      </main>
      <Footer {...invitation.footer} />
    </div>
  );
}
