import { expect } from '@open-wc/testing';
import { SchemaError } from './errors.js';
import { OAUTH_PROVIDERS } from './oauth-client.js';
import { PkceNamespace } from './pkce.js';
import { authenticateBody, success } from './testing/fixtures.js';
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

function oauthAnswer() {
  const base = authenticateBody('session-token-oauth') as Record<string, unknown>;
  const data = base.data as Record<string, unknown>;
  return success({
    ...data,
    provider_subject: 'ada',
    provider_type: 'Google',
    provider_values: {
      access_token: 'at',
      id_token: 'a.b.c',
      refresh_token: '',
      scopes: ['openid'],
      expires_at: null,
    },
    oauth_user_registration_id: 'oauth-user-registration-test-1',
    reset_sessions: false,
  });
}

describe('client.oauth', () => {
  afterEach(cleanUpClients);

  it('has a starter for each of the 19 providers', () => {
    const { client } = createTestClient();
    expect(OAUTH_PROVIDERS).to.have.length(19);
    for (const provider of OAUTH_PROVIDERS) {
      expect(typeof client.oauth[provider].start).to.equal('function');
    }
  });

  it('start keeps a PKCE verifier and sends the browser to the server with its challenge', async () => {
    const opened: string[] = [];
    const test = createTestClient({
      apiBase: 'https://id.example.com',
      navigate: (url) => opened.push(url),
    });
    await test.client.oauth.github.start({
      login_redirect_url: 'https://app.example.com/in',
      signup_redirect_url: 'https://app.example.com/welcome',
      custom_scopes: ['repo', 'gist'],
      provider_params: { login: 'octo' },
    });
    expect(opened).to.have.length(1);
    const url = new URL(opened[0] ?? '');
    expect(`${url.origin}${url.pathname}`).to.equal(
      'https://id.example.com/sdk/v1/public/oauth/github/start',
    );
    expect(url.searchParams.get('public_token')).to.equal(test.publicToken);
    expect(url.searchParams.get('custom_scopes')).to.equal('repo gist');
    expect(url.searchParams.get('provider_login')).to.equal('octo');
    expect(url.searchParams.get('login_redirect_url')).to.equal('https://app.example.com/in');
    expect(url.searchParams.get('signup_redirect_url')).to.equal('https://app.example.com/welcome');
    const pair = test.client.pkce.get(PkceNamespace.OAUTH);
    expect(pair).to.not.equal(null);
    expect(url.searchParams.get('code_challenge')).to.equal(pair?.codeChallenge);
  });

  it('authenticate sends the kept verifier, signs in and forgets the verifier', async () => {
    const test = createTestClient({ navigate: () => undefined });
    await test.client.oauth.google.start();
    const verifier = test.client.pkce.get(PkceNamespace.OAUTH)?.codeVerifier;
    test.api.on('POST', '/oauth/authenticate', { json: oauthAnswer() });
    const answer = await test.client.oauth.authenticate('oauth-token', {
      session_duration_minutes: 60,
    });
    expect(answer.provider_type).to.equal('Google');
    expect(answer.provider_values.id_token).to.equal('a.b.c');
    const [sent] = test.api.requestsTo('/oauth/authenticate');
    expect(sent?.body).to.deep.equal({
      token: 'oauth-token',
      session_duration_minutes: 60,
      code_verifier: verifier,
    });
    expect(test.client.session.getSync()?.session_id).to.be.a('string');
    expect(test.client.pkce.get(PkceNamespace.OAUTH)).to.equal(null);
  });

  it('authenticate without a kept verifier warns and still calls', async () => {
    const test = createTestClient();
    test.api.on('POST', '/oauth/authenticate', { json: oauthAnswer() });
    await test.client.oauth.authenticate('oauth-token', { session_duration_minutes: 30 });
    expect(test.logger.warnings).to.include(
      'No code verifier found in local storage for OAuth flow',
    );
    const [sent] = test.api.requestsTo('/oauth/authenticate');
    expect(sent?.body).to.deep.equal({ token: 'oauth-token', session_duration_minutes: 30 });
  });

  it('throws the spec schema errors before any call', async () => {
    const test = createTestClient({ navigate: () => undefined });
    const oauth = test.client.oauth as unknown as {
      authenticate(token: unknown, options?: unknown): Promise<unknown>;
      google: { start(options: unknown): Promise<unknown> };
    };
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => oauth.authenticate(5, { session_duration_minutes: 60 }), 'token must be a string'],
      [
        () => oauth.authenticate('t', { session_duration_minutes: '60' }),
        'session_duration_minutes must be a number',
      ],
      [
        () => oauth.google.start({ custom_scopes: 'openid' }),
        'custom_scopes must be an array of strings',
      ],
      [() => oauth.google.start({ login_redirect_url: 5 }), 'login_redirect_url must be a string'],
    ];
    for (const [call, message] of cases) {
      const error = await rejectionOf(call);
      expect(error).to.be.instanceOf(SchemaError);
      expect(error.message).to.contain(message);
    }
    expect(test.api.requestsTo('/oauth/authenticate')).to.have.length(0);
  });
});
