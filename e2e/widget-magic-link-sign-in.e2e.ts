/**
 * The widget's default product, end to end: a page with nothing but the script tag and a bare
 * `<velvet-login public-token=… api-base=…>` shows the email form; a guest types their address,
 * the real server sends the link through a real SMTP server, the guest opens it from that inbox,
 * and the page the link opened signs them in with no code of its own.
 */
import { expect, type Page, test } from '@playwright/test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { injectAxe } from './support/inject-axe.js';
import { type SmtpInbox, startSmtpInbox } from './support/smtp-inbox.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-magic-links';
const EMAIL = 'guest@party.example';

let inbox: SmtpInbox;
let site: StaticSite;
let velvet: VelvetServer;

/** The two lines a page needs (docs/magic-links.md), pointing at the server on its own origin. */
function barePage(velvetUrl: string): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Party sign-in</title>
<script type="module" src="${velvetUrl}/widget/velvet.js"></script>
<main>
  <h1>Sign in</h1>
  <velvet-login public-token="${PUBLIC_TOKEN}" api-base="${velvetUrl}"></velvet-login>
</main>
</html>`;
}

test.beforeAll(async () => {
  buildWidget();
  inbox = await startSmtpInbox();
  let html = '';
  site = await serveStaticPage(() => html);
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Velvet party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin],
          emailMagicLinks: { loginRedirectURLs: [`${site.origin}/`] },
        },
      ],
    },
    env: {
      SMTP_URL: inbox.url,
      EMAIL_FROM: 'Velvet party <hosts@party.example>',
      // The test's own SMTP inbox beside development's outbox (refused unless allowed).
      VELVET_ALLOW_DEV_SURFACES: '1',
    },
  });
  html = barePage(velvet.url);
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
  await inbox?.close();
});

function widget(page: Page) {
  return page.locator('velvet-login');
}

test('a bare widget shows the email form, and the emailed link signs the guest in', async ({
  page,
  context,
}) => {
  await page.goto(`${site.origin}/`);
  const email = widget(page).getByRole('textbox', { name: 'Email' });
  await expect(email).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Continue with email' })).toBeVisible();

  // An invalid address: the spec's message, and nothing sent.
  await email.fill('guest@party');
  await widget(page).getByRole('button', { name: 'Continue with email' }).click();
  await expect(widget(page).getByText('Invalid email address, please try again.')).toBeVisible();
  expect(inbox.messages).toHaveLength(0);

  await email.fill(EMAIL);
  await email.press('Enter');
  await expect(widget(page).getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(widget(page).getByText(`An email was sent to ${EMAIL}.`)).toBeVisible();
  await expect(widget(page).getByRole('link', { name: 'Open Gmail' })).toHaveAttribute(
    'href',
    /^https:\/\/mail\.google\.com\/mail\/u\/0\/#search\//,
  );
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(el: Element): Promise<{ violations: { id: string }[] }> } }
    ).axe;
    const el = document.querySelector('velvet-login');
    return el ? (await axe.run(el)).violations.map((violation) => violation.id) : ['no widget'];
  });
  expect(violations).toEqual([]);

  const mail = await inbox.waitFor(EMAIL);
  expect(mail.raw).toMatch(/^Subject: Finish signing up for Velvet party$/m);
  expect(mail.decoded).not.toMatch(/<img/i);
  const href = mail.decoded.match(
    /http:\/\/127\.0\.0\.1:\d+\/\?stytch_token_type=magic_links&token=[A-Za-z0-9_-]+/,
  )?.[0];
  expect(href, 'the link is in the email').toBeTruthy();
  expect(href?.startsWith(`${site.origin}/?`)).toBe(true);

  // The guest opens the link: the page it opens signs them in by itself.
  await page.goto(href ?? '');
  await expect(widget(page).getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(widget(page).getByText('You are signed in.')).toBeVisible();
  expect(new URL(page.url()).search, 'the token leaves the address bar').toBe('');

  const session = (await context.cookies(site.origin)).find(
    (cookie) => cookie.name === 'velvet_session',
  );
  expect(session, 'the session cookie is on the page').toBeTruthy();
  const me = await fetch(`${velvet.url}/sdk/v1/users/me`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${session?.value}`).toString('base64')}`,
    },
  });
  expect(me.status).toBe(200);
  const body = (await me.json()) as { data: { emails: { email: string; verified: boolean }[] } };
  expect(body.data.emails).toEqual([expect.objectContaining({ email: EMAIL, verified: true })]);

  // The same link again, as a guest reloading an old email: refused, no new session.
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(href ?? '');
  await expect(
    widget(page).getByText('The magic link could not be authenticated', { exact: false }),
  ).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Continue with email' })).toBeVisible();
  expect(
    (await context.cookies(site.origin)).find((c) => c.name === 'velvet_session'),
  ).toBeUndefined();
});
