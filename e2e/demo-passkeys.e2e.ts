/**
 * Passkeys on the demo page: tick Passkeys, sign in by passcode, create a passkey in the
 * Passkeys panel (Chromium's virtual authenticator), revoke the session, and sign back in with
 * the passkey through the phone field's autofill. The panel looks as it does on a plain page.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../server/config/config.js';
import { type DemoServer, startDemo } from './demo-support.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';
import { buildWidget } from './support/widget-bundle.js';

const PHONE = '+14155550961';
const STYLED_PHONE = '+14155550962';

let demo: DemoServer;

test.beforeAll(async () => {
  buildWidget();
  demo = await startDemo();
});

test.afterAll(async () => {
  await demo?.stop();
});

const widget = (page: Page) => page.locator('velvet-login');
const passkeys = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const session = (page: Page) => page.getByRole('region', { name: 'Session' });

/** Ticks Passkeys and signs `phone` in with the widget's SMS passcode. */
async function signIn(page: Page, phone: string): Promise<void> {
  const products = page.getByRole('group', {
    name: 'Products, in the order the widget shows them',
  });
  await products.getByRole('checkbox', { name: /Passkeys/ }).check();
  await expect(passkeys(page)).toContainText('Sign in with the widget to create a passkey here');

  await widget(page).getByRole('textbox', { name: 'Phone number' }).fill(phone.slice(2));
  await widget(page).getByRole('button', { name: 'Continue with text message' }).click();
  await expect.poll(() => demo.velvet.outbox(phone).then((messages) => messages.length)).toBe(1);
  await widget(page)
    .getByRole('textbox', { name: 'Digit 1 of 6' })
    .fill(await demo.velvet.lastCode(phone));
  await expect(widget(page).getByText('Success!')).toBeVisible();
}

/** What a user sees of an element: its box, colours and type. */
const LOOK = [
  'width',
  'height',
  'padding-top',
  'padding-left',
  'border-top-width',
  'border-top-color',
  'border-radius',
  'background-color',
  'color',
  'font-family',
  'font-size',
  'font-weight',
] as const;

function lookOf(locator: Locator): Promise<Record<string, string>> {
  return locator.evaluate((element, names) => {
    const style = getComputedStyle(element);
    return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
  }, LOOK);
}

test('tick Passkeys, sign in by passcode, create a passkey, revoke, sign back in with it', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto(demo.demoUrl);
  await signIn(page, PHONE);

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

test('the Passkeys panel is styled as on a plain page that loads the component alone', async ({
  page,
}) => {
  await page.goto(demo.demoUrl);
  await signIn(page, STYLED_PHONE);
  const inDemo = {
    container: await lookOf(passkeys(page).locator('.velvet-container')),
    button: await lookOf(passkeys(page).getByRole('button', { name: 'Create a Passkey' })),
  };

  // The same origin, so the same signed-in session; the component from the server's build.
  const plainUrl = `${demo.origin}/plain-passkey-registration.html`;
  await page.route(plainUrl, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><meta charset="utf-8"><title>Account</title>
<script type="module" src="/widget/passkey-registration.js"></script>
<velvet-passkey-registration public-token="${DEVELOPMENT_PUBLIC_TOKEN}"></velvet-passkey-registration></html>`,
    }),
  );
  await page.goto(plainUrl);
  const plainButton = page.getByRole('button', { name: 'Create a Passkey' });
  await expect(plainButton).toBeVisible();
  // A primary button, as the widget's default theme has it: not the browser's nor the demo's.
  await expect(plainButton).toHaveCSS('background-color', 'rgb(25, 48, 61)');
  expect(inDemo).toEqual({
    container: await lookOf(page.locator('.velvet-container')),
    button: await lookOf(plainButton),
  });
});
