/**
 * Every product's flow run over HTTP as a client would, with the server logging everything
 * (level trace), then the log searched for every secret the run issued or sent: passcodes, link
 * and landing tokens, passwords, OAuth codes, states, nonces and PKCE halves, session tokens and
 * JWTs, TOTP secrets and recovery codes, impersonation tokens, and the identity provider's
 * access, ID and refresh tokens.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { mintImpersonationToken } from '../cli/impersonation.js';
import { passProvider, pkcePair } from '../products/oauth/testing/oauth-browser.js';
import { type OidcPeer, startOidcPeer } from '../products/oauth/testing/oidc-peer.js';
import { GOOGLE_ISSUER } from '../products/oauth-one-tap/one-tap-id-token.js';
import {
  type GoogleStandIn,
  startGoogleStandIn,
} from '../products/oauth-one-tap/testing/google-id-tokens.js';
import { SoftwareAuthenticator } from '../products/passkeys/testing/software-authenticator.js';
import {
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../test/test-server.js';

/** The server's public origin: landing pages on it are the server's own pages. */
const VELVET = 'http://velvet.test';
const LANDING = `${VELVET}/`;
const RESET_LANDING = `${VELVET}/reset`;
const ONE_TAP_TOKEN = 'public-token-test-00000000-0000-4000-8000-secretsonetap';
const ONE_TAP_CLIENT = '1234567890-velvet.apps.googleusercontent.com';
const IDP_CLIENT = 'party-planner';
const IDP_CALLBACK = 'https://planner.example/callback';
const IDP_LOGOUT = 'https://planner.example/signed-out';
const STRONG = 'violet-Harbor-7-quietly-juggles';
const STRONGER = 'amber-Comet-42-folds-paper-cranes';
const RP_ID = new URL(TEST_ORIGIN).hostname;

/** A random URL-safe value, like the secrets a client makes (states, nonces). */
const random = () => randomBytes(24).toString('base64url');

describe('secrets in logs', () => {
  const lines: string[] = [];
  /** Each secret the run issued or sent, with what it is. */
  const secrets = new Map<string, string>();
  let server: TestServer;
  let oidc: OidcPeer;
  let google: GoogleStandIn;

  /** Notes `value` as a secret (`what` names it in a failure) and returns it. */
  function secret(what: string, value: unknown): string {
    assert.equal(typeof value, 'string', `${what} is a string`);
    const text = value as string;
    assert.ok(text.length >= 6, `${what} is long enough to search for`);
    secrets.set(text, what);
    return text;
  }

  /** The session token and JWT of a signed-in answer, noted as secrets. */
  function session(what: string, body: { session_token?: unknown; session_jwt?: unknown }) {
    return {
      token: secret(`${what} session token`, body.session_token),
      jwt: secret(`${what} session JWT`, body.session_jwt),
    };
  }

  /** The forms a secret takes in a log line: as is, percent-encoded, JSON-escaped. */
  function forms(value: string): string[] {
    return [
      ...new Set([
        value,
        encodeURIComponent(value),
        new URLSearchParams({ v: value }).toString().slice(2),
        JSON.stringify(value).slice(1, -1),
      ]),
    ];
  }

  /** Whether `text` holds `form`; an all-digit form only as a whole number. */
  function holds(text: string, form: string): boolean {
    if (!/^\d+$/.test(form)) return text.includes(form);
    return new RegExp(`(?<!\\d)${form}(?!\\d)`).test(text);
  }

  /** Where the current test's lines begin. */
  let firstLine = 0;
  beforeEach(() => {
    firstLine = lines.length;
  });

  /** Asserts no line the current test made the server log holds a secret noted so far. */
  function assertLogClean(): void {
    const own = lines.slice(firstLine);
    assert.ok(own.length > 0, 'the server logged');
    const leaks: string[] = [];
    for (const line of own) {
      for (const [value, what] of secrets) {
        if (forms(value).some((form) => holds(line, form))) {
          const { msg, req } = JSON.parse(line) as { msg?: string; req?: { url?: string } };
          leaks.push(`${what} in "${msg}" ${req?.url ?? ''}`.trim());
        }
      }
    }
    assert.deepEqual(leaks, [], `${leaks.length} secrets in the log`);
  }

  /** The newest message's link to `to`, on the test server instead of the public origin. */
  function lastLink(to: string): URL {
    const [message] = server.outbox.list({ to });
    const href = message?.text.match(/https?:\/\/\S+/)?.[0];
    assert.ok(href, `a link went to ${to}`);
    return new URL(href);
  }

  /** A browser opening `url` (one of the server's own pages, by its public origin). */
  async function open(url: URL | string): Promise<Response> {
    const response = await fetch(url.toString().replace(VELVET, server.url), {
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return response;
  }

  /** A passcode sent on `channel` to `to` and checked; the signed-in answer's body. */
  async function passcode(channel: 'sms' | 'whatsapp' | 'email', to: string) {
    const body = channel === 'email' ? { email: to } : { phone_number: to };
    const sent = await server.api(`/otps/${channel}/login_or_create`, { body });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const answer = await server.api('/otps/authenticate', {
      body: {
        token: secret(`${channel} passcode`, server.lastCode(to)),
        method_id: sent.body.method_id,
        session_duration_minutes: 60,
      },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  }

  before(async () => {
    oidc = await startOidcPeer({ redirectUris: [`${VELVET}/sdk/v1/public/oauth/google/callback`] });
    google = await startGoogleStandIn({ issuer: GOOGLE_ISSUER, audience: ONE_TAP_CLIENT });
    const landings = { loginRedirectURLs: [LANDING], signupRedirectURLs: [LANDING] };
    server = await startTestServer({
      logLine: (line) => void lines.push(line),
      project: {
        products: ['otp', 'emailMagicLinks', 'passwords', 'oauth', 'passkeys', 'crypto'],
        emailMagicLinks: landings,
        passwords: { resetRedirectUrls: [RESET_LANDING] },
        oauth: {
          providers: {
            google: {
              clientId: oidc.clientId,
              clientSecret: oidc.clientSecret,
              issuer: oidc.issuer,
            },
          },
          ...landings,
        },
        idp: {
          clients: [
            {
              clientId: IDP_CLIENT,
              clientName: 'Party Planner',
              type: 'public',
              redirectUris: [IDP_CALLBACK],
              postLogoutRedirectUris: [IDP_LOGOUT],
            },
          ],
        },
      },
      extraProjects: [
        {
          name: 'One Tap',
          publicToken: ONE_TAP_TOKEN,
          authorizedOrigins: [TEST_ORIGIN],
          products: ['oauth'],
          oauth: {
            providers: { google: { clientId: ONE_TAP_CLIENT, jwksUri: google.jwksUri } },
            ...landings,
          },
        },
      ],
    });
  });
  after(async () => {
    await server?.close();
    await oidc?.close();
    await google?.close();
  });

  test('passcodes by SMS, WhatsApp and email, and the sessions they start, stay out of the log', async () => {
    for (const [channel, to] of [
      ['sms', '+14155550701'],
      ['whatsapp', '+14155550702'],
      ['email', 'passcode@example.com'],
    ] as const) {
      const signedIn = session(channel, await passcode(channel, to));
      const checked = await server.api('/sessions/authenticate', {
        body: { session_duration_minutes: 60 },
        secret: signedIn.token,
      });
      assert.equal(checked.status, 200);
      session(`${channel} refreshed`, checked.body);
      const byJwt = await server.api('/sessions/authenticate', { body: {}, secret: signedIn.jwt });
      assert.equal(byJwt.status, 200);
      const revoked = await server.api('/sessions/revoke', { body: {}, secret: signedIn.token });
      assert.equal(revoked.status, 200);
    }
    assertLogClean();
  });

  test('a magic link: its token in the email, on the landing page and in authenticate, stays out of the log', async () => {
    const { verifier, challenge } = pkcePair();
    secret('magic link PKCE verifier', verifier);
    secret('magic link PKCE challenge', challenge);
    const sent = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'link@example.com', code_challenge: challenge },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const link = lastLink('link@example.com');
    const token = secret('magic link token', link.searchParams.get('token'));
    assert.equal((await open(link)).status < 500, true, 'the landing page answered');
    const answer = await server.api('/magic_links/authenticate', {
      body: { token, code_verifier: verifier, session_duration_minutes: 60 },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    session('magic link', answer.body);
    assertLogClean();
  });

  test('passwords: create, authenticate, and a reset by email through its landing page leave no password or token in the log', async () => {
    secret('password', STRONG);
    secret('new password', STRONGER);
    const created = await server.api('/passwords', {
      body: { email: 'password@example.com', password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    session('password create', created.body);
    const signedIn = await server.api('/passwords/authenticate', {
      body: { email: 'password@example.com', password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    session('password authenticate', signedIn.body);
    const started = await server.api('/passwords/email/reset/start', {
      body: { email: 'password@example.com', reset_password_redirect_url: RESET_LANDING },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const link = lastLink('password@example.com');
    const token = secret('password reset token', link.searchParams.get('token'));
    await open(link);
    const reset = await server.api('/passwords/email/reset', {
      body: { token, password: STRONGER, session_duration_minutes: 60 },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    session('password reset', reset.body);
    assertLogClean();
  });

  test('OAuth: start, the callback’s code and state, the landing token and PKCE stay out of the log', async () => {
    const { verifier, challenge } = pkcePair();
    secret('OAuth PKCE verifier', verifier);
    secret('OAuth PKCE challenge', challenge);
    const start = new URL(`${server.url}/sdk/v1/public/oauth/google/start`);
    start.searchParams.set('public_token', TEST_PUBLIC_TOKEN);
    start.searchParams.set('code_challenge', challenge);
    const started = await fetch(start, { redirect: 'manual' });
    assert.equal(started.status, 302);
    const authorize = new URL(started.headers.get('location') ?? '');
    secret('OAuth state', authorize.searchParams.get('state'));
    secret('OAuth nonce', authorize.searchParams.get('nonce'));
    secret('OAuth provider PKCE challenge', authorize.searchParams.get('code_challenge'));
    const back = await passProvider(authorize.toString(), VELVET, { login: 'ada' });
    secret('OAuth provider code', back.searchParams.get('code'));
    const landed = await open(back);
    assert.equal(landed.status, 302);
    const landing = new URL(landed.headers.get('location') ?? '');
    const token = secret('OAuth landing token', landing.searchParams.get('token'));
    await open(landing);
    const answer = await server.api('/oauth/authenticate', {
      body: { token, code_verifier: verifier, session_duration_minutes: 60 },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    session('OAuth', answer.body);
    secret('OAuth provider access token', answer.body.provider_values.access_token);
    secret('OAuth provider ID token', answer.body.provider_values.id_token);
    assertLogClean();
  });

  test('failures: a callback whose code the provider refuses, and an unknown path, log no secret', async () => {
    const start = new URL(`${server.url}/sdk/v1/public/oauth/google/start`);
    start.searchParams.set('public_token', TEST_PUBLIC_TOKEN);
    start.searchParams.set(
      'code_challenge',
      secret('failed OAuth challenge', pkcePair().challenge),
    );
    const started = await fetch(start, { redirect: 'manual' });
    assert.equal(started.status, 302, await started.text());
    const authorize = new URL(started.headers.get('location') ?? '');
    const state = secret('failed OAuth state', authorize.searchParams.get('state'));
    const forged = secret('refused OAuth code', random());
    const callback = new URL(`${server.url}/sdk/v1/public/oauth/google/callback`);
    callback.searchParams.set('code', forged);
    callback.searchParams.set('state', state);
    const refused = await open(callback);
    assert.ok(refused.status >= 400, `the callback failed (${refused.status})`);
    assert.ok(
      lines.slice(firstLine).some((line) => line.includes('oauth exchange failed')),
      'the failure was logged',
    );
    const stray = secret('token on an unknown path', random());
    assert.equal((await open(`${server.url}/sdk/v1/nowhere?token=${stray}`)).status, 404);
    assertLogClean();
  });

  test('Google One Tap: the ID token, nonce and landing token stay out of the log', async () => {
    const headers = { origin: TEST_ORIGIN };
    const started = await server.api('/oauth/google/onetap/start', {
      headers,
      publicToken: ONE_TAP_TOKEN,
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const nonce = secret('One Tap nonce', started.body.nonce);
    const idToken = secret(
      'One Tap ID token',
      await google.idToken(
        { sub: '1098765', email: 'one-tap@gmail.test', nonce },
        { now: server.clock.now() },
      ),
    );
    const { verifier, challenge } = pkcePair();
    secret('One Tap PKCE verifier', verifier);
    secret('One Tap PKCE challenge', challenge);
    const submitted = await server.api('/oauth/google/onetap/submit', {
      headers,
      publicToken: ONE_TAP_TOKEN,
      body: {
        id_token: idToken,
        oauth_callback_id: started.body.oauth_callback_id,
        pkce_code_challenge: challenge,
      },
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const landing = new URL(submitted.body.redirect_url);
    const token = secret('One Tap landing token', landing.searchParams.get('token'));
    await open(landing);
    const answer = await server.api('/oauth/authenticate', {
      headers,
      publicToken: ONE_TAP_TOKEN,
      body: { token, code_verifier: verifier, session_duration_minutes: 60 },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    session('One Tap', answer.body);
    assertLogClean();
  });

  test('passkeys: registration and sign-in leave no session or challenge in the log', async () => {
    const headers = { origin: TEST_ORIGIN };
    const owner = session('passkey owner', await passcode('sms', '+14155550703'));
    const page = { origin: TEST_ORIGIN };
    const authenticator = new SoftwareAuthenticator();
    const registerStart = await server.api('/webauthn/register/start', {
      secret: owner.token,
      headers,
      body: { domain: RP_ID, return_passkey_credential_options: true },
    });
    assert.equal(registerStart.status, 200, JSON.stringify(registerStart.body));
    const creation = registerStart.body.public_key_credential_creation_options;
    secret('passkey registration challenge', JSON.parse(creation).challenge);
    const registered = await server.api('/webauthn/register', {
      secret: owner.token,
      headers,
      body: {
        public_key_credential: authenticator.register(creation, page),
        session_duration_minutes: 60,
      },
    });
    assert.equal(registered.status, 200, JSON.stringify(registered.body));
    session('passkey registration', registered.body);
    const authStart = await server.api('/webauthn/authenticate/start/primary', {
      headers,
      body: { domain: RP_ID, return_passkey_credential_options: true },
    });
    assert.equal(authStart.status, 200, JSON.stringify(authStart.body));
    const request = authStart.body.public_key_credential_request_options;
    secret('passkey sign-in challenge', JSON.parse(request).challenge);
    const signedIn = await server.api('/webauthn/authenticate', {
      headers,
      body: {
        public_key_credential: authenticator.authenticate(request, page),
        session_duration_minutes: 30,
      },
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    session('passkey', signedIn.body);
    assertLogClean();
  });

  test('a crypto wallet: its signed challenge and session stay out of the log', async () => {
    const headers = { origin: TEST_ORIGIN };
    const account = privateKeyToAccount(generatePrivateKey());
    const started = await server.api('/crypto_wallets/authenticate/start/primary', {
      headers,
      body: { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const signature = secret(
      'wallet signature',
      await account.signMessage({ message: started.body.challenge }),
    );
    const answer = await server.api('/crypto_wallets/authenticate', {
      headers,
      body: {
        crypto_wallet_address: account.address,
        crypto_wallet_type: 'ethereum',
        signature,
        session_duration_minutes: 60,
      },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    session('wallet', answer.body);
    assertLogClean();
  });

  test('TOTP: its secret, codes and recovery codes stay out of the log', async () => {
    const first = session('TOTP owner', await passcode('sms', '+14155550704'));
    const created = await server.api('/totps', {
      body: { expiration_minutes: 60 },
      secret: first.token,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const totpSecret = secret('TOTP secret', created.body.secret);
    secret('TOTP otpauth URI', created.body.otpauth_uri);
    for (const code of created.body.recovery_codes) secret('TOTP recovery code', code);
    const code = generateHOTP(
      decodeBase32IgnorePadding(totpSecret),
      BigInt(Math.floor(server.clock.now() / 30_000)),
      6,
    );
    const verified = await server.api('/totps/authenticate', {
      body: { totp_code: secret('TOTP code', code), session_duration_minutes: 60 },
      secret: first.token,
    });
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    const both = session('TOTP', verified.body);
    const renewed = await server.api('/totps/recovery_codes', { body: {}, secret: both.token });
    assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
    const fresh: string[] = renewed.body.totps[0].recovery_codes;
    for (const recovery of fresh) secret('TOTP new recovery code', recovery);
    const recovered = await server.api('/totps/recover', {
      body: { recovery_code: fresh[0], session_duration_minutes: 30 },
      secret: both.token,
    });
    assert.equal(recovered.status, 200, JSON.stringify(recovered.body));
    session('TOTP recovery', recovered.body);
    assertLogClean();
  });

  test('the identity provider: authorize, token, userinfo, refresh and logout leave no code or token in the log', async () => {
    const owner = session('identity provider user', await passcode('sms', '+14155550705'));
    const verifier = secret('IdP PKCE verifier', randomBytes(32).toString('base64url'));
    const challenge = secret(
      'IdP PKCE challenge',
      createHash('sha256').update(verifier).digest('base64url'),
    );
    const state = secret('IdP state', random());
    const nonce = secret('IdP nonce', random());
    const loginHint = secret('IdP login hint', 'idp-guest@example.com');
    const issuer = `${server.url}/oauth/${TEST_PUBLIC_TOKEN}`;
    const page = new URL(`${issuer}/authorize`);
    for (const [name, value] of Object.entries({
      client_id: IDP_CLIENT,
      redirect_uri: IDP_CALLBACK,
      response_type: 'code',
      scope: 'openid phone offline_access',
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      login_hint: loginHint,
    })) {
      page.searchParams.set(name, value);
    }
    assert.equal((await open(page)).status, 200);
    const authorized = await server.api('/oauth/authorize', {
      secret: owner.token,
      body: {
        client_id: IDP_CLIENT,
        redirect_uri: IDP_CALLBACK,
        response_type: 'code',
        scopes: ['openid', 'phone', 'offline_access'],
        consent_granted: true,
        state,
        nonce,
        code_challenge: challenge,
      },
    });
    assert.equal(authorized.status, 200, JSON.stringify(authorized.body));
    const code = secret('IdP authorization code', authorized.body.authorization_code);
    const form = async (path: string, fields: Record<string, string>) => {
      const response = await fetch(`${issuer}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      return body;
    };
    const tokens = await form('/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: IDP_CALLBACK,
      code_verifier: verifier,
      client_id: IDP_CLIENT,
    });
    const accessToken = secret('IdP access token', tokens.access_token);
    const idToken = secret('IdP ID token', tokens.id_token);
    const refreshToken = secret('IdP refresh token', tokens.refresh_token);
    const userinfo = await fetch(`${issuer}/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    assert.equal(userinfo.status, 200);
    const refreshed = await form('/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: IDP_CLIENT,
    });
    secret('IdP refreshed access token', refreshed.access_token);
    secret('IdP refreshed refresh token', refreshed.refresh_token);
    const logout = new URL(`${issuer}/logout`);
    logout.searchParams.set('id_token_hint', idToken);
    logout.searchParams.set('post_logout_redirect_uri', IDP_LOGOUT);
    logout.searchParams.set('state', secret('IdP logout state', random()));
    assert.equal((await open(logout)).status, 200);
    assertLogClean();
  });

  test('impersonation: the minted token and its session stay out of the log', async () => {
    const guest = session('impersonated guest', await passcode('sms', '+14155550706'));
    const project = await server.store.projects.findByPublicToken(TEST_PUBLIC_TOKEN);
    assert.ok(project);
    const me = await server.api('/users/me', { secret: guest.token });
    const minted = await mintImpersonationToken(
      server.store,
      project,
      me.body.user_id,
      'support@party.example',
      server.clock.now(),
    );
    const answer = await server.api('/impersonation/authenticate', {
      body: { impersonation_token: secret('impersonation token', minted.token) },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    session('impersonation', answer.body);
    assertLogClean();
  });

  test('the request log still names the parameters it hid, and keeps harmless ones', () => {
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
    assert.ok(
      urls.some((url) =>
        /\/callback\?(?=.*\bcode=\[redacted\])(?=.*\bstate=\[redacted\])/.test(url ?? ''),
      ),
      'the OAuth callback line shows code and state, redacted',
    );
    assert.ok(
      urls.some((url) => url?.includes('stytch_token_type=magic_links&token=[redacted]')),
      'a magic link landing keeps its token type and hides its token',
    );
    assert.ok(
      urls.some((url) =>
        url?.includes(`/start?public_token=${TEST_PUBLIC_TOKEN}&code_challenge=[redacted]`),
      ),
      'the public token stays',
    );
  });
});
