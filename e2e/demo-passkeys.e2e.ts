/**
 * Passkeys on the demo page: tick Passkeys, sign in by passcode, create a passkey in the
 * Passkeys panel (Chromium's virtual authenticator), revoke the session, and sign back in with
 * the passkey through the phone field's autofill.
 */
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemo } from './demo-support.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

const PHONE = '+14155550961';

let demo: DemoServer;

test.beforeAll(async () => {
  demo = await startDemo();
});

test.afterAll(async () => {
  await demo?.stop();
});

const widget = (page: Page) => page.locator('velvet-login');
const passkeys = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const session = (page: Page) => page.getByRole('region', { name: 'Session' });

test('tick Passkeys, sign in by passcode, create a passkey, revoke, sign back in with it', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto(demo.demoUrl);
  const products = page.getByRole('group', {
    name: 'Products, in the order the widget shows them',
  });
  await products.getByRole('checkbox', { name: /Passkeys/ }).check();
  await expect(passkeys(page)).toContainText('Sign in with the widget to create a passkey here');

  await widget(page).getByRole('textbox', { name: 'Phone number' }).fill(PHONE.slice(2));
  await widget(page).getByRole('button', { name: 'Continue with text message' }).click();
  await expect.poll(() => demo.velvet.outbox(PHONE).then((messages) => messages.length)).toBe(1);
  await widget(page)
    .getByRole('textbox', { name: 'Digit 1 of 6' })
    .fill(await demo.velvet.lastCode(PHONE));
  await expect(widget(page).getByText('Success!')).toBeVisible();

  await passkeys(page).getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(
    passkeys(page).getByRole('heading', { name: 'Passkey successfully created!' }),
  ).toBeVisible();
  await expect(passkeys(page).getByRole('list', { name: 'Your Passkeys' })).toHaveCount(1);
  expect(await authenticator.credentials()).toHaveLength(1);

  await session(page).getByRole('button', { name: 'Revoke the session' }).click();
  await expect(session(page)).toContainText('Signed out.');
  await page.reload();
  await expect(
    widget(page).getByText('You have successfully logged in with your Passkey.'),
  ).toBeVisible();
  await expect(session(page)).toContainText('Signed in until');
});
