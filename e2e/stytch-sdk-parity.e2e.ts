/**
 * Stytch's own browser SDK (`@stytch/vanilla-js` 6.3.0, unmodified) against Velvet, for the calls
 * issue 31 found failing: the prebuilt UI's password screens (`mountLogin` with
 * `Products.passwords`: create an account, log in, forgot → reset through `mountResetPassword`,
 * with `passwordOptions.loginRedirectURL`), `user.update` with and without `name`, `oauth.attach`
 * then `oauth.github.start({ oauth_attach_token })`, and an unknown route's error reaching the SDK.
 * (`@stytch/react`'s prebuilt UI is exercised in `stytch-react.e2e.ts`.)
 */
import { expect, type Page, test } from '@playwright/test';
import { type GitHubPeer, startGitHubPeer } from '../server/products/oauth/testing/github-peer.js';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import type { StytchTestWindow, Thrown } from './support/stytch/page-config.js';
import { sdk, succeeded } from './support/stytch/sdk-calls.js';
import { type StytchSdkSite, serveStytchSdkSite } from './support/stytch/sdk-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-stytch-parity';

let site: StytchSdkSite;
let velvet: VelvetServer;
let github: GitHubPeer;
let apiUrl: string;

test.beforeAll(async () => {
  site = await serveStytchSdkSite(() => ({ apiUrl, publicToken: PUBLIC_TOKEN }));
  github = await startGitHubPeer();
  const port = await freePort();
  velvet = await startVelvet({
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    config: {
      projects: [
        {
          name: 'Stytch SDK parity',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin],
          products: ['passwords', 'otp', 'oauth'],
          otp: { methods: ['sms'] },
          emailMagicLinks: { loginRedirectURLs: [`${site.origin}/ui.html?ui=passwords`] },
          passwords: { resetRedirectUrls: [`${site.origin}/ui.html?ui=reset`] },
          oauth: {
            providers: {
              github: {
                clientId: github.clientId,
                clientSecret: github.clientSecret,
                ...github.endpoints,
              },
            },
            loginRedirectURLs: [`${site.origin}/headless.html`],
          },
        },
      ],
    },
  });
  apiUrl = velvet.url.replace('//localhost:', '//127.0.0.1:');
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
  await github?.close();
});

const FIRST = 'violet-Harbor-7-quietly-juggles';
const SECOND = 'amber-Comet-42-folds-paper-cranes';

/** The SDK's session cookies on the site's origin. */
async function sessionCookies(page: Page): Promise<string[]> {
  const cookies = await page.context().cookies(site.origin);
  return cookies.map((cookie) => cookie.name).filter((name) => name.startsWith('stytch_session'));
}

/** The newest link emailed to `email`. */
async function lastLink(email: string): Promise<URL> {
  const [message] = await velvet.outbox(email);
  const href = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!href) throw new Error(`no link for ${email} in the outbox`);
  return new URL(href);
}

/** Opens the UI page in `mode` and gives its email to the password screens. */
async function passwordScreens(page: Page, email: string): Promise<void> {
  await page.goto(`${site.origin}/ui.html?ui=passwords`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
}

/** Fails the test on any page error or console error. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('Stytch’s login form with passwords: create an account, log in, forgot → reset by the emailed link, each to success', async ({
  page,
}) => {
  const email = 'ui-passwords@example.com';
  const errors = watchErrors(page);
  const resetStarts: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/sdk/v1/passwords/email/reset/start') {
      resetStarts.push(request.postDataJSON() as Record<string, unknown>);
    }
  });

  // A new email: users/search says `new`, the form asks for a password to create the account.
  await passwordScreens(page, email);
  await expect(page.getByText('Finish creating your account by setting a password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(FIRST);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect.poll(() => sessionCookies(page)).toContain('stytch_session');
  const created = succeeded(await sdk(page, (client) => client.session.getSync(), null));
  expect(created?.user_id).toMatch(/^user-test-/);
  succeeded(await sdk(page, (client) => client.session.revoke(), null));
  await expect.poll(() => sessionCookies(page)).toEqual([]);

  // A known email: users/search says `password`, the form logs in.
  await passwordScreens(page, email);
  await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(FIRST);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  const loggedIn = succeeded(await sdk(page, (client) => client.session.getSync(), null));
  expect(loggedIn?.user_id).toBe(created?.user_id);
  succeeded(await sdk(page, (client) => client.session.revoke(), null));
  await expect.poll(() => sessionCookies(page)).toEqual([]);

  // Forgot: the start carries passwordOptions' login and reset redirect URLs, and is taken.
  await passwordScreens(page, email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(
    page.getByText(`A link to reset your password was sent to you at ${email}.`),
  ).toBeVisible();
  expect(resetStarts.at(-1)).toMatchObject({
    email,
    login_redirect_url: `${site.origin}/ui.html?ui=passwords`,
    reset_password_redirect_url: `${site.origin}/ui.html?ui=reset`,
  });
  await expect.poll(() => velvet.outbox(email).then((messages) => messages.length)).toBe(1);
  const link = await lastLink(email);
  expect(`${link.origin}${link.pathname}${link.searchParams.get('ui')}`).toBe(
    `${site.origin}/ui.htmlreset`,
  );

  // The link opens the reset screen (`mountResetPassword` with its token): a new password.
  await page.goto(link.toString());
  await expect(page.getByText('Reset your password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(SECOND);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect.poll(() => sessionCookies(page)).toContain('stytch_session');
  const reset = succeeded(await sdk(page, (client) => client.session.getSync(), null));
  expect(reset?.user_id).toBe(created?.user_id);

  expect(errors).toEqual([]);

  // The old password no longer works (the refusal's 401 is expected in the console).
  const old = await sdk(
    page,
    (client, args) => client.passwords.authenticate({ ...args, session_duration_minutes: 60 }),
    { email, password: FIRST },
  );
  expect(old).toMatchObject({ thrown: true, error_type: 'unauthorized_password' });
  expect(await page.evaluate(() => (window as unknown as StytchTestWindow).stytchErrors)).toEqual(
    [],
  );
});

/** Opens the headless page and signs a new user up by password; resolves to the user id. */
async function signUp(page: Page, email: string): Promise<string> {
  await page.goto(`${site.origin}/headless.html`);
  await page.waitForFunction(() => Boolean((window as unknown as { stytch?: unknown }).stytch));
  const created = succeeded(
    await sdk(
      page,
      (client, args) => client.passwords.create({ ...args, session_duration_minutes: 60 }),
      { email, password: FIRST },
    ),
  );
  return created.user_id;
}

test('headless: user.update sets name alone, metadata alone, or both, and the SDK keeps the updated user', async ({
  page,
}) => {
  const userId = await signUp(page, 'sdk-update@example.com');

  const named = succeeded(
    await sdk(
      page,
      (client) => client.user.update({ name: { first_name: 'Ada', last_name: 'Lovelace' } }),
      null,
    ),
  );
  expect(named.user_id).toBe(userId);
  const cachedName = succeeded(await sdk(page, (client) => client.user.getSync(), null));
  expect(cachedName?.name).toEqual({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });

  succeeded(
    await sdk(page, (client) => client.user.update({ untrusted_metadata: { seat: '4B' } }), null),
  );
  const cachedMetadata = succeeded(await sdk(page, (client) => client.user.getSync(), null));
  expect(cachedMetadata?.untrusted_metadata).toEqual({ seat: '4B' });
  expect(cachedMetadata?.name.first_name).toBe('Ada');

  succeeded(
    await sdk(
      page,
      (client) =>
        client.user.update({
          name: { middle_name: 'King' },
          untrusted_metadata: { seat: null, diet: 'vegan' },
        }),
      null,
    ),
  );
  const fresh = succeeded(await sdk(page, (client) => client.user.get(), null));
  expect(fresh.name).toEqual({ first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' });
  expect(fresh.untrusted_metadata).toEqual({ diet: 'vegan' });
});

test('headless: oauth.attach, then the provider’s start with its token, links the account to the signed-in user', async ({
  page,
}) => {
  // A GitHub account whose email GitHub has not verified: without attach it makes a new user.
  github.setAccount({
    id: 7373,
    login: 'attach-e2e',
    name: 'Attach E2E',
    emails: [{ email: 'attach-e2e@github.test', primary: true, verified: false }],
  });
  const userId = await signUp(page, 'sdk-attach@example.com');
  const attached = succeeded(await sdk(page, (client) => client.oauth.attach('github'), null));
  expect(attached.oauth_attach_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await sdk(
    page,
    (client, args) => {
      void client.oauth.github.start(args);
      return 'started';
    },
    {
      oauth_attach_token: attached.oauth_attach_token,
      login_redirect_url: `${site.origin}/headless.html`,
      signup_redirect_url: `${site.origin}/headless.html`,
    },
  );
  await page.waitForURL(new RegExp(`^${github.url}/login/oauth/authorize`));
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(/\/headless\.html\?.*stytch_token_type=oauth/);
  const token = new URL(page.url()).searchParams.get('token') ?? '';
  await page.waitForFunction(() => Boolean((window as unknown as { stytch?: unknown }).stytch));
  const signedIn = succeeded(
    await sdk(
      page,
      (client, token) => client.oauth.authenticate(token, { session_duration_minutes: 60 }),
      token,
    ),
  );
  expect(signedIn.user_id).toBe(userId);
  expect(signedIn.provider_subject).toBe('7373');
  expect(signedIn.user.providers).toEqual([
    expect.objectContaining({ provider_type: 'Github', provider_subject: '7373' }),
  ]);
  expect(signedIn.user.emails.map((entry: { email: string }) => entry.email)).toEqual([
    'sdk-attach@example.com',
  ]);

  // Without a session there is no token to attach with: the SDK surfaces the API's error.
  succeeded(await sdk(page, (client) => client.session.revoke(), null));
  await expect.poll(() => sdk(page, (client) => client.session.getSync(), null)).toBeNull();
  const refused = await sdk(page, (client) => client.oauth.attach('github'), null);
  expect(refused).toMatchObject({ thrown: true, name: 'StytchAPIError' });
  expect((refused as Thrown).message).not.toContain('Unable to contact');
});

test('an unknown /sdk/v1 route answers the page a JSON 404 it can read (CORS headers included)', async ({
  page,
}) => {
  await page.goto(`${site.origin}/headless.html`);
  const answer = await page.evaluate(
    async ({ apiUrl, token }) => {
      const response = await fetch(`${apiUrl}/sdk/v1/no/such/route`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${token}:${token}`)}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      return { status: response.status, body: await response.json() };
    },
    { apiUrl, token: PUBLIC_TOKEN },
  );
  expect(answer.status).toBe(404);
  expect(answer.body).toMatchObject({ status_code: 404, error_type: 'not_found' });
});
