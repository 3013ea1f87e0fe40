/**
 * Sign in with Velvet through an email magic link, from signed out to the application's code: a
 * project whose only product is email magic links (PKCE required), listing a landing page on the
 * application's origin, and a relying party using `openid-client`. The authorization page's Email
 * tab sends the link with the page's own address; the link (read from the development outbox)
 * opens the same authorization request, the page signs in with its token (which leaves the
 * address), asks for consent, and Allow sends the code the RP exchanges.
 */
import { expect, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-idp-magic-link';
const CLIENT_ID = 'party-planner';
const EMAIL = 'ada@example.com';

let velvet: VelvetServer;
let rp: StaticSite;
let config: oidc.Configuration;

test.beforeAll(async () => {
  buildWidget();
  rp = await serveStaticPage('<!doctype html><title>Party Planner</title><p>Back at the app</p>');
  const port = await freePort();
  velvet = await startVelvet({
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
    config: {
      projects: [
        {
          name: 'Link party',
          publicToken: PUBLIC_TOKEN,
          products: ['emailMagicLinks'],
          // The app's own landing page is listed; the authorization page's links do not use it.
          emailMagicLinks: {
            loginRedirectURLs: [`${rp.origin}/authenticate`],
            signupRedirectURLs: [`${rp.origin}/authenticate`],
            pkceRequired: true,
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
  await rp?.close();
});

test('signed out: the Email tab on the authorization page → the link → back to the same request → consent → the code', async ({
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
  await page.locator('velvet-login input[type=email]').fill(EMAIL);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByText(EMAIL)).toBeVisible();

  // The link in the email: the same authorization request, with the token.
  let href = '';
  await expect
    .poll(async () => {
      const [message] = await velvet.outbox(EMAIL);
      href = message?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      return href;
    })
    .not.toBe('');
  const link = new URL(href);
  expect(`${link.origin}${link.pathname}`).toBe(`${request.origin}${request.pathname}`);
  expect(link.searchParams.get('state')).toBe(state);
  expect(link.searchParams.get('stytch_token_type')).toBe('magic_links');
  await page.goto(href);

  // Signed in with the link (the verifier this browser kept), the consent.
  await expect(
    page.getByRole('heading', { name: 'Sign in to Party Planner with your account' }),
  ).toBeVisible();
  const back = new URL(page.url());
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
  expect(claims?.email).toBe(EMAIL);
  expect(claims?.email_verified).toBe(true);
});
