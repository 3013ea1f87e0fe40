import { expect } from '@open-wc/testing';
import { SchemaError } from './errors.js';
import { authenticateBody } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient } from './testing/test-client.js';

async function rejectionOf(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('did not throw');
}

describe('OAuthClient', () => {
  afterEach(cleanUpClients);

  it('throws the spec schema errors for the token and session_duration_minutes before any call', async () => {
    const test = createTestClient();
    const oauth = test.client.oauth as unknown as {
      authenticate(token: unknown, options: unknown): Promise<unknown>;
    };
    for (const [call, message] of [
      [() => oauth.authenticate(42, { session_duration_minutes: 60 }), 'token must be a string'],
      [
        () => oauth.authenticate('t', { session_duration_minutes: '60' }),
        'session_duration_minutes must be a number',
      ],
    ] as const) {
      const error = await rejectionOf(call);
      expect(error).to.be.instanceOf(SchemaError);
      expect(error.message).to.include(message);
    }
    expect(test.api.requests).to.have.length(0);
  });

  it('exchanges the token for a session, with the PKCE verifier this browser keeps', async () => {
    const test = createTestClient();
    test.api.on('POST', '/oauth/authenticate', {
      json: authenticateBody('oauth-session-token'),
    });
    const pair = await test.client.pkce.start('oauth');
    const response = await test.client.oauth.authenticate('landed-token', {
      session_duration_minutes: 30,
    });
    expect(response.session_token).to.equal('oauth-session-token');
    expect(test.api.requestsTo('/oauth/authenticate').map((request) => request.body)).to.deep.equal(
      [{ token: 'landed-token', session_duration_minutes: 30, code_verifier: pair.codeVerifier }],
    );
    expect(test.client.session.getTokens()?.sessionToken).to.equal('oauth-session-token');
    expect(test.client.pkce.get('oauth')).to.equal(null);
  });
});
