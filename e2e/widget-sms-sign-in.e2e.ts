/**
 * The widget as embedders use it: a page on another origin with only the script tag and
 * `<velvet-login>` signs a guest in by SMS against the real server, with the passcode the
 * development outbox holds.
 */
import { expect, test } from '@playwright/test';
import type { VelvetServer } from '../server/test/velvet-process.js';
import type { StaticSite } from './support/static-site.js';
import { recordVelvetEvents } from './support/widget-page.js';
import { SMS_ONLY, startWidgetSite, type WidgetSite } from './support/widget-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-widget-sms';
const PHONE = '+14155550701';

let widgetSite: WidgetSite;
let velvet: VelvetServer;
let site: StaticSite;

test.beforeAll(async () => {
  widgetSite = await startWidgetSite({
    name: 'Widget party',
    publicToken: PUBLIC_TOKEN,
    config: SMS_ONLY,
  });
  ({ velvet, site } = widgetSite);
});

test.afterAll(async () => {
  await widgetSite?.close();
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
