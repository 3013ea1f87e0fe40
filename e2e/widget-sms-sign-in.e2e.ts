/**
 * The widget as embedders use it: a page on another origin with only the script tag and
 * `<velvet-login>` signs a guest in by SMS against the real server, with the passcode the
 * development outbox holds.
 */
import { expect, test } from '@playwright/test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';
import { recordVelvetEvents, widgetPage } from './support/widget-page.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-widget-sms';
const PHONE = '+14155550701';
const SMS_ONLY = { products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 10 } };

let velvet: VelvetServer;
let site: StaticSite;

test.beforeAll(async () => {
  buildWidget();
  // The page's origin is only known once it listens, and the page names the server's origin:
  // a placeholder page first, then the real one on the same origin.
  let html = '';
  site = await serveStaticPage(() => html);
  velvet = await startVelvet({
    config: {
      projects: [
        { name: 'Widget party', publicToken: PUBLIC_TOKEN, authorizedOrigins: [site.origin] },
      ],
    },
  });
  html = widgetPage({ velvetUrl: velvet.url, publicToken: PUBLIC_TOKEN, config: SMS_ONLY });
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
});

test('a page with only the script tag signs a guest in by SMS', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(recordVelvetEvents);
  await page.goto(site.origin);

  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('US');
  await phone.fill('4155550701');
  await page.getByRole('button', { name: 'Continue with text message' }).click();

  const passcode = page.getByRole('group', { name: 'One-time passcode' });
  await expect(passcode).toBeVisible();
  await expect.poll(() => velvet.outbox(PHONE).then((messages) => messages.length)).toBe(1);
  const code = await velvet.lastCode(PHONE);
  await passcode.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);

  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
  const events = () =>
    page.evaluate(() =>
      ((window as Window & { velvetEvents?: { type: string }[] }).velvetEvents ?? []).map(
        (event) => event.type,
      ),
    );
  await expect.poll(events).toContain('AUTHENTICATE_FLOW_COMPLETE');
  const types = await events();
  expect(types.filter((type) => type === 'AUTHENTICATE_FLOW_COMPLETE')).toHaveLength(1);
  expect(types).toEqual([
    'OTP_SMS_LOGIN_OR_CREATE',
    'OTP_AUTHENTICATE',
    'AUTHENTICATE_FLOW_COMPLETE',
  ]);
  expect(errors).toEqual([]);
});
