/**
 * A browser application signs in with Velvet through `oidc-client-ts` 3, the library such apps
 * use, configured from its own documentation: a public SPA client with PKCE on another origin
 * than Velvet's. In Chromium it discovers Velvet, sends the guest to the authorization page (a
 * project with the default products (docs/configuration.md), email magic links and passcodes by text, WhatsApp
 * and email: the guest signs in there with an email passcode), consents, exchanges the code and
 * reads userinfo from its own origin (CORS), refreshes with the refresh token, and logs out with
 * `id_token_hint` alone, as the library sends it.
 */
import { expect, type Page, test } from '@playwright/test';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import type { SpaOutcome, SpaWindow } from './support/oidc-spa/spa-page.js';
import { type SpaSite, serveSpaSite } from './support/oidc-spa/spa-site.js';
import { typeCode } from './support/site-page.js';
import { buildWidget } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-oidc-client-ts';
const CLIENT_ID = 'party-planner-spa';
const SCOPE = 'openid email profile offline_access';
const EMAIL = 'spa-guest@example.com';

let velvet: VelvetServer;
let spa: SpaSite;
let issuer = '';

test.beforeAll(async () => {
  buildWidget();
  spa = await serveSpaSite(() => ({ authority: issuer, clientId: CLIENT_ID, scope: SCOPE }));
  const port = await freePort();
  velvet = await startVelvet({
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
    config: {
      projects: [
        {
          name: 'Party Planner guests',
          publicToken: PUBLIC_TOKEN,
          // No products, no otp: the documented default, magic links beside email passcodes.
          idp: {
            clients: [
              {
                clientId: CLIENT_ID,
                clientName: 'Party Planner',
                type: 'public',
                redirectUris: [`${spa.origin}/callback`],
                postLogoutRedirectUris: [`${spa.origin}/signed-out`],
              },
            ],
          },
        },
      ],
    },
  });
  issuer = `${velvet.url}/oauth/${PUBLIC_TOKEN}`;
});

test.afterAll(async () => {
  await velvet?.stop();
  await spa?.close();
});

/** The outcome the application page reported once it settled. */
async function outcome(page: Page): Promise<SpaOutcome> {
  await page.waitForFunction(() => (window as unknown as SpaWindow).spa?.outcome !== undefined, {
    timeout: 60_000,
  });
  return page.evaluate(() => (window as unknown as SpaWindow).spa.outcome as SpaOutcome);
}

/** Starts a redirect of the library's (its promise never settles: the page navigates away). */
async function leaveWith(page: Page, method: 'signinRedirect' | 'signoutRedirect'): Promise<void> {
  await page.evaluate((name) => {
    void (window as unknown as SpaWindow).spa.manager[name]();
  }, method);
}

test('oidc-client-ts on another origin: consent, code exchange, userinfo, refresh, logout with id_token_hint only', async ({
  page,
}) => {
  expect(new URL(spa.origin).origin).not.toBe(new URL(velvet.url).origin);
  await page.goto(spa.origin);
  expect(await outcome(page)).toEqual({ kind: 'idle' });
  await leaveWith(page, 'signinRedirect');

  // The authorization page, signed out: the default products' form, the Email tab by passcode.
  await page.waitForURL(`${issuer}/authorize?**`);
  await expect(
    page.getByText('No active session detected. Please log in to continue.'),
  ).toBeVisible();
  const form = page.locator('velvet-identity-provider velvet-login');
  await form.getByRole('tab', { name: 'Email' }).click();
  await form.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
  await form.getByRole('button', { name: 'Continue with email' }).click();
  await expect(form.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await typeCode(page, await velvet.lastCode(EMAIL));
  await expect(
    page.getByRole('heading', { name: 'Sign in to Party Planner with your account' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back on the application: the library exchanged the code and read userinfo, cross-origin.
  await page.waitForURL(`${spa.origin}/callback?**`);
  const signedIn = await outcome(page);
  if (signedIn.kind !== 'signed-in') throw new Error(JSON.stringify(signedIn));
  const { user } = signedIn;
  expect(user.profile).toMatchObject({ iss: issuer, aud: CLIENT_ID, email: EMAIL });
  expect(user.profile.email_verified).toBe(true);
  expect(user.scope?.split(' ').sort()).toEqual(SCOPE.split(' ').sort());
  expect(user.refreshToken, 'offline_access gives a refresh token').toBeTruthy();

  // Refresh: the library's refresh_token grant from the page; the new access token reads userinfo.
  const refreshed = await page.evaluate(async () => {
    const { spa } = window as unknown as SpaWindow;
    const user = await spa.manager.signinSilent();
    if (!user) throw new Error('no user after the refresh');
    const info = await spa.manager.metadataService.getUserInfoEndpoint();
    const answer = await fetch(info, { headers: { authorization: `Bearer ${user.access_token}` } });
    return { user: spa.userOf(user), userinfo: (await answer.json()) as Record<string, unknown> };
  });
  expect(refreshed.user.accessToken).not.toBe(user.accessToken);
  expect(refreshed.user.refreshToken).toBeTruthy();
  expect(refreshed.user.refreshToken).not.toBe(user.refreshToken);
  expect(refreshed.userinfo).toMatchObject({ sub: user.profile.sub, email: EMAIL });

  // Logout: the library sends id_token_hint and post_logout_redirect_uri, no client_id.
  await leaveWith(page, 'signoutRedirect');
  await page.waitForURL(`${issuer}/logout?**`);
  const logout = new URL(page.url()).searchParams;
  expect(logout.has('client_id')).toBe(false);
  expect(logout.get('id_token_hint')).toBeTruthy();
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to log out of your account?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL(`${spa.origin}/signed-out**`);
  expect(await outcome(page)).toEqual({ kind: 'signed-out' });

  // Velvet's session ended: a new sign-in asks again.
  await leaveWith(page, 'signinRedirect');
  await expect(
    page.getByText('No active session detected. Please log in to continue.'),
  ).toBeVisible();
});
