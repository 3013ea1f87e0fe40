import { expect } from '@open-wc/testing';
import { SchemaError } from './errors.js';
import { IdpClient } from './idp-client.js';
import { success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, signIn } from './testing/test-client.js';

async function rejectionOf(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('did not throw');
}

describe('IdpClient', () => {
  afterEach(cleanUpClients);

  it('sends the consent calls to their paths with the session, and only the options given', async () => {
    const test = createTestClient();
    await signIn(test);
    test.api.on('POST', '/oauth/authorize', {
      json: success({ redirect_uri: 'https://a.example/cb?code=c', authorization_code: 'c' }),
    });
    const idp = new IdpClient(test.client.http);
    const answer = await idp.oauthAuthorize({
      client_id: 'app',
      redirect_uri: 'https://a.example/cb',
      response_type: 'code',
      scopes: ['openid'],
      consent_granted: true,
      state: undefined,
    });
    expect(answer.authorization_code).to.equal('c');
    const [request] = test.api.requestsTo('/oauth/authorize');
    expect(request?.body).to.deep.equal({
      client_id: 'app',
      redirect_uri: 'https://a.example/cb',
      response_type: 'code',
      scopes: ['openid'],
      consent_granted: true,
    });
    expect(request?.headers.get('authorization')).to.equal(
      `Basic ${btoa(`${test.publicToken}:session-token-1`)}`,
    );
  });

  it('checks types before calling, with the spec’s schema error', async () => {
    const test = createTestClient();
    const idp = new IdpClient(test.client.http);
    const error = await rejectionOf(() =>
      idp.oauthAuthorizeStart({
        client_id: 'app',
        redirect_uri: 'https://a.example/cb',
        response_type: 'code',
        scopes: 'openid' as unknown as string[],
      }),
    );
    expect(error).to.be.instanceOf(SchemaError);
    expect(error.message).to.include('scopes must be an array of strings');
    const logout = await rejectionOf(() =>
      idp.oauthLogoutStart({ client_id: 'app', post_logout_redirect_uri: 7 as unknown as string }),
    );
    expect(logout.message).to.include('post_logout_redirect_uri must be a string');
    expect(test.api.requests).to.have.length(0);
  });

  it('lists and revokes connected apps', async () => {
    const test = createTestClient();
    await signIn(test);
    const app = {
      connected_app_id: 'app',
      name: 'App',
      description: '',
      client_type: 'third_party_public',
      scopes_granted: 'openid',
    };
    test.api.on('GET', '/users/connected_apps', { json: success({ connected_apps: [app] }) });
    test.api.on('POST', '/users/connected_apps/app/revoke', { json: success({}) });
    const idp = new IdpClient(test.client.http);
    expect(await idp.connectedApps()).to.deep.equal([app]);
    await idp.revokeConnectedApp('app');
    expect(test.api.requestsTo('/users/connected_apps/app/revoke')).to.have.length(1);
  });
});
