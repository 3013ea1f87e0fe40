/**
 * The screen of a signed-in visitor who is not on the guest list: "Who are you??" and a
 * "Try again" button that revokes the session, which takes the page back to the gate.
 */
import { useState } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { publicTexts } from '../content/public-texts.js';

const texts = publicTexts.rejection;

/** Props of {@link Rejection}. */
export interface RejectionProps {
  client: Pick<VelvetClient, 'session'>;
}

/** The rejection screen. */
export function Rejection({ client }: RejectionProps) {
  const [revoking, setRevoking] = useState(false);
  const [failed, setFailed] = useState(false);

  const tryAgain = async () => {
    setRevoking(true);
    setFailed(false);
    try {
      // Revokes on the server; the local session goes either way, and the page shows the gate.
      await client.session.revoke();
    } catch {
      setFailed(true);
      setRevoking(false);
    }
  };

  return (
    <main className="gate">
      <div className="gate-card">
        <h1>{texts.heading}</h1>
        <p className="gate-intro">{texts.text}</p>
        <button type="button" className="button" onClick={tryAgain} disabled={revoking}>
          {revoking ? texts.revoking : texts.button}
        </button>
        <div className="gate-error" role="alert">
          {failed && <p>{texts.revokeError}</p>}
        </div>
      </div>
    </main>
  );
}
