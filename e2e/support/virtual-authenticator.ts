/**
 * Chromium's virtual authenticator, through the DevTools protocol (`WebAuthn.enable`,
 * `WebAuthn.addVirtualAuthenticator`): a platform passkey provider (CTAP2, internal transport)
 * with resident keys and user verification, which answers real WebAuthn ceremonies in the page
 * as a phone or laptop would, without a person touching it.
 */
import type { CDPSession, Page } from '@playwright/test';

/** A credential the virtual authenticator holds. */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  signCount: number;
}

/** An authenticator attached to one page. */
export interface VirtualAuthenticator {
  session: CDPSession;
  authenticatorId: string;
  /** The credentials it holds now. */
  credentials(): Promise<VirtualCredential[]>;
}

/** Attaches a passkey-capable platform authenticator to `page`. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    session,
    authenticatorId,
    async credentials() {
      const { credentials } = await session.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials as VirtualCredential[];
    },
  };
}
