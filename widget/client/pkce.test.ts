import { expect } from '@open-wc/testing';
import { createCodeChallenge, createCodeVerifier, PkceNamespace } from './pkce.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient } from './testing/test-client.js';

/** SHA-256 in URL-safe base64 without padding, computed independently of the library. */
async function referenceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

describe('PKCE', () => {
  afterEach(cleanUpClients);

  it('makes a verifier of 16 random 32-bit values as hex', () => {
    const verifier = createCodeVerifier();
    expect(verifier).to.match(/^[0-9a-f]{128}$/);
    expect(createCodeVerifier()).to.not.equal(verifier);
  });

  it('writes each 32-bit value as 8 hex digits, in order', () => {
    const verifier = createCodeVerifier((array) => {
      array.set([0, 1, 0xffffffff, 0xdeadbeef, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7]);
      return array;
    });
    expect(verifier.slice(0, 40)).to.equal('0000000000000001ffffffffdeadbeef00000010');
    expect(verifier.slice(-8)).to.equal('00000007');
    expect(verifier).to.have.length(128);
  });

  it('derives the challenge as URL-safe base64 of SHA-256, without padding', async () => {
    // RFC 7636 appendix B.
    expect(await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).to.equal(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    for (let i = 0; i < 20; i += 1) {
      const verifier = createCodeVerifier();
      const challenge = await createCodeChallenge(verifier);
      expect(challenge).to.equal(await referenceChallenge(verifier));
      expect(challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('stores the verifier in localStorage per namespace', async () => {
    const { client } = createTestClient();
    const magic = await client.pkce.start(PkceNamespace.MAGIC_LINKS);
    const reset = await client.pkce.start(PkceNamespace.PASSWORD_RESET);

    expect(magic.codeVerifier).to.not.equal(reset.codeVerifier);
    expect(magic.codeChallenge).to.equal(await referenceChallenge(magic.codeVerifier));
    const stored = localStorage.getItem(client.pkce.storageKey(PkceNamespace.MAGIC_LINKS));
    expect(JSON.parse(stored ?? 'null')).to.deep.equal(magic);
    expect(client.pkce.get(PkceNamespace.PASSWORD_RESET)).to.deep.equal(reset);
    expect(client.pkce.get(PkceNamespace.OAUTH)).to.equal(null);

    client.pkce.clear(PkceNamespace.MAGIC_LINKS);
    expect(client.pkce.get(PkceNamespace.MAGIC_LINKS)).to.equal(null);
    expect(client.pkce.get(PkceNamespace.PASSWORD_RESET)).to.deep.equal(reset);
  });

  it('warns when an OAuth callback finds no verifier', async () => {
    const { client, logger } = createTestClient();
    expect(client.pkce.getOAuthVerifier()).to.equal(null);
    expect(logger.warnings).to.include('No code verifier found in local storage for OAuth flow');

    const oauth = await client.pkce.start(PkceNamespace.OAUTH);
    logger.warnings.length = 0;
    expect(client.pkce.getOAuthVerifier()).to.equal(oauth.codeVerifier);
    expect(logger.warnings).to.deep.equal([]);
  });
});
