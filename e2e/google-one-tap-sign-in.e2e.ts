/**
 * Google One Tap, end to end: a third-party page configured for One Tap alone loads Google's
 * script (a local stand-in speaking `google.accounts.id`, whose ID tokens a local key signs and
 * whose JWK Set the real Velvet server is configured to trust), the person picks their Google
 * account in the prompt, the server verifies the token and sends the page to the sign-up URL
 * with a token, and the page it lands on signs them in with no code of its own. A second visit
 * lands on the login URL as the same user.
 */
import { expect, type Page, test } from '@playwright/test';
import { GOOGLE_ISSUER } from '../server/products/oauth-one-tap/one-tap-id-token.js';
import {
  type GoogleStandIn,
  startGoogleStandIn,
} from '../server/products/oauth-one-tap/testing/google-id-tokens.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { injectAxe } from './support/inject-axe.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-google-one-tap';
const CLIENT_ID = '424242-velvet-e2e.apps.googleusercontent.com';
const EMAIL = 'disco.guest@gmail.test';

let google: GoogleStandIn;
let site: StaticSite;
let velvet: VelvetServer;

/** The embedding page: Google's script (here the stand-in) and the widget, One Tap alone. */
function onePage(velvetUrl: string, googleOrigin: string): string {
  const config = {
    products: ['oauth'],
    oauthOptions: { providers: [{ type: 'google', one_tap: true }] },
  };
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Party sign-in</title>
<script src="${googleOrigin}/gsi/setup.js"></script>
<script src="${googleOrigin}/gsi/client"></script>
<script type="module" src="${velvetUrl}/widget/velvet.js"></script>
<main>
  <h1>Sign in</h1>
  <velvet-login public-token="${PUBLIC_TOKEN}" api-base="${velvetUrl}"
    config='${JSON.stringify(config)}'></velvet-login>
</main>
</html>`;
}

test.beforeAll(async () => {
  buildWidget();
  google = await startGoogleStandIn({
    issuer: GOOGLE_ISSUER,
    audience: CLIENT_ID,
    account: { email: EMAIL, name: 'Disco Guest', subject: '110000000000000000042' },
  });
  let html = '';
  site = await serveStaticPage(() => html);
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Velvet party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin],
          products: ['oauth'],
          oauth: {
            providers: { google: { clientId: CLIENT_ID, jwksUri: google.jwksUri } },
            loginRedirectURLs: [`${site.origin}/signed-in`],
            signupRedirectURLs: [`${site.origin}/welcome`],
          },
        },
      ],
    },
  });
  html = onePage(velvet.url, google.origin);
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
  await google?.close();
});

const widget = (page: Page) => page.locator('velvet-login');

async function signedInUser(page: Page) {
  const session = (await page.context().cookies(site.origin)).find(
    (cookie) => cookie.name === 'velvet_session',
  );
  expect(session, 'the session cookie is on the page').toBeTruthy();
  const me = await fetch(`${velvet.url}/sdk/v1/users/me`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${session?.value}`).toString('base64')}`,
    },
  });
  expect(me.status).toBe(200);
  return (
    (await me.json()) as {
      data: { user_id: string; emails: { email: string; verified: boolean }[] };
    }
  ).data;
}

test('One Tap signs a new guest up and a returning guest in, landing signed in', async ({
  page,
}) => {
  await page.goto(`${site.origin}/`);
  const prompt = page.getByRole('dialog', { name: 'Sign in to this site with Google' });
  await expect(prompt).toBeVisible();
  // Alone: the widget draws nothing of its own around Google's prompt.
  await expect(widget(page).getByRole('heading')).toHaveCount(0);
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(el: Element): Promise<{ violations: { id: string }[] }> } }
    ).axe;
    return (await axe.run(document.body)).violations.map((violation) => violation.id);
  });
  expect(violations).toEqual([]);

  await prompt.getByRole('button', { name: 'Continue as Disco Guest' }).click();
  // A new guest: the sign-up URL, which signs them in by itself.
  await page.waitForURL(`${site.origin}/welcome`);
  await expect(widget(page).getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(widget(page).getByText('You are signed in.')).toBeVisible();
  expect(new URL(page.url()).search, 'the token leaves the address bar').toBe('');
  const first = await signedInUser(page);
  expect(first.emails).toEqual([expect.objectContaining({ email: EMAIL, verified: true })]);

  // Back another day: the login URL, the same user.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.origin}/`);
  await page
    .getByRole('dialog', { name: 'Sign in to this site with Google' })
    .getByRole('button', { name: 'Continue as Disco Guest' })
    .click();
  await page.waitForURL(`${site.origin}/signed-in`);
  await expect(widget(page).getByRole('heading', { name: 'Success!' })).toBeVisible();
  expect((await signedInUser(page)).user_id).toBe(first.user_id);
});
