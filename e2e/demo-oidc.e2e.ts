/**
 * The demo's sample application signs in with Velvet: the development project registers it, and
 * the panel's button runs the whole OpenID Connect flow through the consent screen and back,
 * then logs out through the logout screen.
 */
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemo } from './demo-support.js';
import { axeViolations } from './support/inject-axe.js';
import { buildWidget } from './support/widget-bundle.js';

const PHONE = '+14155550971';

let demo: DemoServer;

test.beforeAll(async () => {
  buildWidget();
  demo = await startDemo();
});

test.afterAll(async () => {
  await demo?.stop();
});

const panel = (page: Page) =>
  page.getByRole('region', { name: 'Sign in with Velvet (OpenID Connect)' });

test('the sample app signs in through the consent screen and logs out through the logout screen', async ({
  page,
}) => {
  await page.goto(demo.demoUrl);
  const widget = page.locator('velvet-login');
  await widget.getByRole('textbox', { name: 'Phone number' }).fill(PHONE.replace(/^\+1/, ''));
  await widget.getByRole('button', { name: 'Continue with text message' }).click();
  const digits = widget.getByRole('group', { name: 'One-time passcode' });
  await expect(digits).toBeVisible();
  await digits
    .getByRole('textbox', { name: 'Digit 1 of 6' })
    .fill(await demo.velvet.lastCode(PHONE));
  await expect(widget.getByText('Success!')).toBeVisible();

  await panel(page).getByRole('button', { name: 'Sign in to the sample app with Velvet' }).click();
  await expect(
    page.getByRole('heading', { name: 'Sign in to Velvet Demo App with your account' }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(panel(page).getByRole('status')).toContainText('The sample app signed in');
  await expect(panel(page)).toContainText(`"phone_number": "${PHONE}"`);
  expect(new URL(page.url()).search, 'the code left the address bar').toBe('');
  expect(await axeViolations(page)).toEqual([]);

  await panel(page).getByRole('link', { name: 'Log out of the sample app' }).click();
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to log out of your account?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(panel(page).getByRole('status')).toContainText(
    'The sample app returned from Velvet’s logout.',
  );
  await expect(page.getByRole('region', { name: 'Session' })).toContainText('Signed out.');
});

test('signed out, the sample app signs in on the authorize page by email', async ({ page }) => {
  // The development project offers magic links, email passcodes and passwords together (issue
  // 31): the authorization page's Email tab is the password flow, as on the demo's own widget.
  const email = 'signed-out-guest@example.com';
  await page.goto(demo.demoUrl);
  await expect(page.getByRole('region', { name: 'Session' })).toContainText('Signed out.');
  await panel(page).getByRole('button', { name: 'Sign in to the sample app with Velvet' }).click();
  await expect(
    page.getByText('No active session detected. Please log in to continue.'),
  ).toBeVisible();
  const form = page.locator('velvet-identity-provider velvet-login');
  for (const tab of ['Text', 'WhatsApp', 'Email']) {
    await expect(form.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(form.getByRole('list', { name: 'Crypto wallets' })).toBeVisible();
  await expect(form.getByText('Error: Cannot use both EML and Email OTP')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('tab', { name: 'Email' }).click();
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('button', { name: 'Continue with email' }).click();
  await expect(form.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill('violet-Harbor-7-quietly-juggles');
  await form.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { name: 'Sign in to Velvet Demo App with your account' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(panel(page).getByRole('status')).toContainText('The sample app signed in');
  await expect(panel(page)).toContainText(`"email": "${email}"`);
});
