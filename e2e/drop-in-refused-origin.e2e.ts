/**
 * The widget dropped into a page whose origin is not on the project's list: the browser's CORS
 * check refuses the call, and no passcode is sent; bootstrap (open to every origin) tells the
 * widget why, so the page's onError and console say the origin is not authorized and how to
 * authorize it, and the error shown says so instead of 'Unable to contact our servers.'.
 * (A page on a listed origin signing in through the script tag is `widget-sms-sign-in.e2e.ts`.)
 */
import { expect, test } from '@playwright/test';
import type { VelvetServer } from '../server/test/velvet-process.js';
import type { StaticSite } from './support/static-site.js';
import { recordVelvetEvents } from './support/widget-page.js';
import { SMS_ONLY, startWidgetSite, type WidgetSite } from './support/widget-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-drop-in-refused';
const PHONE = '+14155550921';

let widgetSite: WidgetSite;
let velvet: VelvetServer;
let listed: StaticSite;
let unlisted: StaticSite;

test.beforeAll(async () => {
  widgetSite = await startWidgetSite({
    name: 'Listed party',
    publicToken: PUBLIC_TOKEN,
    config: SMS_ONLY,
    unlisted: 1,
  });
  ({ velvet, site: listed } = widgetSite);
  [unlisted] = widgetSite.unlisted as [StaticSite];
});

test.afterAll(async () => {
  await widgetSite?.close();
});

test('a page on an origin not on the list is refused: an error shows and no SMS goes out', async ({
  page,
}) => {
  const errors: unknown[] = [];
  await page.exposeFunction('recordVelvetError', (detail: unknown) => errors.push(detail));
  await page.addInitScript(recordVelvetEvents);
  await page.addInitScript(() =>
    document.addEventListener('velvet-error', (event) =>
      (window as unknown as { recordVelvetError(detail: unknown): void }).recordVelvetError(
        (event as CustomEvent).detail,
      ),
    ),
  );
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(unlisted.origin);
  const explanation =
    `This page's origin, ${unlisted.origin}, is not authorized for this project, so the widget ` +
    `cannot sign anyone in here. Add ${unlisted.origin} to the project's authorizedOrigins in ` +
    `the server's config file (in development: VELVET_DEV_ORIGINS=${unlisted.origin}).`;
  const explained = { message: explanation, errorType: 'origin_not_allowed' };

  // Told as soon as the widget has asked bootstrap, before any guest types anything.
  await expect.poll(() => errors).toEqual([explained]);
  expect(consoleErrors).toContain(`<velvet-login>: ${explanation}`);

  // The script itself loads from the server on any origin: the widget shows.
  const widget = page.locator('velvet-login');
  await widget.getByRole('textbox', { name: 'Phone number' }).fill('4155550921');
  await widget.getByRole('button', { name: 'Continue with text message' }).click();

  await expect(widget.getByRole('alert')).toHaveText(explanation);
  await expect.poll(() => errors).toEqual([explained, explained]);
  // Still on the main screen; nothing was sent, and no event claims otherwise.
  await expect(widget.getByRole('group', { name: 'One-time passcode' })).toHaveCount(0);
  expect(await velvet.outbox(PHONE)).toEqual([]);
  expect(
    await page.evaluate(() => (window as Window & { velvetEvents?: unknown[] }).velvetEvents),
  ).toEqual([]);
});

test('the same page on a listed origin gets its passcode sent', async ({ page }) => {
  // The control: only the origin differs from the refused page.
  await page.goto(listed.origin);
  const widget = page.locator('velvet-login');
  await widget.getByRole('textbox', { name: 'Phone number' }).fill('4155550922');
  await widget.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(widget.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await expect.poll(() => velvet.outbox('+14155550922').then((sent) => sent.length)).toBe(1);
});
