/**
 * OAuth sign-in end to end, with no internet: a page with `products: ["oauth", "otp"]` and
 * Google and GitHub configured. Google is a real OpenID Connect provider on loopback
 * (oidc-provider, with its own login and consent pages); GitHub is a stand-in speaking GitHub's
 * documented wire format. For each: the button → the provider's login page → consent → back to
 * the page → signed in, with the provider account on the user.
 */
import { expect, type Page, test } from '@playwright/test';
import { type GitHubPeer, startGitHubPeer } from '../server/products/oauth/testing/github-peer.js';
import { type OidcPeer, startOidcPeer } from '../server/products/oauth/testing/oidc-peer.js';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { injectAxe } from './support/inject-axe.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-oauth';

let site: StaticSite;
let velvet: VelvetServer;
let google: OidcPeer;
let github: GitHubPeer;

function page(velvetUrl: string): string {
  const config = {
    products: ['oauth', 'otp'],
    otpOptions: { methods: ['sms'], expirationMinutes: 10 },
    oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
  };
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Party sign-in</title>
<script type="module" src="${velvetUrl}/widget/velvet.js"></script>
<main>
  <h1>Sign in</h1>
  <velvet-login public-token="${PUBLIC_TOKEN}" api-base="${velvetUrl}" config='${JSON.stringify(config)}'></velvet-login>
</main>
</html>`;
}

test.beforeAll(async () => {
  buildWidget();
  let html = '';
  site = await serveStaticPage(() => html);
  // The provider and Velvet each name the other: fix both ports first.
  const [velvetPort, oidcPort] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${velvetPort}`;
  google = await startOidcPeer({
    port: oidcPort,
    redirectUris: [`${publicUrl}/sdk/v1/public/oauth/google/callback`],
  });
  github = await startGitHubPeer();
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Velvet party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin],
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
            },
            loginRedirectURLs: [`${site.origin}/`],
          },
        },
      ],
    },
    env: { PORT: String(velvetPort), PUBLIC_URL: publicUrl },
  });
  html = page(velvet.url);
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
  await google?.close();
  await github?.close();
});

test.beforeEach(async ({ context }) => {
  // Nothing leaves the machine (oidc-provider's pages ask for a web font).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
});

function widget(p: Page) {
  return p.locator('velvet-login');
}

/** The signed-in user, read with the session cookie the page holds. */
async function me(p: Page) {
  const session = (await p.context().cookies(site.origin)).find(
    (cookie) => cookie.name === 'velvet_session',
  );
  expect(session, 'the session cookie is on the page').toBeTruthy();
  const response = await fetch(`${velvet.url}/sdk/v1/users/me`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${session?.value}`).toString('base64')}`,
    },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data as {
    emails: Array<{ email: string; verified: boolean }>;
    providers: Array<{ provider_type: string; provider_subject: string }>;
  };
}

test('the main screen: provider buttons, the divider, then the SMS form; accessible', async ({
  page: p,
}) => {
  await p.goto(`${site.origin}/`);
  await expect(widget(p).getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(widget(p).getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
  await expect(widget(p).getByRole('button', { name: 'Continue with text message' })).toBeVisible();
  await expect(widget(p).locator('[part=divider]')).toHaveText('or');
  await injectAxe(p);
  const violations = await p.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(el: Element): Promise<{ violations: { id: string }[] }> } }
    ).axe;
    const el = document.querySelector('velvet-login');
    return el ? (await axe.run(el)).violations.map((violation) => violation.id) : ['no widget'];
  });
  expect(violations).toEqual([]);
});

test('Google: the button → oidc-provider’s login page → consent → back, signed in', async ({
  page: p,
}) => {
  await p.goto(`${site.origin}/`);
  await widget(p).getByRole('button', { name: 'Continue with Google' }).click();
  // The provider's own pages.
  await p.waitForURL(new RegExp(`^${google.issuer}/interaction/`));
  await p.locator('input[name=login]').fill('ada');
  await p.locator('input[name=password]').fill('any password');
  await p.getByRole('button', { name: 'Sign-in' }).click();
  await p.getByRole('button', { name: 'Continue' }).click();
  // Back on the page, which signs in by itself.
  await expect(widget(p).getByText('You are signed in.')).toBeVisible();
  expect(new URL(p.url()).origin).toBe(site.origin);
  expect(new URL(p.url()).search, 'the token leaves the address bar').toBe('');
  const user = await me(p);
  expect(user.emails).toEqual([
    expect.objectContaining({ email: 'ada@oidc.test', verified: true }),
  ]);
  expect(user.providers).toEqual([
    expect.objectContaining({ provider_type: 'Google', provider_subject: 'ada' }),
  ]);
});

test('GitHub: the button → the provider’s authorize page → back, signed in', async ({
  page: p,
}) => {
  await p.goto(`${site.origin}/`);
  await widget(p).getByRole('button', { name: 'Continue with GitHub' }).click();
  await p.waitForURL(new RegExp(`^${github.url}/login/oauth/authorize`));
  await p.getByRole('button', { name: 'Authorize' }).click();
  await expect(widget(p).getByText('You are signed in.')).toBeVisible();
  const user = await me(p);
  expect(user.emails).toEqual([
    expect.objectContaining({ email: 'octo@github.test', verified: true }),
  ]);
  expect(user.providers).toEqual([
    expect.objectContaining({ provider_type: 'Github', provider_subject: '4242' }),
  ]);
});

test('a refusal at the provider shows the error page and signs nobody in', async ({ page: p }) => {
  await p.goto(`${site.origin}/`);
  await widget(p).getByRole('button', { name: 'Continue with GitHub' }).click();
  await p.waitForURL(new RegExp(`^${github.url}/login/oauth/authorize`));
  await p.getByRole('button', { name: 'Cancel' }).click();
  await expect(p.getByRole('heading', { name: 'Sign-in could not be completed' })).toBeVisible();
  await expect(p.getByRole('alert')).toContainText('Sign-in was cancelled at the provider');
  expect(
    (await p.context().cookies(site.origin)).find((c) => c.name === 'velvet_session'),
  ).toBeUndefined();
});
