/**
 * A web-test-runner plugin that gives a test page Chromium's virtual WebAuthn authenticator
 * (DevTools protocol `WebAuthn.addVirtualAuthenticator`: CTAP2, internal transport, resident
 * keys, user verification), so widget tests run real `navigator.credentials` ceremonies.
 * In a test: `await executeServerCommand('webauthn-virtual-authenticator', {action: 'add'})`,
 * then `{action: 'credentials'}` or `{action: 'remove'}`; `{action: 'add-waiting'}` adds one whose
 * user never answers, so a request waits until it is cancelled.
 */

/** @type {WeakMap<object, {cdp: import('playwright').CDPSession, authenticatorId: string}>} */
const attached = new WeakMap();

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function webauthnTestPlugin() {
  return {
    name: 'webauthn-virtual-authenticator',
    async executeCommand({ command, payload, session }) {
      if (command !== 'webauthn-virtual-authenticator') return undefined;
      if (session.browser.type !== 'playwright') throw new Error('needs the Playwright launcher');
      const page = session.browser.getPage(session.id);
      const action = /** @type {{action?: string}} */ (payload)?.action ?? 'add';
      const current = attached.get(page);
      if (action === 'add' || action === 'add-waiting') {
        if (current) return current.authenticatorId;
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('WebAuthn.enable', { enableUI: false });
        const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            ctap2Version: 'ctap2_1',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            // `add-waiting`: an authenticator whose user never touches it, so requests wait.
            automaticPresenceSimulation: action === 'add',
          },
        });
        attached.set(page, { cdp, authenticatorId });
        return authenticatorId;
      }
      if (!current) return action === 'credentials' ? [] : true;
      if (action === 'credentials') {
        const { credentials } = await current.cdp.send('WebAuthn.getCredentials', {
          authenticatorId: current.authenticatorId,
        });
        return credentials;
      }
      await current.cdp.send('WebAuthn.removeVirtualAuthenticator', {
        authenticatorId: current.authenticatorId,
      });
      attached.delete(page);
      return true;
    },
  };
}
