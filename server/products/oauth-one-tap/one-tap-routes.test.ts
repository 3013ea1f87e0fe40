import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test/test-server.js';
import { GOOGLE_ISSUER } from './one-tap-id-token.js';
import { SUBMIT_LIMIT_PER_IP } from './one-tap-limits.js';
import { type GoogleStandIn, startGoogleStandIn } from './testing/google-id-tokens.js';

const CLIENT_ID = '1234567890-velvet.apps.googleusercontent.com';
const LOGIN_URL = 'http://app.velvet.test/signed-in';
const SIGNUP_URL = 'http://app.velvet.test/welcome';
const OTHER_LOGIN_URL = 'http://app.velvet.test/other';
const NO_GOOGLE = 'public-token-test-00000000-0000-4000-8000-onetapnogoogl';
const NO_LOGIN_URLS = 'public-token-test-00000000-0000-4000-8000-onetapnologin';
const NO_SIGNUP_URLS = 'public-token-test-00000000-0000-4000-8000-onetapnosignu';

describe('Google One Tap', () => {
  let google: GoogleStandIn;
  let server: TestServer;
  before(async () => {
    google = await startGoogleStandIn({ issuer: GOOGLE_ISSUER, audience: CLIENT_ID });
    const oauth = (extra: Record<string, unknown> = {}) => ({
      providers: { google: { clientId: CLIENT_ID, jwksUri: google.jwksUri } },
      loginRedirectURLs: [LOGIN_URL, OTHER_LOGIN_URL],
      signupRedirectURLs: [SIGNUP_URL],
      ...extra,
    });
    server = await startTestServer({
      project: { products: ['oauth'], oauth: oauth() },
      extraProjects: [
        {
          name: 'No Google',
          publicToken: NO_GOOGLE,
          authorizedOrigins: [TEST_ORIGIN],
          products: ['oauth'],
          oauth: oauth({ providers: { github: { clientId: 'gh' } } }),
        },
        {
          name: 'No login URLs',
          publicToken: NO_LOGIN_URLS,
          authorizedOrigins: [TEST_ORIGIN],
          products: ['oauth'],
          oauth: oauth({ loginRedirectURLs: [], signupRedirectURLs: [SIGNUP_URL] }),
        },
        {
          name: 'No signup URLs',
          publicToken: NO_SIGNUP_URLS,
          authorizedOrigins: [TEST_ORIGIN],
          products: ['oauth'],
          oauth: oauth({ signupRedirectURLs: [] }),
        },
      ],
    });
  });
  after(async () => {
    await server?.close();
    await google?.close();
  });
  // Each test starts in a fresh rate-limit window: all of them come from one client address.
  beforeEach(() => server.clock.advance(SUBMIT_LIMIT_PER_IP.windowMinutes * 60_000 + 1));

  const headers = { origin: TEST_ORIGIN };
  /** A browser's PKCE pair, as the widget keeps one for each One Tap submit. */
  const pkcePair = () => {
    const verifier = randomBytes(32).toString('hex');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };
  /** The pair of the browser most tests sign in with. */
  const browser = pkcePair();
  const start = (publicToken?: string) =>
    server.api('/oauth/google/onetap/start', { headers, ...(publicToken ? { publicToken } : {}) });
  /** Submits as that browser's widget does: with its PKCE challenge unless the body names one. */
  const submit = (body: Record<string, unknown>) =>
    server.api('/oauth/google/onetap/submit', {
      body: { pkce_code_challenge: browser.challenge, ...body },
      headers,
    });
  /** Lands as that browser does: with its verifier unless the body names one. */
  const authenticate = (body: Record<string, unknown>) =>
    server.api('/oauth/authenticate', {
      body: { code_verifier: browser.verifier, ...body },
      headers,
    });
  /** The rows a refused landing must leave as they were. */
  const landingRows = async () => ({
    sessions: await server.store.db
      .selectFrom('sessions')
      .select(['session_id', 'user_id', 'expires_at'])
      .orderBy('session_id')
      .execute(),
    tokens: await server.store.db
      .selectFrom('oauth_tokens')
      .select(['token_hash', 'consumed_at'])
      .orderBy('token_hash')
      .execute(),
  });
  const token = (claims: Record<string, unknown>, options: { otherKey?: boolean } = {}) =>
    google.idToken(claims, { now: server.clock.now(), ...options });
  const freshEmail = () => `guest-${randomBytes(4).toString('hex')}@gmail.test`;

  /** The email's user id, or undefined when no user has it. */
  const userOf = async (email: string) =>
    (await server.store.users.findByDestination(server.project.projectId, 'email', email))?.userId;

  test('start answers the Google client id, a callback id and a nonce, fresh each time', async () => {
    const first = await start();
    assert.equal(first.status, 200);
    assert.equal(first.body.google_client_id, CLIENT_ID);
    assert.match(first.body.oauth_callback_id, /^oauth-callback-test-[0-9a-f-]{36}$/);
    assert.match(first.body.nonce, /^[A-Za-z0-9_-]{32}$/);
    const second = await start();
    assert.notEqual(second.body.oauth_callback_id, first.body.oauth_callback_id);
    assert.notEqual(second.body.nonce, first.body.nonce);
  });

  test('a valid ID token signs a new user up: the sign-up URL with a token that starts one session', async () => {
    const email = freshEmail();
    const started = await start();
    const idToken = await token({
      sub: '1098765',
      email: email.toUpperCase(),
      nonce: started.body.nonce,
      given_name: 'Disco',
      family_name: 'Guest',
    });
    const answer = await submit({
      id_token: idToken,
      oauth_callback_id: started.body.oauth_callback_id,
    });
    assert.equal(answer.status, 200);
    const landed = new URL(answer.body.redirect_url);
    assert.equal(`${landed.origin}${landed.pathname}`, SIGNUP_URL);
    assert.equal(landed.searchParams.get('stytch_token_type'), 'oauth');
    const oauthToken = landed.searchParams.get('token') ?? '';
    assert.match(oauthToken, /^[A-Za-z0-9_-]{43}$/);
    const userId = await userOf(email);
    assert.ok(userId, 'the user exists');

    const signedIn = await authenticate({ token: oauthToken, session_duration_minutes: 60 });
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.user_id, userId);
    assert.equal(signedIn.body.provider_subject, '1098765');
    assert.equal(signedIn.body.provider_type, 'Google');
    assert.equal(signedIn.body.provider_values.id_token, idToken);
    assert.ok(signedIn.body.session_token);
    assert.equal(signedIn.body.session.authentication_factors[0].delivery_method, 'oauth_google');
    assert.equal(
      signedIn.body.session.authentication_factors[0].google_oauth_factor.provider_subject,
      '1098765',
    );
    assert.deepEqual(
      signedIn.body.user.emails.map((e: { email: string; verified: boolean }) => [
        e.email,
        e.verified,
      ]),
      [[email, true]],
    );
    assert.equal(signedIn.body.user.name.first_name, 'Disco');

    // The redirect signs in once.
    assertApiError(await authenticate({ token: oauthToken }), 404, 'oauth_token_not_found');
    // The same prompt answers once.
    assertApiError(
      await submit({ id_token: idToken, oauth_callback_id: started.body.oauth_callback_id }),
      404,
      'oauth_callback_id_not_found',
    );
  });

  test('a known email lands on the login URL asked for, as the same user', async () => {
    const email = freshEmail();
    const first = await start();
    await submit({
      id_token: await token({ sub: 'g-2', email, nonce: first.body.nonce }),
      oauth_callback_id: first.body.oauth_callback_id,
    });
    const userId = await userOf(email);
    const again = await start();
    const answer = await submit({
      id_token: await token({ sub: 'g-2', email, nonce: again.body.nonce }),
      oauth_callback_id: again.body.oauth_callback_id,
      login_redirect_url: OTHER_LOGIN_URL,
      signup_redirect_url: SIGNUP_URL,
    });
    assert.equal(answer.status, 200);
    const landed = new URL(answer.body.redirect_url);
    assert.equal(`${landed.origin}${landed.pathname}`, OTHER_LOGIN_URL);
    const signedIn = await authenticate({ token: landed.searchParams.get('token') });
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.user_id, userId);
  });

  /** Submits a token made by `make` for a fresh prompt; asserts the refusal and that no user exists. */
  async function refused(
    make: (nonce: string, email: string) => Promise<string>,
    status: number,
    type: string,
  ) {
    const email = freshEmail();
    const started = await start();
    const answer = await submit({
      id_token: await make(started.body.nonce, email),
      oauth_callback_id: started.body.oauth_callback_id,
    });
    assertApiError(answer, status, type);
    assert.equal(answer.raw.redirect_url, undefined);
    assert.equal(await userOf(email), undefined, 'no user was made');
  }

  test('a token for another audience is refused', () =>
    refused(
      (nonce, email) => token({ sub: 'x', email, nonce, aud: 'someone-else' }),
      401,
      'invalid_id_token',
    ));

  test('a token from another issuer is refused', () =>
    refused(
      (nonce, email) => token({ sub: 'x', email, nonce, iss: 'https://evil.example' }),
      401,
      'invalid_id_token',
    ));

  test('an expired token is refused', () =>
    refused(
      (nonce, email) =>
        google.idToken(
          { sub: 'x', email, nonce },
          { now: server.clock.now() - 2 * 3600_000, expiresInSeconds: 3600 },
        ),
      401,
      'id_token_expired',
    ));

  test('a token made for another prompt (wrong nonce) is refused', () =>
    refused(
      (_nonce, email) => token({ sub: 'x', email, nonce: 'not-this-prompt' }),
      401,
      'id_token_nonce_mismatch',
    ));

  test('a token without a nonce is refused', () =>
    refused(
      (_nonce, email) => token({ sub: 'x', email, nonce: undefined }),
      401,
      'id_token_nonce_mismatch',
    ));

  test('a token signed by a key Google does not publish is refused', () =>
    refused(
      (nonce, email) => token({ sub: 'x', email, nonce }, { otherKey: true }),
      401,
      'invalid_id_token',
    ));

  test('a token whose email Google has not verified is refused', () =>
    refused(
      (nonce, email) => token({ sub: 'x', email, nonce, email_verified: false }),
      401,
      'oauth_email_not_verified',
    ));

  test('garbage is refused as an invalid token', () =>
    refused(async () => 'not.a.jwt', 401, 'invalid_id_token'));

  test('an unlisted redirect URL is refused before the token is read', async () => {
    const started = await start();
    const email = freshEmail();
    const answer = await submit({
      id_token: await token({ sub: 'x', email, nonce: started.body.nonce }),
      oauth_callback_id: started.body.oauth_callback_id,
      login_redirect_url: 'http://app.velvet.test/signed-in?next=evil',
    });
    assertApiError(answer, 400, 'no_match_for_provided_oauth_url');
    assert.equal(await userOf(email), undefined);
  });

  test('an unknown callback id is refused', async () => {
    const answer = await submit({
      id_token: await token({ sub: 'x', email: freshEmail(), nonce: 'n' }),
      oauth_callback_id: 'oauth-callback-test-00000000-0000-4000-8000-000000000000',
    });
    assertApiError(answer, 404, 'oauth_callback_id_not_found');
  });

  test('a body without an ID token is a schema error', async () => {
    const answer = await submit({ oauth_callback_id: 'oauth-callback-test-x' });
    assertApiError(answer, 400, 'schema_error');
    assert.match(answer.body.error_message, /id_token/);
  });

  test('a project without a Google client answers oauth_config_not_found', async () => {
    assertApiError(await start(NO_GOOGLE), 404, 'oauth_config_not_found');
    const answer = await server.api('/oauth/google/onetap/submit', {
      publicToken: NO_GOOGLE,
      headers,
      body: { id_token: 'a.b.c', oauth_callback_id: 'oauth-callback-test-x' },
    });
    assertApiError(answer, 404, 'oauth_config_not_found');
  });

  test('a project without login or sign-up redirect URLs says which are missing', async () => {
    assertApiError(await start(NO_LOGIN_URLS), 400, 'no_login_redirect_urls_set');
    assertApiError(await start(NO_SIGNUP_URLS), 400, 'no_signup_redirect_urls_set');
  });

  test("a stranger's One Tap landing token does not sign another browser into the stranger's account", async () => {
    // The stranger runs One Tap with their own Google account and stops before landing, then
    // sends someone else's browser to the landing URL (login CSRF). Submitting as today's
    // widget did, without a PKCE challenge, is refused before anything is written.
    const strangerEmail = freshEmail();
    const unbound = await start();
    const before = await landingRows();
    const refusedSubmit = await server.api('/oauth/google/onetap/submit', {
      headers,
      body: {
        id_token: await token({
          sub: 'g-stranger',
          email: strangerEmail,
          nonce: unbound.body.nonce,
        }),
        oauth_callback_id: unbound.body.oauth_callback_id,
      },
    });
    assertApiError(refusedSubmit, 400, 'oauth_pkce_expected_code_challenge');
    assert.equal(refusedSubmit.raw.redirect_url, undefined);
    assert.equal(await userOf(strangerEmail), undefined, 'no account was made');
    assert.deepEqual(await landingRows(), before, 'no landing token was minted');
    const prompt = await server.store.db
      .selectFrom('one_tap_starts')
      .select('consumed_at')
      .where('oauth_callback_id', '=', unbound.body.oauth_callback_id)
      .executeTakeFirstOrThrow();
    assert.equal(prompt.consumed_at, null, 'the refused submit did not use the prompt up');

    // With a challenge of their own, the token is bound to the stranger's browser: the
    // victim's browser, with no verifier or with its own, is not signed in.
    const stranger = pkcePair();
    const victim = pkcePair();
    const started = await start();
    const answer = await submit({
      id_token: await token({ sub: 'g-stranger', email: strangerEmail, nonce: started.body.nonce }),
      oauth_callback_id: started.body.oauth_callback_id,
      pkce_code_challenge: stranger.challenge,
    });
    assert.equal(answer.status, 200);
    const planted = new URL(answer.body.redirect_url).searchParams.get('token');
    const minted = await landingRows();
    const landWithout = await server.api('/oauth/authenticate', {
      headers,
      body: { token: planted, session_duration_minutes: 60 },
    });
    assertApiError(landWithout, 400, 'oauth_pkce_expected_code_verifier');
    assert.equal(landWithout.raw.session_token, undefined);
    assertApiError(
      await authenticate({ token: planted, code_verifier: victim.verifier }),
      400,
      'oauth_pkce_mismatch',
    );
    assert.deepEqual(await landingRows(), minted, 'no session, and the token is not spent');
  });

  test('a landing token refused for a wrong verifier is not spent: its own browser still signs in', async () => {
    const own = pkcePair();
    const started = await start();
    const answer = await submit({
      id_token: await token({ sub: 'g-pkce', email: freshEmail(), nonce: started.body.nonce }),
      oauth_callback_id: started.body.oauth_callback_id,
      pkce_code_challenge: own.challenge,
    });
    const oauthToken = new URL(answer.body.redirect_url).searchParams.get('token');
    assertApiError(
      await authenticate({ token: oauthToken, code_verifier: 'f'.repeat(64) }),
      400,
      'oauth_pkce_mismatch',
    );
    const signedIn = await authenticate({ token: oauthToken, code_verifier: own.verifier });
    assert.equal(signedIn.status, 200);
    assertApiError(
      await authenticate({ token: oauthToken, code_verifier: own.verifier }),
      404,
      'oauth_token_not_found',
    );
  });

  test('an expired redirect token signs nobody in', async () => {
    const started = await start();
    const answer = await submit({
      id_token: await token({ sub: 'g-late', email: freshEmail(), nonce: started.body.nonce }),
      oauth_callback_id: started.body.oauth_callback_id,
    });
    server.clock.advance(10 * 60_000 + 1);
    const oauthToken = new URL(answer.body.redirect_url).searchParams.get('token');
    assertApiError(await authenticate({ token: oauthToken }), 404, 'oauth_token_not_found');
  });
});
