/**
 * Sign in with Velvet through an OAuth provider, from signed out to the application's code: a
 * project whose only product is OAuth (Google, a real OpenID Connect provider on loopback:
 * oidc-provider with its own login and consent pages), and a relying party using `openid-client`.
 * The authorization page offers 'Continue with Google'; the provider's callback brings the
 * visitor back to the same authorization request, the page signs in with the returned token
 * (which leaves the address), asks for consent, and Allow sends the code the RP exchanges.
 */
import { expect, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { type OidcPeer, startOidcPeer } from '../server/products/oauth/testing/oidc-peer.js';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-idp-oauth';
const CLIENT_ID = 'party-planner';

let velvet: VelvetServer;
let google: OidcPeer;
let rp: StaticSite;
let config: oidc.Configuration;

test.beforeAll(async () => {
  buildWidget();
  rp = await serveStaticPage('<!doctype html><title>Party Planner</title><p>Back at the app</p>');
  // The provider and Velvet each name the other: fix both ports first.
  const [velvetPort, oidcPort] = [await freePort(), await freePort()];
  const publicUrl = `http://localhost:${velvetPort}`;
  google = await startOidcPeer({
    port: oidcPort,
    redirectUris: [`${publicUrl}/sdk/v1/public/oauth/google/callback`],
  });
  velvet = await startVelvet({
    env: { PORT: String(velvetPort), PUBLIC_URL: publicUrl },
    config: {
      projects: [
        {
          name: 'OAuth party',
          publicToken: PUBLIC_TOKEN,
          // OAuth only, and no listed landing URL: the authorization page is the landing.
          products: ['oauth'],
          oauth: {
            providers: {
              google: {
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                issuer: google.issuer,
              },
            },
          },
          idp: {
            clients: [
              {
                clientId: CLIENT_ID,
                clientName: 'Party Planner',
                type: 'public',
                redirectUris: [`${rp.origin}/callback`],
              },
            ],
          },
        },
      ],
    },
  });
  config = await oidc.discovery(
    new URL(`${velvet.url}/oauth/${PUBLIC_TOKEN}`),
    CLIENT_ID,
    undefined,
    oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
});

test.afterAll(async () => {
  await velvet?.stop();
  await google?.close();
  await rp?.close();
});

test.beforeEach(async ({ context }) => {
  // Nothing leaves the machine (oidc-provider's pages ask for a web font).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
});

test('signed out: Continue with Google on the authorization page → the provider → back to the same request → consent → the code', async ({
  page,
}) => {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const request = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${rp.origin}/callback`,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  await page.goto(request.href);
  await expect(
    page.getByText('No active session detected. Please log in to continue.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // The provider's own pages.
  await page.waitForURL(new RegExp(`^${google.issuer}/interaction/`));
  await page.locator('input[name=login]').fill('ada');
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back on the same authorization request: signed in, the consent.
  await expect(
    page.getByRole('heading', { name: 'Sign in to Party Planner with your account' }),
  ).toBeVisible();
  const back = new URL(page.url());
  expect(`${back.origin}${back.pathname}`).toBe(`${request.origin}${request.pathname}`);
  expect(back.searchParams.get('state')).toBe(state);
  expect(back.searchParams.get('nonce')).toBe(nonce);
  expect(back.searchParams.has('token'), 'the token leaves the address').toBe(false);
  expect(back.searchParams.has('stytch_token_type')).toBe(false);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${rp.origin}/callback?**`);

  const tokens = await oidc.authorizationCodeGrant(config, new URL(page.url()), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  expect(claims?.aud).toBe(CLIENT_ID);
  expect(claims?.email).toBe('ada@oidc.test');
  expect(claims?.email_verified).toBe(true);
});
