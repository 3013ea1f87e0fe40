import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { startTestServer, TEST_PUBLIC_TOKEN, type TestServer } from '../../test/test-server.js';
import { type GitHubPeer, startGitHubPeer } from './testing/github-peer.js';
import { passProvider, pkcePair } from './testing/oauth-browser.js';
import { type OidcPeer, startOidcPeer } from './testing/oidc-peer.js';

const VELVET = 'http://velvet.test';
const LOGIN_URL = 'http://app.velvet.test/signed-in';
const SIGNUP_URL = 'http://app.velvet.test/welcome';

describe('OAuth redirect sign-in', () => {
  let server: TestServer;
  let google: OidcPeer;
  let github: GitHubPeer;

  before(async () => {
    google = await startOidcPeer({
      redirectUris: [`${VELVET}/sdk/v1/public/oauth/google/callback`],
    });
    github = await startGitHubPeer();
    server = await startTestServer({
      project: {
        products: ['oauth', 'otp'],
        oauth: {
          providers: {
            google: {
              clientId: google.clientId,
              clientSecret: google.clientSecret,
              issuer: google.issuer,
            },
            github: {
              clientId: github.clientId,
              clientSecret: github.clientSecret,
              ...github.endpoints,
            },
          },
          loginRedirectURLs: [LOGIN_URL],
          signupRedirectURLs: [SIGNUP_URL],
        },
      },
    });
  });
  after(async () => {
    await server.close();
    await google.close();
    await github.close();
  });

  /** `GET /sdk/v1/public/oauth/{provider}/start` without following the redirect. */
  function start(provider: string, query: Record<string, string>) {
    const url = new URL(`${server.url}/sdk/v1/public/oauth/${provider}/start`);
    for (const [k, v] of Object.entries({ public_token: TEST_PUBLIC_TOKEN, ...query })) {
      url.searchParams.set(k, v);
    }
    return fetch(url, { redirect: 'manual' });
  }

  /** The Velvet callback `url` (on the public origin) called on the test server. */
  function callback(url: URL) {
    return fetch(url.toString().replace(VELVET, server.url), { redirect: 'manual' });
  }

  /** Signs a user up by email passcode (a verified address); resolves to the user id. */
  async function signUpByEmail(email: string): Promise<string> {
    const sent = await server.api('/otps/email/login_or_create', { body: { email } });
    assert.equal(sent.status, 200);
    const done = await server.api('/otps/authenticate', {
      body: { token: server.lastCode(email), method_id: sent.body.email_id },
    });
    assert.equal(done.status, 200);
    return done.body.user_id;
  }

  /** Start, the provider's pages, and the callback: the final redirect's URL. */
  async function signIn(provider: string, challenge: string, login?: string) {
    const started = await start(provider, { code_challenge: challenge });
    assert.equal(started.status, 302);
    const back = await passProvider(started.headers.get('location') ?? '', VELVET, { login });
    const landed = await callback(back);
    assert.equal(landed.status, 302, await landed.clone().text());
    return new URL(landed.headers.get('location') ?? '');
  }

  test('Google (OpenID Connect): start → login and consent → callback → authenticate', async () => {
    const { verifier, challenge } = pkcePair();
    const started = await start('google', { code_challenge: challenge });
    assert.equal(started.status, 302);
    const authorize = new URL(started.headers.get('location') ?? '');
    assert.equal(authorize.origin, google.issuer);
    assert.equal(authorize.searchParams.get('client_id'), google.clientId);
    assert.equal(
      authorize.searchParams.get('redirect_uri'),
      `${VELVET}/sdk/v1/public/oauth/google/callback`,
    );
    assert.equal(authorize.searchParams.get('scope'), 'openid email profile');
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.notEqual(authorize.searchParams.get('code_challenge'), challenge, 'its own PKCE');
    assert.ok(authorize.searchParams.get('nonce'));
    assert.match(authorize.searchParams.get('state') ?? '', /^[A-Za-z0-9_-]{43}$/);

    const back = await passProvider(authorize.toString(), VELVET, { login: 'ada' });
    const landed = await callback(back);
    assert.equal(landed.status, 302);
    const target = new URL(landed.headers.get('location') ?? '');
    assert.equal(`${target.origin}${target.pathname}`, SIGNUP_URL, 'a new user signs up');
    assert.equal(target.searchParams.get('stytch_token_type'), 'oauth');
    const token = target.searchParams.get('token') ?? '';

    const answer = await server.api('/oauth/authenticate', {
      body: { token, code_verifier: verifier, session_duration_minutes: 60 },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.provider_type, 'Google');
    assert.equal(answer.body.provider_subject, 'ada');
    assert.equal(answer.body.reset_sessions, false);
    assert.match(answer.body.oauth_user_registration_id, /^oauth-user-registration-test-/);
    const values = answer.body.provider_values;
    assert.ok(values.access_token.length > 10);
    assert.equal(values.id_token.split('.').length, 3);
    assert.equal(values.refresh_token, '');
    assert.deepEqual(values.scopes, ['openid', 'email', 'profile']);
    assert.ok(Date.parse(values.expires_at) > 0);
    assert.ok(answer.body.session_token && answer.body.session_jwt);
    assert.equal(answer.body.session.authentication_factors[0].type, 'oauth');
    assert.equal(answer.body.session.authentication_factors[0].delivery_method, 'oauth_google');
    assert.deepEqual(answer.body.user.emails, [
      { email_id: answer.body.user.emails[0].email_id, email: 'ada@oidc.test', verified: true },
    ]);
    assert.equal(answer.body.user.name.first_name, 'ada');
    assert.deepEqual(answer.body.user.providers, [
      {
        provider_type: 'Google',
        provider_subject: 'ada',
        profile_picture_url: '',
        locale: '',
        oauth_user_registration_id: answer.body.oauth_user_registration_id,
      },
    ]);

    // The token works once.
    assertApiError(
      await server.api('/oauth/authenticate', { body: { token, code_verifier: verifier } }),
      404,
      'oauth_token_not_found',
    );

    // The same Google account signs in again: the login URL, the same user.
    const second = pkcePair();
    const again = await signIn('google', second.challenge, 'ada');
    assert.equal(`${again.origin}${again.pathname}`, LOGIN_URL);
    const secondAnswer = await server.api('/oauth/authenticate', {
      body: { token: again.searchParams.get('token'), code_verifier: second.verifier },
    });
    assert.equal(secondAnswer.body.user_id, answer.body.user_id);
  });

  test('GitHub (OAuth 2.0 with /user and /user/emails) links to the user of the verified email', async () => {
    // octo@github.test signs up by email passcode first: a verified address.
    const existing = await signUpByEmail('octo@github.test');

    const { verifier, challenge } = pkcePair();
    const target = await signIn('github', challenge);
    assert.equal(`${target.origin}${target.pathname}`, LOGIN_URL, 'an existing user logs in');
    const answer = await server.api('/oauth/authenticate', {
      body: { token: target.searchParams.get('token'), code_verifier: verifier },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.user_id, existing);
    assert.equal(answer.body.provider_type, 'Github');
    assert.equal(answer.body.provider_subject, '4242');
    assert.equal(answer.body.provider_values.id_token, '');
    assert.deepEqual(answer.body.provider_values.scopes, ['read:user', 'user:email']);
    assert.equal(answer.body.user.emails.length, 1);
    assert.equal(answer.body.user.emails[0].email, 'octo@github.test');
    assert.equal(answer.body.user.providers[0].provider_type, 'Github');
  });
});
