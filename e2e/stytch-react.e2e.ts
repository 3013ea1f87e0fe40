/**
 * `@stytch/react` 20 (unmodified, with React 19) against Velvet: a page written from Stytch's
 * React docs renders `<StytchLogin>` with the password product inside `<StytchProvider>`, and
 * its password screens go to success: create an account, log in, forgot → the emailed link opens
 * `<StytchPasswordReset>` with its token → a new password. The reset start carries
 * `passwordOptions`' login and reset redirect URLs, which Velvet takes; the project has email
 * magic links, so the reset email's "Log in without password" link (to the login redirect URL)
 * signs in through the SDK as well.
 */
import { expect, type Page, test } from '@playwright/test';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import type { StytchTestWindow } from './support/stytch/page-config.js';
import { sdk, succeeded } from './support/stytch/sdk-calls.js';
import { type StytchSdkSite, serveStytchSdkSite } from './support/stytch/sdk-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-stytch-react';

let site: StytchSdkSite;
let velvet: VelvetServer;
let apiUrl: string;

test.beforeAll(async () => {
  site = await serveStytchSdkSite(() => ({ apiUrl, publicToken: PUBLIC_TOKEN }));
  const port = await freePort();
  velvet = await startVelvet({
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    config: {
      projects: [
        {
          name: 'Stytch React',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin],
          products: ['passwords', 'emailMagicLinks'],
          emailMagicLinks: { loginRedirectURLs: [`${site.origin}/react-ui.html?ui=passwords`] },
          passwords: { resetRedirectUrls: [`${site.origin}/react-ui.html?ui=reset`] },
        },
      ],
    },
  });
  apiUrl = velvet.url.replace('//localhost:', '//127.0.0.1:');
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
});

const FIRST = 'violet-Harbor-7-quietly-juggles';
const SECOND = 'amber-Comet-42-folds-paper-cranes';

/** The SDK's session cookies on the site's origin. */
async function sessionCookies(page: Page): Promise<string[]> {
  const cookies = await page.context().cookies(site.origin);
  return cookies.map((cookie) => cookie.name).filter((name) => name.startsWith('stytch_session'));
}

/** The links of the newest email to `email`, in order. */
async function links(email: string): Promise<URL[]> {
  const [message] = await velvet.outbox(email);
  return (message?.text.match(/https?:\/\/\S+/g) ?? []).map((href) => new URL(href));
}

/** Opens the React page's login form and gives it `email`. */
async function passwordScreens(page: Page, email: string): Promise<void> {
  await page.goto(`${site.origin}/react-ui.html?ui=passwords`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
}

/** Signs out through the SDK and waits for its cookies to go. */
async function signOut(page: Page): Promise<void> {
  succeeded(await sdk(page, (client) => client.session.revoke(), null));
  await expect.poll(() => sessionCookies(page)).toEqual([]);
}

test('<StytchLogin> with passwords: create an account, log in, forgot → <StytchPasswordReset>, each to success', async ({
  page,
}) => {
  const email = 'react-passwords@example.com';
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const resetStarts: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/sdk/v1/passwords/email/reset/start') {
      resetStarts.push(request.postDataJSON() as Record<string, unknown>);
    }
  });

  // A new email: the form asks for a password to create the account.
  await passwordScreens(page, email);
  await expect(page.getByText('Finish creating your account by setting a password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(FIRST);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect.poll(() => sessionCookies(page)).toContain('stytch_session');
  const created = succeeded(await sdk(page, (client) => client.session.getSync(), null));
  expect(created?.user_id).toMatch(/^user-test-/);
  await signOut(page);

  // A known email: the form logs in.
  await passwordScreens(page, email);
  await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(FIRST);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  const loggedIn = succeeded(await sdk(page, (client) => client.session.getSync(), null));
  expect(loggedIn?.user_id).toBe(created?.user_id);
  await signOut(page);

  // Forgot: the start carries passwordOptions' login and reset redirect URLs, and is taken.
  await passwordScreens(page, email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(
    page.getByText(`A link to reset your password was sent to you at ${email}.`),
  ).toBeVisible();
  expect(resetStarts.at(-1)).toMatchObject({
    email,
    login_redirect_url: `${site.origin}/react-ui.html?ui=passwords`,
    reset_password_redirect_url: `${site.origin}/react-ui.html?ui=reset`,
  });
  await expect.poll(() => velvet.outbox(email).then((messages) => messages.length)).toBe(1);
  const [resetLink, loginLink] = await links(email);
  expect(resetLink?.searchParams.get('ui')).toBe('reset');
  expect(resetLink?.searchParams.get('stytch_token_type')).toBe('reset_password');
  // The email's "Log in without password" link, to passwordOptions.loginRedirectURL.
  expect(`${loginLink?.origin}${loginLink?.pathname}?ui=${loginLink?.searchParams.get('ui')}`).toBe(
    `${site.origin}/react-ui.html?ui=passwords`,
  );
  expect(loginLink?.searchParams.get('stytch_token_type')).toBe('magic_links');

  // The reset link opens <StytchPasswordReset> with its token: a new password.
  await page.goto(String(resetLink));
  await expect(page.getByText('Reset your password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(SECOND);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect.poll(() => sessionCookies(page)).toContain('stytch_session');
  const reset = succeeded(await sdk(page, (client) => client.session.getSync(), null));
  expect(reset?.user_id).toBe(created?.user_id);
  await signOut(page);

  // The login link signs in without a password, through the SDK's magic-link call.
  const token = loginLink?.searchParams.get('token') ?? '';
  const byLink = succeeded(
    await sdk(
      page,
      (client, token) => client.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
      token,
    ),
  );
  expect(byLink.user_id).toBe(created?.user_id);

  expect(errors).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as StytchTestWindow).stytchErrors)).toEqual(
    [],
  );
});
