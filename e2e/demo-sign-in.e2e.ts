import { expect, type Page, test } from '@playwright/test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../server/config/config.js';
import { type DemoServer, startDemo } from './demo-support.js';
import { axeViolations } from './support/inject-axe.js';
import { browserSecrets, expectNoSecretsInLog } from './support/secrets-in-log.js';

const PHONE = '+14155550901';

let demo: DemoServer;

test.beforeAll(async () => {
  demo = await startDemo();
});

test.afterAll(async () => {
  await demo?.stop();
});

const widget = (page: Page) => page.locator('velvet-login');
const log = (page: Page) => page.getByRole('log', { name: 'Widget callbacks' });
const outbox = (page: Page) => page.getByRole('region', { name: 'Development outbox' });
const session = (page: Page) => page.getByRole('region', { name: 'Session' });

test('a passcode sign-in through the outbox panel, logged as it happens, then revoked', async ({
  page,
}, testInfo) => {
  await page.goto(demo.demoUrl);
  await expect(outbox(page)).toContainText('No messages yet');
  await expect(session(page)).toContainText('Signed out.');
  await expect(log(page)).toContainText('Nothing yet');

  await widget(page).getByRole('textbox', { name: 'Phone number' }).fill('4155550901');
  await widget(page).getByRole('button', { name: 'Continue with text message' }).click();

  // The send shows in the log, and the outbox panel refreshes by itself with the passcode.
  const sent = log(page).getByRole('listitem').filter({ hasText: 'OTP_SMS_LOGIN_OR_CREATE' });
  await expect(sent).toContainText('onEvent');
  await expect(sent).toContainText('method_id');
  const message = outbox(page).getByRole('listitem').filter({ hasText: PHONE });
  await expect(message).toContainText(/Passcode \d{6}/);
  const code = (await message.locator('.outbox-code strong').textContent())?.trim() ?? '';
  expect(code).toBe(await demo.velvet.lastCode(PHONE));

  // A wrong code first: the log shows the error the widget reported.
  const wrong = code === '000000' ? '111111' : '000000';
  const digits = widget(page).getByRole('group', { name: 'One-time passcode' });
  await digits.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(wrong);
  const failed = log(page).getByRole('listitem').filter({ hasText: 'onError' });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('otp_code_not_found');

  await digits.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await expect(widget(page).getByText('Success!')).toBeVisible();
  const entries = log(page).locator('.log-title');
  // Newest first.
  await expect(entries).toHaveText([
    'AUTHENTICATE_FLOW_COMPLETE',
    'OTP_AUTHENTICATE',
    /passcode/i,
    'OTP_SMS_LOGIN_OR_CREATE',
  ]);

  // The session and user the page's client holds: the widget signed in through it.
  await expect(session(page)).toContainText('Signed in until');
  await expect(session(page).getByLabel('User data')).toContainText(PHONE);
  await expect(session(page).getByLabel('Session data')).toContainText('session_id');
  expect(await axeViolations(page)).toEqual([]);
  await testInfo.attach('signed in', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  await session(page).getByRole('button', { name: 'Revoke the session' }).click();
  await expect(session(page)).toContainText('Signed out. The session was revoked.');
  await expect(session(page).getByRole('button', { name: 'Revoke the session' })).toHaveCount(0);
  // A fresh widget, ready for the next sign-in.
  await expect(widget(page).getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
});

test('the Refresh button reads messages the widget did not send', async ({ page, request }) => {
  await page.goto(demo.demoUrl);
  const other = '+14155550902';
  const auth = `Basic ${Buffer.from(`${DEVELOPMENT_PUBLIC_TOKEN}:${DEVELOPMENT_PUBLIC_TOKEN}`).toString('base64')}`;
  const sent = await request.post(`${demo.origin}/sdk/v1/otps/sms/login_or_create`, {
    headers: { authorization: auth },
    data: { phone_number: other },
  });
  expect(sent.status()).toBe(200);
  await expect(outbox(page).getByRole('listitem').filter({ hasText: other })).toHaveCount(0);
  await outbox(page).getByRole('button', { name: 'Refresh' }).click();
  await expect(outbox(page).getByRole('listitem').filter({ hasText: other })).toContainText(
    await demo.velvet.lastCode(other),
  );
});

test('a long outbox scrolls from the keyboard, and axe finds nothing', async ({
  page,
  request,
}) => {
  const auth = `Basic ${Buffer.from(`${DEVELOPMENT_PUBLIC_TOKEN}:${DEVELOPMENT_PUBLIC_TOKEN}`).toString('base64')}`;
  for (let i = 0; i < 8; i += 1) {
    const sent = await request.post(`${demo.origin}/sdk/v1/otps/sms/login_or_create`, {
      headers: { authorization: auth },
      data: { phone_number: `+1415555093${i}` },
    });
    expect(sent.status()).toBe(200);
  }
  await page.goto(demo.demoUrl);
  const list = outbox(page).getByRole('list', { name: 'Sent messages' });
  await expect(list.getByRole('listitem').filter({ hasText: '+14155550937' })).toHaveCount(1);
  // The list is taller than its box: it scrolls, and takes the focus to scroll by keyboard.
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await list.focus();
  await expect(list).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('on a server without the development outbox (production) the panel does not show', async ({
  page,
}) => {
  await page.route('**/dev/outbox', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"status_code":404}' }),
  );
  const asked = page.waitForResponse('**/dev/outbox');
  await page.goto(demo.demoUrl);
  await asked;
  await expect(page.getByRole('heading', { name: 'Events and errors' })).toBeVisible();
  await expect(
    widget(page).getByRole('button', { name: 'Continue with text message' }),
  ).toBeVisible();
  await expect(outbox(page)).toHaveCount(0);
});

test('a magic link sign-in: the outbox panel shows the email’s link, and opening it signs the demo in', async ({
  page,
}) => {
  const email = 'demo-guest@example.com';
  await page.goto(demo.demoUrl);
  const products = page.getByRole('group', {
    name: 'Products, in the order the widget shows them',
  });
  await products.getByRole('checkbox', { name: /Email magic links/ }).check();
  await products.getByRole('checkbox', { name: 'One-time passcodes' }).uncheck();
  await widget(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await widget(page).getByRole('button', { name: 'Continue with email' }).click();
  await expect(widget(page).getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(log(page).locator('.log-title').first()).toHaveText('MAGIC_LINK_LOGIN_OR_CREATE');

  const message = outbox(page).getByRole('listitem').filter({ hasText: email });
  const link = message.getByRole('link', { name: `Open the sign-in link to ${email}` });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(
    new RegExp(`^${demo.origin}/demo/\\?stytch_token_type=magic_links&token=[A-Za-z0-9_-]+$`),
  );
  await link.click();

  await expect(widget(page).getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(session(page)).toContainText('Signed in until');
  await expect(session(page).getByLabel('User data')).toContainText(email);
  await expect(log(page).locator('.log-title').first()).toHaveText('AUTHENTICATE_FLOW_COMPLETE');
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  // The demo came back with the settings the link was sent with.
  await expect(products.getByRole('checkbox', { name: /Email magic links/ })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  // The server's log saw the landing page's request, but neither its token nor the session.
  expectNoSecretsInLog(demo.velvet, {
    'magic link token': new URL(href).searchParams.get('token') ?? '',
    ...(await browserSecrets(page)),
  });
});

test('passwords: create one in the demo, revoke, forget it, and reset it from the outbox link', async ({
  page,
}) => {
  const email = 'demo-password@example.com';
  await page.goto(demo.demoUrl);
  const products = page.getByRole('group', {
    name: 'Products, in the order the widget shows them',
  });
  await products.getByRole('checkbox', { name: 'Passwords' }).check();
  await products.getByRole('checkbox', { name: 'One-time passcodes' }).uncheck();
  await widget(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await widget(page).getByRole('button', { name: 'Continue with email' }).click();
  await expect(widget(page).getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await widget(page)
    .getByLabel('Password', { exact: true })
    .fill('violet-Harbor-7-quietly-juggles');
  await expect(widget(page).getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuenow',
    '4',
  );
  await widget(page).getByRole('button', { name: 'Continue' }).click();
  await expect(widget(page).getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(log(page).locator('.log-title').first()).toHaveText('AUTHENTICATE_FLOW_COMPLETE');
  await expect(session(page).getByLabel('User data')).toContainText(email);

  await session(page).getByRole('button', { name: 'Revoke the session' }).click();
  await expect(session(page)).toContainText('Signed out. The session was revoked.');
  await widget(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await widget(page).getByRole('button', { name: 'Continue with email' }).click();
  await expect(widget(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
  await widget(page).getByRole('button', { name: 'Forgot password?' }).click();
  await expect(widget(page).getByRole('heading', { name: 'Forgot password?' })).toBeVisible();

  const message = outbox(page).getByRole('listitem').filter({ hasText: email });
  const link = message.getByRole('link', { name: `Open the password reset link to ${email}` });
  await expect(link).toBeVisible();
  expect(await link.getAttribute('href')).toMatch(
    new RegExp(`^${demo.origin}/demo/\\?stytch_token_type=reset_password&token=[A-Za-z0-9_-]+$`),
  );
  await link.click();
  await expect(widget(page).getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await widget(page)
    .getByLabel('Password', { exact: true })
    .fill('amber-Comet-42-folds-paper-cranes');
  await widget(page).getByRole('button', { name: 'Set password' }).click();
  await expect(widget(page).getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(session(page)).toContainText('Signed in until');
  // The demo came back with the settings the link was sent with.
  await expect(products.getByRole('checkbox', { name: 'Passwords' })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
});
