import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { assertApiError } from '../../test/api-assertions.js';
import { authorizationReturnAttacks } from '../../test/authorization-return-attacks.js';
import { rowsOf } from '../../test/database-rows.js';
import {
  signInBySms,
  startTestServer,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../../test/test-server.js';
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
  let forger: IdTokenForger;

  before(async () => {
    forger = await startIdTokenForger();
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
            // The issuer's discovery, but a token endpoint that hands out ID tokens as told.
            microsoft: {
              clientId: 'velvet-microsoft-client',
              clientSecret: 'velvet-microsoft-secret',
              issuer: google.issuer,
              tokenEndpoint: `${forger.url}/token`,
              jwksUri: `${forger.url}/jwks`,
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
    await forger.close();
  });

  /** Asserts an error page from the catalogue, with no redirect and no session cookie. */
  async function assertErrorPage(response: Response, status: number, type: string) {
    const html = await response.text();
    assert.equal(response.status, status, html.slice(0, 300));
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(response.headers.get('location'), null);
    assert.equal(response.headers.get('set-cookie'), null);
    assert.match(html, new RegExp(`data-error-type="${type}"`));
    assert.match(html, /Sign-in could not be completed/);
  }

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

    // The email stays a way to sign in, so the GitHub account may go.
    const registration = answer.body.oauth_user_registration_id;
    const removed = await server.api(`/users/oauth/${registration}`, {
      method: 'DELETE',
      secret: answer.body.session_token,
    });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(removed.body.providers, []);
    assert.deepEqual(removed.body.__user.providers, []);
    // And with the GitHub account as the only way left, the email may not.
    const back = pkcePair();
    const relinked = await signIn('github', back.challenge);
    const again = await server.api('/oauth/authenticate', {
      body: { token: relinked.searchParams.get('token'), code_verifier: back.verifier },
    });
    const emailId = again.body.user.emails[0].email_id;
    const emailGone = await server.api(`/users/emails/${emailId}`, {
      method: 'DELETE',
      secret: again.body.session_token,
    });
    assert.equal(emailGone.status, 200, 'the GitHub account still signs the user in');
    assertApiError(
      await server.api(`/users/oauth/${again.body.oauth_user_registration_id}`, {
        method: 'DELETE',
        secret: again.body.session_token,
      }),
      409,
      'cannot_delete_last_sign_in_method',
    );
  });

  test('Stytch’s SDK start path (/v1/public/…, its API base without /sdk/v1) leads to the same start', async () => {
    const { challenge } = pkcePair();
    const query = `public_token=${TEST_PUBLIC_TOKEN}&code_challenge=${challenge}&provider_prompt=consent`;
    const alias = await fetch(`${server.url}/v1/public/oauth/google/start?${query}`, {
      redirect: 'manual',
    });
    assert.equal(alias.status, 307);
    assert.equal(alias.headers.get('location'), `/sdk/v1/public/oauth/google/start?${query}`);
    const started = await fetch(`${server.url}${alias.headers.get('location')}`, {
      redirect: 'manual',
    });
    assert.equal(started.status, 302);
    const authorize = new URL(started.headers.get('location') ?? '');
    assert.equal(authorize.origin, google.issuer);
    assert.equal(authorize.searchParams.get('prompt'), 'consent', 'provider_* parameters pass on');
  });

  describe('the authorization page as the landing (Sign in with Velvet through a provider)', () => {
    const AUTHORIZE = `${VELVET}/oauth/${TEST_PUBLIC_TOKEN}/authorize`;
    const REQUEST = `${AUTHORIZE}?client_id=some-app&redirect_uri=${encodeURIComponent('https://rp.test/cb')}&scope=openid+email&state=s%2F1&code_challenge=abc`;

    test('the callback brings the visitor back to the same authorization request, with the token', async () => {
      const { verifier, challenge } = pkcePair();
      const started = await start('google', {
        code_challenge: challenge,
        login_redirect_url: REQUEST,
        signup_redirect_url: REQUEST,
      });
      assert.equal(started.status, 302, await started.clone().text());
      const back = await passProvider(started.headers.get('location') ?? '', VELVET, {
        login: 'authorize-page',
      });
      const landed = await callback(back);
      assert.equal(landed.status, 302);
      const target = new URL(landed.headers.get('location') ?? '');
      assert.equal(`${target.origin}${target.pathname}`, AUTHORIZE);
      // Every parameter of the request as it was, the token's two beside them.
      const expected = new URL(REQUEST).searchParams;
      for (const [name, value] of expected)
        assert.equal(target.searchParams.get(name), value, name);
      assert.equal(target.searchParams.get('stytch_token_type'), 'oauth');
      const answer = await server.api('/oauth/authenticate', {
        body: { token: target.searchParams.get('token'), code_verifier: verifier },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.provider_subject, 'authorize-page');
    });

    test('open redirect: another origin, path, project, scheme or a userinfo/fragment trick is refused, nothing stored', async () => {
      const { challenge } = pkcePair();
      const tables = ['oauth_states', 'oauth_tokens', 'sessions'] as const;
      const before = await rowsOf(server.store, tables);
      const attacks = authorizationReturnAttacks(
        TEST_PUBLIC_TOKEN,
        'public-token-test-another-project',
      );
      for (const attack of attacks) {
        for (const field of ['login_redirect_url', 'signup_redirect_url']) {
          const refused = await start('google', { code_challenge: challenge, [field]: attack });
          await assertErrorPage(refused, 400, 'no_match_for_provided_oauth_url');
        }
      }
      assert.deepEqual(await rowsOf(server.store, tables), before, 'no state, token or session');
    });
  });

  describe('bad input: an error page or a 4xx from the catalogue, and no session', () => {
    test('a forged state', async () => {
      await assertErrorPage(
        await callback(
          new URL(`${VELVET}/sdk/v1/public/oauth/google/callback?code=abc&state=${'x'.repeat(43)}`),
        ),
        400,
        'oauth_invalid_state',
      );
      await assertErrorPage(
        await callback(new URL(`${VELVET}/sdk/v1/public/oauth/google/callback?code=abc`)),
        400,
        'oauth_invalid_state',
      );
    });

    test('a replayed state (the callback URL used twice)', async () => {
      const { challenge } = pkcePair();
      const started = await start('google', { code_challenge: challenge });
      const back = await passProvider(started.headers.get('location') ?? '', VELVET, {
        login: 'replay',
      });
      assert.equal((await callback(back)).status, 302);
      await assertErrorPage(await callback(back), 400, 'oauth_invalid_state');
    });

    test('a state made for another provider', async () => {
      const { challenge } = pkcePair();
      const started = await start('github', { code_challenge: challenge });
      const state = new URL(started.headers.get('location') ?? '').searchParams.get('state');
      await assertErrorPage(
        await callback(
          new URL(`${VELVET}/sdk/v1/public/oauth/google/callback?code=abc&state=${state}`),
        ),
        400,
        'oauth_invalid_state',
      );
    });

    test('the provider refuses (access_denied)', async () => {
      const { challenge } = pkcePair();
      const started = await start('github', { code_challenge: challenge });
      const back = await passProvider(started.headers.get('location') ?? '', VELVET, {
        decision: 'deny',
      });
      assert.equal(back.searchParams.get('error'), 'access_denied');
      await assertErrorPage(await callback(back), 401, 'oauth_provider_error');
    });

    /** Starts a Microsoft sign-in and calls back with an ID token of `claims` (over the good ones). */
    async function withIdToken(claims: JWTPayload, signer?: 'stranger') {
      const { challenge } = pkcePair();
      const started = await start('microsoft', { code_challenge: challenge });
      const authorize = new URL(started.headers.get('location') ?? '');
      forger.next = {
        iss: google.issuer,
        aud: 'velvet-microsoft-client',
        sub: 'forged-subject',
        nonce: authorize.searchParams.get('nonce') ?? '',
        email: 'grace@forged.test',
        email_verified: true,
        ...claims,
      };
      forger.signer = signer ?? 'trusted';
      const state = authorize.searchParams.get('state') ?? '';
      return callback(
        new URL(
          `${VELVET}/sdk/v1/public/oauth/microsoft/callback?code=forged&state=${state}&iss=${encodeURIComponent(google.issuer)}`,
        ),
      );
    }

    test('an ID token with the right claims passes (the checks below are what fail)', async () => {
      const landed = await withIdToken({});
      assert.equal(landed.status, 302, await landed.clone().text());
      assert.equal(
        new URL(landed.headers.get('location') ?? '').searchParams.get('stytch_token_type'),
        'oauth',
      );
    });

    test('an ID token for another audience', async () => {
      await assertErrorPage(
        await withIdToken({ aud: 'someone-else' }),
        401,
        'oauth_invalid_id_token',
      );
    });

    test('an ID token from another issuer', async () => {
      await assertErrorPage(
        await withIdToken({ iss: 'https://issuer.elsewhere.test' }),
        401,
        'oauth_invalid_id_token',
      );
    });

    test('an ID token with another nonce', async () => {
      await assertErrorPage(
        await withIdToken({ nonce: 'replayed-nonce' }),
        401,
        'oauth_invalid_id_token',
      );
    });

    test('an ID token signed by a key the JWKS does not hold', async () => {
      await assertErrorPage(await withIdToken({}, 'stranger'), 401, 'oauth_invalid_id_token');
    });

    test('an unlisted redirect URL', async () => {
      const { challenge } = pkcePair();
      await assertErrorPage(
        await start('google', {
          code_challenge: challenge,
          login_redirect_url: 'https://evil.example/steal',
        }),
        400,
        'no_match_for_provided_oauth_url',
      );
      await assertErrorPage(
        await start('google', { code_challenge: challenge, signup_redirect_url: `${SIGNUP_URL}/` }),
        400,
        'no_match_for_provided_oauth_url',
      );
    });

    test('an unconfigured or unknown provider', async () => {
      const { challenge } = pkcePair();
      await assertErrorPage(
        await start('facebook', { code_challenge: challenge }),
        400,
        'oauth_provider_not_configured',
      );
      await assertErrorPage(
        await start('myspace', { code_challenge: challenge }),
        400,
        'oauth_provider_not_configured',
      );
    });

    test('a start without a PKCE challenge, or with an unknown public token', async () => {
      await assertErrorPage(await start('google', {}), 400, 'oauth_pkce_expected_code_challenge');
      const { challenge } = pkcePair();
      await assertErrorPage(
        await start('google', {
          code_challenge: challenge,
          public_token: 'public-token-test-nope',
        }),
        401,
        'invalid_public_token',
      );
    });

    test('authenticate: a wrong or missing code_verifier, then the right one', async () => {
      const { verifier, challenge } = pkcePair();
      const target = await signIn('google', challenge, 'pkce-user');
      const token = target.searchParams.get('token');
      assertApiError(
        await server.api('/oauth/authenticate', { body: { token } }),
        400,
        'oauth_pkce_expected_code_verifier',
      );
      assertApiError(
        await server.api('/oauth/authenticate', {
          body: { token, code_verifier: pkcePair().verifier },
        }),
        400,
        'oauth_pkce_mismatch',
      );
      const answer = await server.api('/oauth/authenticate', {
        body: { token, code_verifier: verifier },
      });
      assert.equal(answer.status, 200);
    });

    test('authenticate: schema errors and an unknown token', async () => {
      const bad = await server.api('/oauth/authenticate', { body: { token: 5 } });
      assertApiError(bad, 400, 'schema_error');
      assertApiError(
        await server.api('/oauth/authenticate', { body: { token: 'no-such-token' } }),
        404,
        'oauth_token_not_found',
      );
    });

    test('a provider account whose email the provider has not verified never joins a user', async () => {
      const existing = await signUpByEmail('unverified-eve@oidc.test');
      const { verifier, challenge } = pkcePair();
      const target = await signIn('google', challenge, 'unverified-eve');
      assert.equal(`${target.origin}${target.pathname}`, SIGNUP_URL);
      const answer = await server.api('/oauth/authenticate', {
        body: { token: target.searchParams.get('token'), code_verifier: verifier },
      });
      assert.notEqual(answer.body.user_id, existing);
      assert.deepEqual(answer.body.user.emails, []);
    });
  });

  test('oauth.attach: POST /oauth/attach gives a single-use token that links the provider account to the session’s user', async () => {
    // A GitHub account whose email is not verified: without attach it would make a new user.
    github.setAccount({
      id: 5151,
      login: 'attach-guest',
      name: 'Attach Guest',
      emails: [{ email: 'attach@github.test', primary: true, verified: false }],
    });
    try {
      const owner = await signInBySms(server, '+14155550361');
      assertApiError(
        await server.api('/oauth/attach', { body: { provider: 'github' } }),
        401,
        'user_unauthenticated',
      );
      assertApiError(
        await server.api('/oauth/attach', {
          body: { provider: 'gitlab' },
          secret: owner.session_token,
        }),
        400,
        'oauth_provider_not_configured',
      );
      const attached = await server.api('/oauth/attach', {
        body: { provider: 'github' },
        secret: owner.session_token,
      });
      assert.equal(attached.status, 200, JSON.stringify(attached.body));
      const attachToken = attached.body.oauth_attach_token;
      assert.match(attachToken, /^[A-Za-z0-9_-]{43}$/);
      const stored = await server.store.db.selectFrom('oauth_attach_tokens').selectAll().execute();
      assert.equal(stored.length, 1);
      assert.notEqual(stored[0]?.token_hash, attachToken, 'stored as its hash');

      // A token made for GitHub does not start Google, and is not spent by trying.
      const { verifier, challenge } = pkcePair();
      await assertErrorPage(
        await start('google', { code_challenge: challenge, oauth_attach_token: attachToken }),
        404,
        'oauth_attach_token_not_found',
      );
      const started = await start('github', {
        code_challenge: challenge,
        oauth_attach_token: attachToken,
      });
      assert.equal(started.status, 302, await started.clone().text());
      const back = await passProvider(started.headers.get('location') ?? '', VELVET, {});
      const landed = await callback(back);
      assert.equal(landed.status, 302, await landed.clone().text());
      const target = new URL(landed.headers.get('location') ?? '');
      assert.equal(`${target.origin}${target.pathname}`, LOGIN_URL, 'a login, not a sign-up');
      const answer = await server.api('/oauth/authenticate', {
        body: { token: target.searchParams.get('token'), code_verifier: verifier },
        secret: owner.session_token,
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.user_id, owner.user_id);
      assert.equal(answer.body.provider_subject, '5151');
      assert.deepEqual(
        answer.body.user.providers.map((p: { provider_type: string }) => p.provider_type),
        ['Github'],
      );
      assert.deepEqual(answer.body.user.emails, [], 'the unverified email is not added');

      // Single use: the same token again is refused.
      await assertErrorPage(
        await start('github', { code_challenge: challenge, oauth_attach_token: attachToken }),
        404,
        'oauth_attach_token_not_found',
      );

      // The account signs its user in from now on, and cannot be attached to another user.
      const stranger = await signInBySms(server, '+14155550362');
      const theirs = await server.api('/oauth/attach', {
        body: { provider: 'github' },
        secret: stranger.session_token,
      });
      const second = pkcePair();
      const restarted = await start('github', {
        code_challenge: second.challenge,
        oauth_attach_token: theirs.body.oauth_attach_token,
      });
      const backAgain = await passProvider(restarted.headers.get('location') ?? '', VELVET, {});
      await assertErrorPage(await callback(backAgain), 409, 'oauth_account_linked_to_another_user');
      const registrations = await server.store.db
        .selectFrom('oauth_registrations')
        .select('user_id')
        .where('provider_subject', '=', '5151')
        .execute();
      assert.deepEqual(registrations, [{ user_id: owner.user_id }]);
    } finally {
      github.setAccount({
        id: 4242,
        login: 'octo-guest',
        name: 'Octo Guest',
        emails: [{ email: 'octo@github.test', primary: true, verified: true }],
      });
    }
  });
});

/** A token endpoint that hands out ID tokens with the claims a test sets, and their JWKS. */
interface IdTokenForger {
  url: string;
  next: JWTPayload;
  signer: 'trusted' | 'stranger';
  close(): Promise<void>;
}

async function startIdTokenForger(): Promise<IdTokenForger> {
  const trusted = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: 'trusted', alg: 'RS256', use: 'sig' };
  const forger: IdTokenForger = {
    url: '',
    next: {},
    signer: 'trusted',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer(async (request, response) => {
    for await (const _ of request) {
      // The form body is not read: every code is good here.
    }
    if (request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const key = forger.signer === 'trusted' ? trusted.privateKey : stranger.privateKey;
    const idToken = await new SignJWT({ iat: now, exp: now + 600, ...forger.next })
      .setProtectedHeader({ alg: 'RS256', kid: 'trusted' })
      .sign(key);
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(
      JSON.stringify({
        access_token: 'forged-access',
        token_type: 'Bearer',
        expires_in: 600,
        id_token: idToken,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  forger.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return forger;
}
