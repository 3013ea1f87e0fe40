/**
 * The invitation itself: navigation (with "Sign out"), hero, schedule, FAQ and footer, from the
 * content it is given: the published content (`/private/invitation.json`, fetched beside this
 * chunk, `site/app/invitation-content.ts`), or the hosts' draft in their preview. This module and
 * the rest of `site/invitation/` form the private chunk (`dist/site/private/`), which the server
 * hands out to invited guests only; what it takes from `site/app/` and the public texts is
 * public already.
 */
import { useEffect } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { useScreenHeading } from '../app/screen-arrival.js';
import { useSignOut } from '../app/use-sign-out.js';
import { partyDateText } from '../content/date-text.js';
import type { InvitationContent } from '../content/invitation.js';
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
  /** What the invitation says: the published content, or a draft to preview. */
  content: InvitationContent;
}

/** The whole invitation page. */
export default function Invitation({ client, content: invitation }: InvitationProps) {
  const publicTexts = useSiteTexts();
  const heading = useScreenHeading<HTMLHeadingElement>(publicTexts.announce.invited);
  const { state, signOut } = useSignOut(client);
  const title = `${invitation.names} · ${partyDateText(invitation.isoDate, publicTexts.lang)}`;
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className="invitation">
      <Nav
        title={invitation.names}
        labels={invitation.nav}
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

/**
 * The invitation showing `content`, for the page's loader, which fetched the content beside
 * this chunk (`site/app/App.tsx`).
 */
export function withContent(content: InvitationContent) {
  return (props: Omit<InvitationProps, 'content'>) => <Invitation {...props} content={content} />;
}
