/**
 * Signing out, as the rejection screen's "Try again" and the invitation's "Sign out" do it: the
 * client library revokes the session on the server and destroys it in the page (and in the
 * other tabs), which takes the page back to the gate.
 */
import { useCallback, useState } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';

/** Where a sign-out is. */
export type SignOutState = 'idle' | 'signing-out' | 'failed';

/** Signing out with `client`: the state, for the button, and the function that does it. */
export function useSignOut(client: Pick<VelvetClient, 'session'>): {
  state: SignOutState;
  signOut: () => Promise<void>;
} {
  const [state, setState] = useState<SignOutState>('idle');
  const signOut = useCallback(async () => {
    setState('signing-out');
    try {
      // Revokes on the server; the local session goes either way, and the page shows the gate.
      await client.session.revoke();
    } catch {
      setState('failed');
    }
  }, [client]);
  return { state, signOut };
}
