/**
 * Velvet as an OpenID Connect provider, with a certified relying party: `openid-client` in the
 * test discovers Velvet, sends a guest through the consent page in Chromium (sign in by SMS with
 * the code from the outbox, Allow), exchanges the code with PKCE, validates the ID token, calls
 * userinfo, refreshes, and logs out through the logout screen. Then what goes wrong: Deny, a
 * missing parameter, an unregistered redirect URI, a replayed code and a wrong verifier. And the
 * page's own session (its `HttpOnly` cookie): `prompt=none` (login_required, then a code),
 * `prompt=login` and `max_age` (the sign-in form again, a later `auth_time`), a request object
 * and `response_mode=form_post` refused.
 */
import { expect, type Page, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { typeCode } from './support/site-page.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-oidc-provider';
const CLIENT_ID = 'party-planner';
const SCOPE = 'openid email profile phone offline_access';

let velvet: VelvetServer;
let rp: StaticSite;
let config: oidc.Configuration;
let issuer: string;

test.beforeAll(async () => {
  buildWidget();
  rp = await serveStaticPage('<!doctype html><title>Party Planner</title><p>Back at the app</p>');
  const port = await freePort();
  velvet = await startVelvet({
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
    config: {
      projects: [
        {
          name: 'OIDC party',
          publicToken: PUBLIC_TOKEN,
          products: ['otp'],
          otp: { methods: ['sms'] },
          idp: {
            clients: [
              {
                clientId: CLIENT_ID,
                clientName: 'Party Planner',
                type: 'public',
                redirectUris: [`${rp.origin}/callback`],
                postLogoutRedirectUris: [`${rp.origin}/signed-out`],
              },
            ],
          },
        },
      ],
    },
  });
  issuer = `${velvet.url}/oauth/${PUBLIC_TOKEN}`;
  config = await oidc.discovery(new URL(issuer), CLIENT_ID, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
});

test.afterAll(async () => {
  await velvet?.stop();
  await rp?.close();
});

/** A fresh authorization request: its URL and the checks the callback needs. */
async function authorizationRequest(extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${rp.origin}/callback`,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/**
 * Signs `phone` in with the widget the consent page shows when no one is signed in, or (`again`)
 * when the application asks for a fresh sign-in (`prompt=login`, `max_age`).
 */
async function signIn(page: Page, phone: string, again = false): Promise<void> {
  await expect(
    page.getByText(
      again
        ? 'Please sign in again to continue.'
        : 'No active session detected. Please log in to continue.',
    ),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone.replace(/^\+1/, ''));
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await typeCode(page, await velvet.lastCode(phone));
}

test('openid-client signs a guest in and out through Velvet', async ({ page }) => {
  expect(config.serverMetadata().issuer).toBe(issuer);
  const request = await authorizationRequest();
  await page.goto(request.url.href);
  await signIn(page, '+14155550961');
  await expect(
    page.getByRole('heading', { name: 'Sign in to Party Planner with your account' }),
  ).toBeVisible();
  await expect(page.getByText('See your phone number')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${rp.origin}/callback?**`);

  const tokens = await oidc.authorizationCodeGrant(config, new URL(page.url()), {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  expect(claims?.iss).toBe(issuer);
  expect(claims?.aud).toBe(CLIENT_ID);
  expect(claims?.phone_number).toBe('+14155550961');
  const sub = String(claims?.sub);

  const info = await oidc.fetchUserInfo(config, tokens.access_token, sub);
  expect(info).toMatchObject({ sub, phone_number: '+14155550961', phone_number_verified: true });

  const refreshed = await oidc.refreshTokenGrant(config, String(tokens.refresh_token));
  expect(refreshed.refresh_token).toBeTruthy();
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  expect((await oidc.fetchUserInfo(config, refreshed.access_token, sub)).sub).toBe(sub);

  // Signed in now: a second request goes straight back with a code, no question asked.
  const again = await authorizationRequest();
  await page.goto(again.url.href);
  await page.waitForURL(`${rp.origin}/callback?**`);
  expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();

  // RP-initiated logout: the logout screen, No first, then Yes.
  const logout = oidc.buildEndSessionUrl(config, {
    post_logout_redirect_uri: `${rp.origin}/signed-out`,
    id_token_hint: String(tokens.id_token),
    state: 'bye',
  });
  await page.goto(logout.href);
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to log out of your account?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(
    page.getByText('You have not been logged out. You may close this page.'),
  ).toBeVisible();
  await page.goto(logout.href);
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL(`${rp.origin}/signed-out?state=bye`);

  // The session is gone: the next authorization asks the guest to sign in.
  await page.goto((await authorizationRequest()).url.href);
  await expect(
    page.getByText('No active session detected. Please log in to continue.'),
  ).toBeVisible();
});

test('Deny returns access_denied to the application', async ({ page }) => {
  const request = await authorizationRequest();
  await page.goto(request.url.href);
  await signIn(page, '+14155550962');
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL(`${rp.origin}/callback?**`);
  const back = new URL(page.url());
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('code')).toBeNull();
  await expect(
    oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
    }),
  ).rejects.toMatchObject({ error: 'access_denied' });
});

test('a custom scope gets the "wants to access your account" title', async ({ page }) => {
  const request = await authorizationRequest({ scope: 'openid calendar:write' });
  await page.goto(request.url.href);
  await signIn(page, '+14155550963');
  await expect(
    page.getByRole('heading', { name: 'Party Planner wants to access your account' }),
  ).toBeVisible();
  await expect(page.getByText('Use the calendar:write scope')).toBeVisible();
});

test('a missing parameter and an unregistered redirect URI are refused on the page', async ({
  page,
}) => {
  await page.goto(
    `${issuer}/authorize?redirect_uri=${encodeURIComponent(`${rp.origin}/callback`)}`,
  );
  await expect(
    page.getByText(
      'Required parameter is missing: client_id. Please reach out to the application developer.',
    ),
  ).toBeVisible();

  const evil = await authorizationRequest({ redirect_uri: 'https://evil.example/callback' });
  await page.goto(evil.url.href);
  await expect(
    page.getByText(/not one of the application’s registered redirect URIs/),
  ).toBeVisible();
  expect(new URL(page.url()).origin).toBe(velvet.url);
});

test('a replayed code and a wrong verifier are refused at the token endpoint', async ({ page }) => {
  const request = await authorizationRequest();
  await page.goto(request.url.href);
  await signIn(page, '+14155550964');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${rp.origin}/callback?**`);
  const callback = new URL(page.url());
  const checks = {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
  };
  const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
  await expect(oidc.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
  // The replay revoked what the first exchange issued.
  await expect(
    oidc.fetchUserInfo(config, tokens.access_token, String(tokens.claims()?.sub)),
  ).rejects.toThrow();

  const second = await authorizationRequest();
  await page.goto(second.url.href);
  await page.waitForURL(`${rp.origin}/callback?**`);
  await expect(
    oidc.authorizationCodeGrant(config, new URL(page.url()), {
      ...checks,
      pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
      expectedState: second.state,
      expectedNonce: second.nonce,
    }),
  ).rejects.toMatchObject({ error: 'invalid_grant' });
});

test('prompt=none, prompt=login and max_age in the browser, with the page’s own session', async ({
  page,
}) => {
  /** Exchanges the code the browser came back with, checking `request`'s state and nonce. */
  const exchange = (request: Awaited<ReturnType<typeof authorizationRequest>>, maxAge?: number) =>
    oidc.authorizationCodeGrant(config, new URL(page.url()), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      ...(maxAge !== undefined ? { maxAge } : {}),
    });
  const callbackError = () => new URL(page.url()).searchParams.get('error');

  // Nobody signed in: prompt=none goes straight back with login_required, no page.
  const signedOut = await authorizationRequest({ prompt: 'none' });
  await page.goto(signedOut.url.href);
  await page.waitForURL(`${rp.origin}/callback?**`);
  expect(callbackError()).toBe('login_required');

  const first = await authorizationRequest();
  await page.goto(first.url.href);
  await signIn(page, '+14155550965');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${rp.origin}/callback?**`);
  const signedIn = (await exchange(first)).claims();

  // Signed in on the page and consented: prompt=none answers with a code.
  const silent = await authorizationRequest({ prompt: 'none' });
  await page.goto(silent.url.href);
  await page.waitForURL(`${rp.origin}/callback?**`);
  expect((await exchange(silent)).claims()?.sub).toBe(signedIn?.sub);

  // prompt=login: the sign-in form again, and a code only after it, with a later auth_time.
  await expect
    .poll(() => Math.floor(Date.now() / 1000), { timeout: 60_000 })
    .toBeGreaterThan(Number(signedIn?.auth_time));
  const login = await authorizationRequest({ prompt: 'login' });
  await page.goto(login.url.href);
  await signIn(page, '+14155550965', true);
  await page.waitForURL(`${rp.origin}/callback?**`);
  const renewed = (await exchange(login)).claims();
  expect(renewed?.sub).toBe(signedIn?.sub);
  expect(Number(renewed?.auth_time)).toBeGreaterThan(Number(signedIn?.auth_time));

  // max_age=0, a second later: prompt=none says login_required; without it, the form again.
  await expect
    .poll(() => Math.floor(Date.now() / 1000), { timeout: 60_000 })
    .toBeGreaterThan(Number(renewed?.auth_time));
  const stale = await authorizationRequest({ prompt: 'none', max_age: '0' });
  await page.goto(stale.url.href);
  await page.waitForURL(`${rp.origin}/callback?**`);
  expect(callbackError()).toBe('login_required');
  const maxAge = await authorizationRequest({ max_age: '0' });
  await page.goto(maxAge.url.href);
  await signIn(page, '+14155550965', true);
  await page.waitForURL(`${rp.origin}/callback?**`);
  expect(Number((await exchange(maxAge, 600)).claims()?.auth_time)).toBeGreaterThan(
    Number(renewed?.auth_time),
  );

  // A request object, and response_mode=form_post, are refused.
  const withRequest = await authorizationRequest({ request: 'eyJhbGciOiJub25lIn0.e30.' });
  await page.goto(withRequest.url.href);
  await page.waitForURL(`${rp.origin}/callback?**`);
  expect(callbackError()).toBe('request_not_supported');
  const formPost = await authorizationRequest({ response_mode: 'form_post' });
  const refused = await page.goto(formPost.url.href);
  expect(refused?.status()).toBe(400);
  await expect(page.getByText('response_mode=form_post is not supported')).toBeVisible();
});
