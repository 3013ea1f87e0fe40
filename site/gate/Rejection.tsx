/**
 * The screen of a signed-in visitor who is not on the guest list: "Who are you??" and a
 * "Try again" button that revokes the session, which takes the page back to the gate.
 */
import type { VelvetClient } from '../../widget/client/index.js';
import { useScreenHeading } from '../app/screen-arrival.js';
import { useSignOut } from '../app/use-sign-out.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';

/** Props of {@link Rejection}. */
export interface RejectionProps {
  client: Pick<VelvetClient, 'session'>;
}

/** The rejection screen. */
export function Rejection({ client }: RejectionProps) {
  const publicTexts = useSiteTexts();
  const texts = publicTexts.rejection;
  const { state, signOut } = useSignOut(client);
  const heading = useScreenHeading<HTMLHeadingElement>(publicTexts.announce.notInvited);

  return (
    <main className="gate">
      <div className="gate-card">
        <h1 ref={heading} tabIndex={-1}>
          {texts.heading}
        </h1>
        <p className="gate-intro">{texts.text}</p>
        <button
          type="button"
          className="button"
          onClick={signOut}
          disabled={state === 'signing-out'}
        >
          {state === 'signing-out' ? texts.revoking : texts.button}
        </button>
        <div className="gate-error" role="alert">
          {state === 'failed' && <p>{texts.revokeError}</p>}
        </div>
      </div>
    </main>
  );
}
