/**
 * Stytch's own browser SDK (`@stytch/vanilla-js` 6.3.0, unmodified, bundled from node_modules)
 * against the real Velvet server, from a page on another loopback origin that the project lists.
 *
 * SDK calls covered (and the `/sdk/v1` requests they make):
 * - `new StytchClient(token, { endpoints })` → `GET /projects/bootstrap/{public_token}`,
 *   and `POST /events` (telemetry, no Authorization) within a second
 * - `otps.sms.loginOrCreate(phone)` → `POST /otps/sms/login_or_create`
 * - `otps.email.loginOrCreate(email)` → `POST /otps/email/login_or_create`
 * - `otps.authenticate(code, method_id, { session_duration_minutes })` → `POST /otps/authenticate`
 * - `magicLinks.email.loginOrCreate(email, options)` → `POST /magic_links/email/login_or_create`
 *   (with a PKCE `code_challenge` when the project requires it)
 * - `magicLinks.authenticate(token, { session_duration_minutes })` → `POST /magic_links/authenticate`
 *   (with the SDK's stored `code_verifier` under PKCE)
 * - `passwords.strengthCheck({ password })` → `POST /passwords/strength_check`
 * - `passwords.create({ email, password, session_duration_minutes })` → `POST /passwords`
 * - `passwords.authenticate({ email, password, session_duration_minutes })` →
 *   `POST /passwords/authenticate`
 * - `passwords.resetByEmailStart({ email, reset_password_redirect_url })` →
 *   `POST /passwords/email/reset/start`
 * - `passwords.resetByEmail({ token, password, session_duration_minutes })` →
 *   `POST /passwords/email/reset`
 * - `session.getSync()` (local state, the `stytch_session` / `stytch_session_jwt` cookies)
 * - `session.authenticate()` → `POST /sessions/authenticate`
 * - `user.get()` → `GET /users/me`
 * - `session.revoke()` → `POST /sessions/revoke`
 * - `webauthn.register({ is_passkey, session_duration_minutes })` → `POST /webauthn/register/start`
 *   and `POST /webauthn/register`; `webauthn.update({ webauthn_registration_id, name })` →
 *   `PUT /webauthn/update/{id}`; `webauthn.authenticate({ is_passkey, session_duration_minutes })`
 *   → `POST /webauthn/authenticate/start/primary` and `POST /webauthn/authenticate`;
 *   `user.deleteWebauthnRegistration(id)` → `DELETE /users/webauthn_registrations/{id}`, with
 *   Chromium's virtual authenticator, on the site's `localhost` origin (an RP ID may not be an IP)
 * - `cryptoWallets.authenticateStart({crypto_wallet_address, crypto_wallet_type})` →
 *   `POST /crypto_wallets/authenticate/start/primary` (with `siwe_params.uri`, as bootstrap's
 *   `siwe_required_for_crypto_wallets` asks), and `cryptoWallets.authenticate(…)` →
 *   `POST /crypto_wallets/authenticate`, with a test wallet's real `personal_sign` signature
 * - `idp.oauthAuthorizeStart(…)` → `POST /idp/oauth/authorize/start`, `idp.oauthAuthorizeSubmit(…)`
 *   → `POST /idp/oauth/authorize/submit`, `idp.oauthLogoutStart(…)` → `POST /oauth/logout/start`,
 *   `user.getConnectedApps()` → `GET /users/connected_apps` and `user.revokedConnectedApp(id)` →
 *   `POST /users/connected_apps/{id}/revoke`
 * - `oauth.github.start({ login_redirect_url, signup_redirect_url })` → the browser goes to
 *   `/v1/public/oauth/github/start` (with a PKCE `code_challenge`, as bootstrap's
 *   `pkce_required_for_oauth` asks), through a GitHub stand-in's authorize page, back to the page;
 *   `oauth.authenticate(token, { session_duration_minutes })` → `POST /oauth/authenticate` (with
 *   the SDK's stored `code_verifier`)
 * - a wrong public token → `StytchAPIError` `invalid_public_token`
 * - `StytchUIClient.mountLogin` with `Products.otp` by SMS: phone number, "Continue with text
 *   message", "Enter passcode", "Success!", and `onEvent` `AUTHENTICATE_FLOW_COMPLETE`; the phone
 *   field's parsing goes to a local stand-in of Stytch's clientside-services iframe
 */
import { expect, type Page, test } from '@playwright/test';
import { type GitHubPeer, startGitHubPeer } from '../server/products/oauth/testing/github-peer.js';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { testWalletsScript } from './support/crypto/test-wallets-script.js';
import type { StytchTestWindow } from './support/stytch/page-config.js';
import { type Sdk, sdk, succeeded } from './support/stytch/sdk-calls.js';
import { type StytchSdkSite, serveStytchSdkSite } from './support/stytch/sdk-site.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-stytch-sdk';
const PKCE_TOKEN = 'public-token-test-e2e-stytch-sdk-pkce';
const OAUTH_TOKEN = 'public-token-test-e2e-stytch-sdk-oauth';
const WRONG_TOKEN = 'public-token-test-00000000-0000-4000-8000-000000000000';

let site: StytchSdkSite;
let velvet: VelvetServer;
let github: GitHubPeer;
/** Velvet on 127.0.0.1 (the helper names it `localhost`), as the SDK's base URL. */
let apiUrl: string;

test.beforeAll(async () => {
  site = await serveStytchSdkSite(() => ({ apiUrl, publicToken: PUBLIC_TOKEN }));
  github = await startGitHubPeer();
  // A known port, so the OAuth callback the provider is sent back to names it (PUBLIC_URL).
  const port = await freePort();
  velvet = await startVelvet({
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    config: {
      projects: [
        {
          name: 'Stytch SDK party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin, localhostOrigin()],
          otp: { methods: ['sms', 'email'] },
          emailMagicLinks: { loginRedirectURLs: [`${site.origin}/headless.html`] },
          products: ['emailMagicLinks', 'otp', 'passwords', 'passkeys', 'crypto'],
          passwords: { resetRedirectUrls: [`${site.origin}/headless.html`] },
          idp: {
            clients: [
              {
                clientId: 'sdk-planner',
                clientName: 'SDK Planner',
                type: 'public',
                redirectUris: ['https://planner.example/callback'],
                postLogoutRedirectUris: ['https://planner.example/bye'],
              },
            ],
          },
        },
        {
          name: 'Stytch SDK party with PKCE',
          publicToken: PKCE_TOKEN,
          authorizedOrigins: [site.origin],
          emailMagicLinks: {
            loginRedirectURLs: [`${site.origin}/headless.html?public_token=${PKCE_TOKEN}`],
            pkceRequired: true,
          },
        },
        {
          name: 'Stytch SDK party with OAuth',
          publicToken: OAUTH_TOKEN,
          authorizedOrigins: [site.origin],
          products: ['oauth'],
          oauth: {
            providers: {
              github: {
                clientId: github.clientId,
                clientSecret: github.clientSecret,
                ...github.endpoints,
              },
            },
            loginRedirectURLs: [`${site.origin}/headless.html?public_token=${OAUTH_TOKEN}`],
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

/** The site on `localhost`: passkeys need a domain, not an IP address, as their RP ID. */
function localhostOrigin(): string {
  return site.origin.replace('//127.0.0.1:', '//localhost:');
}

/** Opens the headless page and waits until its client exists. */
async function openHeadless(page: Page, publicToken?: string, origin = site.origin): Promise<void> {
  const query = publicToken ? `?public_token=${publicToken}` : '';
  await page.goto(`${origin}/headless.html${query}`);
  await page.waitForFunction(() => Boolean((window as unknown as { stytch?: unknown }).stytch));
}

/** The SDK's cookies on the page's origin. */
async function sessionCookies(page: Page): Promise<string[]> {
  const cookies = await page.context().cookies(site.origin);
  return cookies.map((cookie) => cookie.name).filter((name) => name.startsWith('stytch_session'));
}

/**
 * A whole headless sign-in by passcode, through `send` (SMS or email), then the session checked,
 * the user read, and the session revoked and refused afterwards.
 */
async function headlessSignIn(
  page: Page,
  destination: string,
  send: (client: Sdk, destination: string) => Promise<{ method_id: string }>,
  ownsDestination: (user: {
    phone_numbers: { phone_number: string }[];
    emails: { email: string }[];
  }) => boolean,
): Promise<void> {
  await openHeadless(page);

  const sent = succeeded(await sdk(page, send, destination));
  expect(sent.method_id).toBeTruthy();
  await expect.poll(() => velvet.outbox(destination).then((messages) => messages.length)).toBe(1);
  const code = await velvet.lastCode(destination);

  const signedIn = succeeded(
    await sdk(
      page,
      (client, { code, methodId }) =>
        client.otps.authenticate(code, methodId, { session_duration_minutes: 60 }),
      { code, methodId: sent.method_id },
    ),
  );
  expect(signedIn.session_token).toBeTruthy();
  expect(signedIn.session_jwt).toBeTruthy();
  expect(signedIn.user.user_id).toBeTruthy();
  expect(ownsDestination(signedIn.user)).toBe(true);

  // The SDK keeps the session: in its state, in its cookies on the page's origin, in storage.
  const local = await sdk(page, (client) => client.session.getSync(), null);
  expect(local).not.toBeNull();
  expect(succeeded(local)?.session_id).toBe(signedIn.session.session_id);
  await expect
    .poll(() => sessionCookies(page))
    .toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  expect(
    await page.evaluate((token) => localStorage.getItem(`stytch_sdk_state_${token}`), PUBLIC_TOKEN),
  ).toBeTruthy();

  const checked = succeeded(await sdk(page, (client) => client.session.authenticate(), null));
  expect(checked.session.session_id).toBe(signedIn.session.session_id);
  expect(checked.user.user_id).toBe(signedIn.user.user_id);

  const user = succeeded(await sdk(page, (client) => client.user.get(), null));
  expect(user.user_id).toBe(signedIn.user.user_id);
  expect(ownsDestination(user)).toBe(true);

  succeeded(await sdk(page, (client) => client.session.revoke(), null));
  await expect.poll(() => sdk(page, (client) => client.session.getSync(), null)).toBeNull();
  await expect.poll(() => sessionCookies(page)).toEqual([]);

  // The server refuses the old session token too.
  const refused = await fetch(`${apiUrl}/sdk/v1/sessions/authenticate`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${signedIn.session_token}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(refused.status).toBe(401);
}

test('headless: a passcode by SMS signs in, the session checks out, and revoking ends it', async ({
  page,
}) => {
  const phone = '+14155550931';
  await headlessSignIn(
    page,
    phone,
    (client, phone) => client.otps.sms.loginOrCreate(phone),
    (user) => user.phone_numbers.some((entry) => entry.phone_number === phone),
  );
});

test('headless: a passcode by email signs in, the session checks out, and revoking ends it', async ({
  page,
}) => {
  const email = 'stytch-sdk@example.com';
  await headlessSignIn(
    page,
    email,
    (client, email) => client.otps.email.loginOrCreate(email),
    (user) => user.emails.some((entry) => entry.email === email),
  );
});

test('headless: user.deletePhoneNumber removes the number (never the last way to sign in) and the SDK keeps the updated user', async ({
  page,
}) => {
  const phone = '+14155550937';
  await openHeadless(page);
  const sent = succeeded(
    await sdk(page, (client, phone) => client.otps.sms.loginOrCreate(phone), phone),
  );
  await expect.poll(() => velvet.outbox(phone).then((messages) => messages.length)).toBe(1);
  const code = await velvet.lastCode(phone);
  const signedIn = succeeded(
    await sdk(
      page,
      (client, { code, methodId }) =>
        client.otps.authenticate(code, methodId, { session_duration_minutes: 60 }),
      { code, methodId: sent.method_id },
    ),
  );
  const phoneId = signedIn.user.phone_numbers[0]?.phone_id ?? '';
  expect(phoneId).toBeTruthy();

  // The number is the user's only way to sign in: it stays until another is added.
  const refused = await sdk(page, (client, id) => client.user.deletePhoneNumber(id), phoneId);
  expect(refused).toMatchObject({ thrown: true, error_type: 'cannot_delete_last_sign_in_method' });
  succeeded(
    await sdk(page, (client, email) => client.otps.email.send(email), 'lin.e2e@example.com'),
  );

  // The SDK reads the updated user from the answer's `__user`, as Stytch's API sends it.
  const deleted = succeeded(
    await sdk(page, (client, id) => client.user.deletePhoneNumber(id), phoneId),
  );
  expect(deleted.user_id).toBe(signedIn.user.user_id);
  const cached = succeeded(await sdk(page, (client) => client.user.getSync(), null));
  expect(cached?.phone_numbers).toEqual([]);
});

test('headless: idp.* consents for an application, connected apps list it, revoking withdraws it', async ({
  page,
}) => {
  const phone = '+14155550938';
  await openHeadless(page);
  const sent = succeeded(
    await sdk(page, (client, phone) => client.otps.sms.loginOrCreate(phone), phone),
  );
  await expect.poll(() => velvet.outbox(phone).then((messages) => messages.length)).toBe(1);
  succeeded(
    await sdk(
      page,
      (client, { code, methodId }) =>
        client.otps.authenticate(code, methodId, { session_duration_minutes: 60 }),
      { code: await velvet.lastCode(phone), methodId: sent.method_id },
    ),
  );
  const request = {
    client_id: 'sdk-planner',
    redirect_uri: 'https://planner.example/callback',
    response_type: 'code',
    scopes: ['openid', 'email', 'calendar'],
  };
  const start = succeeded(
    await sdk(page, (client, request) => client.idp.oauthAuthorizeStart(request), request),
  );
  expect(start.consent_required).toBe(true);
  expect(start.client.client_name).toBe('SDK Planner');
  expect(start.scope_results.map((r) => [r.scope, r.is_grantable])).toEqual([
    ['openid', true],
    ['email', true],
    ['calendar', false],
  ]);
  const submitted = succeeded(
    await sdk(
      page,
      (client, request) =>
        client.idp.oauthAuthorizeSubmit({
          ...request,
          consent_granted: true,
          state: 's',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        }),
      request,
    ),
  );
  expect(submitted.authorization_code).toBeTruthy();
  expect(new URL(submitted.redirect_uri).searchParams.get('code')).toBe(
    submitted.authorization_code,
  );

  const apps = succeeded(await sdk(page, (client) => client.user.getConnectedApps(), null));
  expect(
    apps.connected_apps.map((app: { connected_app_id: string }) => app.connected_app_id),
  ).toEqual(['sdk-planner']);
  succeeded(await sdk(page, (client) => client.user.revokedConnectedApp('sdk-planner'), null));
  const after = succeeded(await sdk(page, (client) => client.user.getConnectedApps(), null));
  expect(after.connected_apps).toEqual([]);

  const logout = succeeded(
    await sdk(
      page,
      (client) =>
        client.idp.oauthLogoutStart({
          client_id: 'sdk-planner',
          post_logout_redirect_uri: 'https://planner.example/bye',
          state: 'st',
        }),
      null,
    ),
  );
  expect(logout).toMatchObject({
    consent_required: true,
    redirect_uri: 'https://planner.example/bye?state=st',
  });
});

/** The token of the newest magic link the outbox holds for `email`, and the link. */
async function lastMagicLink(email: string): Promise<URL> {
  const [message] = await velvet.outbox(email);
  const href = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!href) throw new Error(`no link for ${email} in the outbox`);
  return new URL(href);
}

test('headless: a magic link by email signs in, and works once', async ({ page }) => {
  const email = 'stytch-sdk-link@example.com';
  await openHeadless(page);
  succeeded(
    await sdk(
      page,
      (client, { email, url }) =>
        client.magicLinks.email.loginOrCreate(email, {
          login_magic_link_url: url,
          signup_magic_link_url: url,
          login_expiration_minutes: 30,
        }),
      { email, url: `${site.origin}/headless.html` },
    ),
  );
  await expect.poll(() => velvet.outbox(email).then((messages) => messages.length)).toBe(1);
  const link = await lastMagicLink(email);
  expect(`${link.origin}${link.pathname}`).toBe(`${site.origin}/headless.html`);
  expect(link.searchParams.get('stytch_token_type')).toBe('magic_links');
  const token = link.searchParams.get('token') ?? '';

  const signedIn = succeeded(
    await sdk(
      page,
      (client, token) => client.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
      token,
    ),
  );
  expect(signedIn.session_token).toBeTruthy();
  expect(signedIn.user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
  await expect.poll(() => sessionCookies(page)).toContain('stytch_session');

  const again = await sdk(
    page,
    (client, token) => client.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
    token,
  );
  expect(again).toMatchObject({
    thrown: true,
    name: 'StytchAPIError',
    error_type: 'unable_to_auth_magic_link',
  });
});

test('headless: under PKCE the SDK sends the challenge and its verifier; another browser cannot use the link', async ({
  page,
  browser,
}) => {
  const email = 'stytch-sdk-pkce@example.com';
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/sdk/v1/magic_links/')) {
      bodies.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  await openHeadless(page, PKCE_TOKEN);
  succeeded(
    await sdk(page, (client, email) => client.magicLinks.email.loginOrCreate(email), email),
  );
  expect(bodies[0]?.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect.poll(() => velvet.outbox(email).then((messages) => messages.length)).toBe(1);
  const token = (await lastMagicLink(email)).searchParams.get('token') ?? '';

  // A stranger who got hold of the link, in another browser: no verifier, no session.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto(`${site.origin}/headless.html?public_token=${PKCE_TOKEN}`);
    await otherPage.waitForFunction(() =>
      Boolean((window as unknown as { stytch?: unknown }).stytch),
    );
    const stolen = await otherPage.evaluate<unknown>(
      `window.stytchCall((client, token) => client.magicLinks.authenticate(token, { session_duration_minutes: 60 }), ${JSON.stringify(token)})`,
    );
    expect(stolen).toMatchObject({ thrown: true, error_type: 'pkce_expected_code_verifier' });
  } finally {
    await other.close();
  }

  const signedIn = succeeded(
    await sdk(
      page,
      (client, token) => client.magicLinks.authenticate(token, { session_duration_minutes: 60 }),
      token,
    ),
  );
  expect(bodies.at(-1)?.code_verifier).toMatch(/^[0-9a-f]{64,128}$/);
  expect(signedIn.user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
});

test('headless: oauth.github.start goes through the provider and oauth.authenticate signs in', async ({
  page,
}) => {
  const landing = `${site.origin}/headless.html?public_token=${OAUTH_TOKEN}`;
  await openHeadless(page, OAUTH_TOKEN);
  // start() sends the browser away: it is not awaited in the page.
  await sdk(
    page,
    (client, url) => {
      void client.oauth.github.start({ login_redirect_url: url, signup_redirect_url: url });
      return 'started';
    },
    landing,
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
  expect(signedIn.provider_type).toBe('Github');
  expect(signedIn.provider_subject).toBe('4242');
  expect(signedIn.provider_values.access_token).toBeTruthy();
  expect(signedIn.session_token).toBeTruthy();
  expect(signedIn.user.providers).toEqual([
    expect.objectContaining({ provider_type: 'Github', provider_subject: '4242' }),
  ]);
  await expect.poll(() => sessionCookies(page)).toContain('stytch_session');

  const again = await sdk(
    page,
    (client, token) => client.oauth.authenticate(token, { session_duration_minutes: 60 }),
    token,
  );
  expect(again).toMatchObject({
    thrown: true,
    name: 'StytchAPIError',
    error_type: 'oauth_token_not_found',
  });
});

test('headless: passwords: strength, create, log out and in, reset by the emailed link', async ({
  page,
}) => {
  const email = 'stytch-sdk-password@example.com';
  const first = 'violet-Harbor-7-quietly-juggles';
  const second = 'amber-Comet-42-folds-paper-cranes';
  await openHeadless(page);

  const weak = succeeded(
    await sdk(page, (client) => client.passwords.strengthCheck({ password: 'password' }), null),
  );
  expect(weak).toMatchObject({
    valid_password: false,
    breached_password: true,
    strength_policy: 'zxcvbn',
  });
  const strong = succeeded(
    await sdk(page, (client, args) => client.passwords.strengthCheck(args), {
      email,
      password: first,
    }),
  );
  expect(strong).toMatchObject({ valid_password: true, breached_password: false, score: 4 });

  const created = succeeded(
    await sdk(
      page,
      (client, args) => client.passwords.create({ ...args, session_duration_minutes: 60 }),
      { email, password: first },
    ),
  );
  expect(created.user_id).toMatch(/^user-test-/);
  await expect.poll(() => sessionCookies(page)).toContain('stytch_session');
  succeeded(await sdk(page, (client) => client.session.revoke(), null));
  await expect.poll(() => sdk(page, (client) => client.session.getSync(), null)).toBeNull();

  const loggedIn = succeeded(
    await sdk(
      page,
      (client, args) => client.passwords.authenticate({ ...args, session_duration_minutes: 60 }),
      { email, password: first },
    ),
  );
  expect(loggedIn.user_id).toBe(created.user_id);
  expect(succeeded(await sdk(page, (client) => client.session.getSync(), null))).not.toBeNull();

  succeeded(
    await sdk(page, (client, args) => client.passwords.resetByEmailStart(args), {
      email,
      reset_password_redirect_url: `${site.origin}/headless.html`,
    }),
  );
  await expect.poll(() => velvet.outbox(email).then((messages) => messages.length)).toBe(1);
  const link = await lastMagicLink(email);
  expect(link.searchParams.get('stytch_token_type')).toBe('reset_password');
  const reset = succeeded(
    await sdk(
      page,
      (client, args) => client.passwords.resetByEmail({ ...args, session_duration_minutes: 60 }),
      { token: link.searchParams.get('token') ?? '', password: second },
    ),
  );
  expect(reset.user_id).toBe(created.user_id);

  const old = await sdk(
    page,
    (client, args) => client.passwords.authenticate({ ...args, session_duration_minutes: 60 }),
    { email, password: first },
  );
  expect(old).toMatchObject({
    thrown: true,
    name: 'StytchAPIError',
    error_type: 'unauthorized_password',
  });
  succeeded(
    await sdk(
      page,
      (client, args) => client.passwords.authenticate({ ...args, session_duration_minutes: 60 }),
      { email, password: second },
    ),
  );
});

test('headless: an Ethereum wallet signs the challenge and the SDK signs in with it', async ({
  page,
}) => {
  await page.addInitScript({ content: await testWalletsScript() });
  await openHeadless(page);
  const signedIn = succeeded(
    await sdk(
      page,
      async (client) => {
        type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
        const { ethereum } = (
          window as unknown as { velvetTestWalletProviders: { ethereum: Provider } }
        ).velvetTestWalletProviders;
        const [address] = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
        const { challenge } = await client.cryptoWallets.authenticateStart({
          crypto_wallet_address: address as string,
          crypto_wallet_type: 'ethereum',
        });
        let hex = '0x';
        for (const byte of new TextEncoder().encode(challenge)) {
          hex += byte.toString(16).padStart(2, '0');
        }
        const signature = (await ethereum.request({
          method: 'personal_sign',
          params: [hex, address],
        })) as string;
        const answer = await client.cryptoWallets.authenticate({
          crypto_wallet_address: address as string,
          crypto_wallet_type: 'ethereum',
          signature,
          session_duration_minutes: 60,
        });
        return { address, challenge, user: answer.user, sessionId: answer.session.session_id };
      },
      null,
    ),
  );
  expect(signedIn.challenge).toContain(`\nURI: ${site.origin}\n`);
  expect(signedIn.user.crypto_wallets).toEqual([
    expect.objectContaining({ crypto_wallet_address: signedIn.address, verified: true }),
  ]);
  const local = succeeded(await sdk(page, (client) => client.session.getSync(), null));
  expect(local?.session_id).toBe(signedIn.sessionId);
});

test('Stytch’s login form signs in by SMS to "Success!" and reports the flow complete', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(`${site.origin}/ui.html`);

  const phone = page.getByLabel('Phone number');
  await expect(phone).toBeVisible();
  await phone.fill('4155550932');
  // The clientside-services stand-in answered: the field shows the national format.
  await expect(phone).toHaveValue('(415) 555-0932');
  await page.getByRole('button', { name: 'Continue with text message' }).click();

  await expect(page.getByText('Enter passcode')).toBeVisible();
  await expect.poll(() => velvet.outbox('+14155550932').then((sent) => sent.length)).toBe(1);
  await page.getByLabel('One-time passcode').fill(await velvet.lastCode('+14155550932'));

  await expect(page.getByText('Success!')).toBeVisible();
  const events = () =>
    page.evaluate(() => (window as unknown as StytchTestWindow).stytchEvents.slice());
  await expect.poll(events).toContain('AUTHENTICATE_FLOW_COMPLETE');
  expect(await page.evaluate(() => (window as unknown as StytchTestWindow).stytchErrors)).toEqual(
    [],
  );
  expect(pageErrors).toEqual([]);
  await expect.poll(() => sessionCookies(page)).toContain('stytch_session');
});

test('bootstrap: the SDK logs no error about the bootstrap or RBAC during a sign-in', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const sdkErrors = () => errors.filter((text) => /rbac|bootstrap|\[Stytch\]/i.test(text));
  await openHeadless(page);
  // The RBAC client reads the bootstrap answer once it arrives (an SDK that could not read it
  // logs the error, then "Unable to retrieve RBAC policy"); the empty policy is then usable.
  expect(succeeded(await sdk(page, (client) => client.rbac.allPermissions(), null))).toEqual({});
  expect(sdkErrors()).toEqual([]);

  const phone = '+14155550933';
  const sent = succeeded(
    await sdk(page, (client, phone) => client.otps.sms.loginOrCreate(phone), phone),
  );
  await expect.poll(() => velvet.outbox(phone).then((messages) => messages.length)).toBe(1);
  const signedIn = succeeded(
    await sdk(
      page,
      (client, { code, methodId }) =>
        client.otps.authenticate(code, methodId, { session_duration_minutes: 60 }),
      { code: await velvet.lastCode(phone), methodId: sent.method_id },
    ),
  );
  expect(signedIn.user.user_id).toBeTruthy();
  expect(succeeded(await sdk(page, (client) => client.rbac.allPermissions(), null))).toEqual({});
  expect(errors.filter((text) => /rbac|bootstrap/i.test(text))).toEqual([]);
  expect(sdkErrors()).toEqual([]);
});

test('a wrong public token gets a StytchAPIError invalid_public_token', async ({ page }) => {
  await openHeadless(page, WRONG_TOKEN);
  const result = await sdk(page, (client) => client.otps.sms.loginOrCreate('+14155550934'), null);
  expect(result).toMatchObject({
    thrown: true,
    name: 'StytchAPIError',
    error_type: 'invalid_public_token',
  });
  expect(await velvet.outbox('+14155550934')).toEqual([]);
});

test('telemetry: the SDK’s events POST to /sdk/v1/events is answered 200', async ({ page }) => {
  const answers: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(response.url()).pathname === '/sdk/v1/events') {
      answers.push(response.status());
    }
  });
  // The UI client logs `sdk_instance_instantiated` and the form's render, flushed every 800 ms.
  await page.goto(`${site.origin}/ui.html`);
  await expect(page.getByLabel('Phone number')).toBeVisible();
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  expect(answers.filter((status) => status !== 200)).toEqual([]);
});

test('headless: a passkey registered, renamed, signed in with and deleted through webauthn.*', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await openHeadless(page, undefined, localhostOrigin());
  const phone = '+14155550947';
  const sent = succeeded(
    await sdk(page, (client, phone) => client.otps.sms.loginOrCreate(phone), phone),
  );
  await expect.poll(() => velvet.outbox(phone).then((messages) => messages.length)).toBe(1);
  const signedUp = succeeded(
    await sdk(
      page,
      (client, { code, methodId }) =>
        client.otps.authenticate(code, methodId, { session_duration_minutes: 60 }),
      { code: await velvet.lastCode(phone), methodId: sent.method_id },
    ),
  );

  const registered = succeeded(
    await sdk(
      page,
      (client) => client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 }),
      null,
    ),
  );
  expect(registered.webauthn_registration_id).toMatch(/^webauthn-registration-test-/);
  expect(await authenticator.credentials()).toHaveLength(1);

  const renamed = succeeded(
    await sdk(
      page,
      (client, id) => client.webauthn.update({ webauthn_registration_id: id, name: 'Laptop' }),
      registered.webauthn_registration_id,
    ),
  );
  expect(renamed.webauthn_registration.name).toBe('Laptop');
  const user = succeeded(await sdk(page, (client) => client.user.get(), null));
  expect(user.webauthn_registrations.map((r: { name: string }) => r.name)).toEqual(['Laptop']);

  succeeded(await sdk(page, (client) => client.session.revoke(), null));
  await expect.poll(() => sdk(page, (client) => client.session.getSync(), null)).toBeNull();
  const signedIn = succeeded(
    await sdk(
      page,
      (client) => client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 60 }),
      null,
    ),
  );
  expect(signedIn?.user_id).toBe(signedUp.user_id);
  expect(signedIn?.webauthn_registration_id).toBe(registered.webauthn_registration_id);
  expect(succeeded(await sdk(page, (client) => client.session.getSync(), null))?.user_id).toBe(
    signedUp.user_id,
  );

  const afterDelete = succeeded(
    await sdk(
      page,
      (client, id) => client.user.deleteWebauthnRegistration(id),
      registered.webauthn_registration_id,
    ),
  );
  expect(afterDelete.user_id).toBe(signedUp.user_id);
  const emptied = succeeded(await sdk(page, (client) => client.user.get(), null));
  expect(emptied.webauthn_registrations).toEqual([]);
});
