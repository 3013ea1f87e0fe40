/**
 * Browser autofill reaches the widget's inputs inside its shadow root (`enableShadowDOM`):
 * Chromium's own autofill, driven through the DevTools protocol (`Autofill.trigger` with an
 * address), fills the phone and email fields, and the real inputs carry `autocomplete="tel"`,
 * `email` and `one-time-code`.
 */
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import type { VelvetServer } from '../server/test/velvet-process.js';
import type { StaticSite } from './support/static-site.js';
import { startWidgetSite, type WidgetSite } from './support/widget-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-widget-autofill';
const CONFIG = {
  products: ['otp'],
  otpOptions: { methods: ['sms', 'email'], expirationMinutes: 10 },
  enableShadowDOM: true,
};

const PHONE = '+14155550811';
const EMAIL = 'ada@example.com';

/** The address profile autofill offers (field names of Chromium's `field_types.h`). */
const PROFILE = [
  { name: 'NAME_FULL', value: 'Ada Lovelace' },
  { name: 'PHONE_HOME_WHOLE_NUMBER', value: PHONE },
  { name: 'EMAIL_ADDRESS', value: EMAIL },
  { name: 'ADDRESS_HOME_COUNTRY', value: 'US' },
];

let widgetSite: WidgetSite;
let velvet: VelvetServer;
let site: StaticSite;

test.beforeAll(async () => {
  widgetSite = await startWidgetSite({
    name: 'Autofill party',
    publicToken: PUBLIC_TOKEN,
    config: CONFIG,
  });
  ({ velvet, site } = widgetSite);
});

test.afterAll(async () => {
  await widgetSite?.close();
});

/** The DevTools backend node id of the element `selector` finds in the widget's shadow root. */
async function backendNodeIdInShadow(cdp: CDPSession, selector: string): Promise<number> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: `document.querySelector('velvet-login').shadowRoot.querySelector(${JSON.stringify(selector)})`,
  });
  if (exceptionDetails || !result.objectId) throw new Error(`no ${selector} in the shadow root`);
  const { node } = await cdp.send('DOM.describeNode', { objectId: result.objectId });
  return node.backendNodeId;
}

/** What the shadow root's inputs say about themselves. */
function shadowInputs(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('velvet-login')?.shadowRoot;
    return [...(root?.querySelectorAll('input') ?? [])].map((input) => ({
      type: input.type,
      autocomplete: input.getAttribute('autocomplete'),
      name: input.name,
      value: input.value,
    }));
  });
}

test('Chromium autofill fills the phone number inside the shadow root, and it sends', async ({
  page,
}) => {
  await page.goto(site.origin);
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await phone.click();
  const fieldId = await backendNodeIdInShadow(cdp, 'input[type="tel"]');
  await cdp.send('Autofill.trigger', { fieldId, address: { fields: PROFILE } });
  await expect(phone).toHaveValue(/^\+?1?\s*\(?415\)?[\s-]*555[\s-]*0811$/);

  // The widget took the filled value as typed: the passcode goes to that number.
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await expect(page.getByText('(415) 555-0811')).toBeVisible();
  await expect.poll(() => velvet.outbox(PHONE).then((messages) => messages.length)).toBe(1);

  // The passcode boxes are real inputs too, the first one offered the code from the SMS.
  const boxes = (await shadowInputs(page)).filter((input) => input.autocomplete !== 'tel');
  expect(boxes[0]?.autocomplete).toBe('one-time-code');
});

test('Chromium autofill fills the email address inside the shadow root, and it sends', async ({
  page,
}) => {
  await page.goto(site.origin);
  await page.getByRole('tab', { name: 'Email' }).click();
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  // As a user does before picking an address: into the field, which makes Chromium look at the
  // form again now that the Email panel shows (it last saw the field hidden).
  await email.click();
  const fieldId = await backendNodeIdInShadow(cdp, 'input[type="email"]');
  await cdp.send('Autofill.trigger', { fieldId, address: { fields: PROFILE } });
  await expect(email).toHaveValue(EMAIL);

  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await expect.poll(() => velvet.outbox(EMAIL).then((messages) => messages.length)).toBe(1);
});

test('the inputs are real inputs in the shadow root with autocomplete tel and email', async ({
  page,
}) => {
  await page.goto(site.origin);
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  // The email form (a chunk of its own) renders in its hidden tab panel once it has loaded.
  await expect(page.locator('velvet-login input[type=email]')).toBeAttached();
  expect(await page.evaluate(() => document.querySelectorAll('input').length)).toBe(0);
  const inputs = await shadowInputs(page);
  expect(inputs).toContainEqual(expect.objectContaining({ type: 'tel', autocomplete: 'tel' }));
  expect(inputs).toContainEqual(expect.objectContaining({ type: 'email', autocomplete: 'email' }));
});
