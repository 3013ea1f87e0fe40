/**
 * Testing a page that embeds the widget: the locators a developer writes first in their own
 * end-to-end tests (`getByPlaceholder`, `getByLabel`, `getByRole('textbox', {name})`) each find
 * exactly one element on the host page, so Playwright's strict mode never trips over the widget,
 * with shadow DOM on and off, on the phone form, the email form and the passcode screen.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { VelvetServer } from '../server/test/velvet-process.js';
import { startWidgetSite, type WidgetSite } from './support/widget-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-widget-locators';
const PHONE = '+14155550761';

/** Each locator must resolve to exactly one element, which a user can see. */
async function expectOne(locators: Record<string, Locator>): Promise<void> {
  for (const [name, locator] of Object.entries(locators)) {
    await expect(locator, name).toHaveCount(1);
    await expect(locator, name).toBeVisible();
  }
}

for (const enableShadowDOM of [false, true]) {
  test.describe(`a host page's locators (shadow DOM ${enableShadowDOM ? 'on' : 'off'})`, () => {
    let widgetSite: WidgetSite;
    let velvet: VelvetServer;

    test.beforeAll(async () => {
      widgetSite = await startWidgetSite({
        name: 'Locator party',
        publicToken: PUBLIC_TOKEN,
        config: {
          products: ['otp'],
          otpOptions: { methods: ['sms', 'email'], expirationMinutes: 10 },
          enableShadowDOM,
        },
      });
      ({ velvet } = widgetSite);
    });

    test.afterAll(async () => {
      await widgetSite?.close();
    });

    async function open(page: Page): Promise<void> {
      await page.goto(widgetSite.site.origin);
      await expect(page.getByRole('button', { name: 'Continue with text message' })).toBeVisible();
    }

    test('the phone form: the number and the country code', async ({ page }) => {
      await open(page);
      await expectOne({
        'getByPlaceholder (123) 456-7890': page.getByPlaceholder('(123) 456-7890'),
        'getByLabel Phone number': page.getByLabel('Phone number'),
        'getByRole textbox Phone number': page.getByRole('textbox', { name: 'Phone number' }),
        'getByLabel Country code': page.getByLabel('Country code'),
        'getByRole combobox Country code': page.getByRole('combobox', { name: 'Country code' }),
        'getByRole button Continue with text message': page.getByRole('button', {
          name: 'Continue with text message',
        }),
      });
      // What the locator finds is the field itself: it takes the number.
      await page.getByPlaceholder('(123) 456-7890').fill('4155550761');
      await expect(page.getByLabel('Phone number')).toHaveValue('4155550761');
    });

    test('the email form', async ({ page }) => {
      await open(page);
      await page.getByRole('tab', { name: 'Email' }).click();
      await expectOne({
        'getByPlaceholder example@email.com': page.getByPlaceholder('example@email.com'),
        // The tab is "Email" too: it must not lend its name to the form's panel.
        'getByLabel Email': page.getByLabel('Email'),
        'getByLabel Email (exact)': page.getByLabel('Email', { exact: true }),
        'getByRole textbox Email': page.getByRole('textbox', { name: 'Email' }),
        'getByRole button Continue with email': page.getByRole('button', {
          name: 'Continue with email',
        }),
      });
      await page.getByLabel('Email').fill('ada@example.com');
      await expect(page.getByPlaceholder('example@email.com')).toHaveValue('ada@example.com');
    });

    test('the passcode screen', async ({ page }) => {
      await open(page);
      await page.getByLabel('Phone number').fill('4155550761');
      await page.getByRole('button', { name: 'Continue with text message' }).click();
      await expectOne({
        'getByRole group One-time passcode': page.getByRole('group', { name: 'One-time passcode' }),
        'getByLabel Digit 1 of 6': page.getByLabel('Digit 1 of 6'),
        'getByRole textbox Digit 1 of 6': page.getByRole('textbox', { name: 'Digit 1 of 6' }),
        'getByRole button Back': page.getByRole('button', { name: 'Back' }),
        'getByRole button Resend code': page.getByRole('button', { name: 'Resend code' }),
      });
      await expect.poll(() => velvet.outbox(PHONE).then((messages) => messages.length)).toBe(1);
      await page.getByLabel('Digit 1 of 6').fill(await velvet.lastCode(PHONE));
      await expect(page.getByText('Success!')).toBeVisible();
    });
  });
}
