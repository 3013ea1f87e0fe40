import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, openGroup, startDemo } from './demo-support.js';
import { injectAxe } from './support/inject-axe.js';

let demo: DemoServer;

test.beforeAll(async () => {
  demo = await startDemo();
});

test.afterAll(async () => {
  await demo?.stop();
});

const widget = (page: Page) => page.locator('velvet-login');
const tab = (page: Page, name: string) => widget(page).getByRole('tab', { name });
const header = (page: Page) => widget(page).getByRole('heading', { name: 'Sign up or log in' });
const sendButton = (page: Page) =>
  widget(page).getByRole('button', { name: 'Continue with text message' });

/** Whether the widget's form is in a shadow root (true) or in the page (false). */
const rendersInShadowRoot = (page: Page) =>
  widget(page).evaluate((element) => ({
    shadow: Boolean(element.shadowRoot?.querySelector('form')),
    light: Boolean(element.querySelector('form')),
  }));

/** The configuration the address bar holds. */
function configInUrl(page: Page): Record<string, unknown> {
  const text = new URL(page.url()).searchParams.get('config');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function runAxe(page: Page) {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    }));
  });
}

async function openEveryGroup(page: Page): Promise<void> {
  for (const name of [
    'Project',
    'Products',
    'One-time passcodes',
    'Email magic links',
    'OAuth',
    'Passwords',
    'Passkeys',
    'Crypto wallets',
    'Session',
    'Look',
    'Rendering',
  ]) {
    await openGroup(page, name);
  }
}

test('the passcode methods switch the widget’s tabs on and off, in the chosen order', async ({
  page,
}) => {
  await page.goto(demo.demoUrl);
  await expect(tab(page, 'Text')).toBeVisible();
  await expect(tab(page, 'WhatsApp')).toBeVisible();
  await expect(tab(page, 'Email')).toBeVisible();

  await page.getByRole('checkbox', { name: 'WhatsApp' }).uncheck();
  await expect(tab(page, 'WhatsApp')).toHaveCount(0);
  await expect(tab(page, 'Email')).toBeVisible();

  // Email first: its tab leads and is selected.
  await page.getByRole('button', { name: 'Move Email up' }).click();
  await page.getByRole('button', { name: 'Move Email up' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Email moved to position 1 of 3.' }),
  ).toHaveCount(1);
  await expect(widget(page).getByRole('tab')).toHaveText(['Email', 'Text']);
  await expect(tab(page, 'Email')).toHaveAttribute('aria-selected', 'true');
  await expect(widget(page).getByRole('button', { name: 'Continue with email' })).toBeVisible();

  // One method left: no tabs, just its form.
  await page.getByRole('checkbox', { name: 'Email', exact: true }).uncheck();
  await expect(widget(page).getByRole('tab')).toHaveCount(0);
  await expect(sendButton(page)).toBeVisible();

  await page.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await expect(widget(page).getByRole('tab')).toHaveText(['Text', 'WhatsApp']);
  expect(configInUrl(page).otpOptions).toEqual({
    methods: ['sms', 'whatsapp'],
    expirationMinutes: 10,
  });
});

test('every product is built (none marked coming); their order and errors show', async ({
  page,
}) => {
  await page.goto(demo.demoUrl);
  const products = page.getByRole('group', {
    name: 'Products, in the order the widget shows them',
  });
  for (const name of [
    'OAuth (social login)',
    'One-time passcodes',
    'Email magic links',
    'Passwords',
    'Passkeys',
    'Crypto wallets',
  ]) {
    await expect(products.getByRole('listitem').filter({ hasText: name })).not.toContainText(
      'coming',
    );
  }

  // Crypto wallets are selectable: with no wallet in this browser, the widget offers to set one up.
  await products.getByRole('checkbox', { name: /Crypto wallets/ }).check();
  await expect(
    widget(page).getByRole('button', { name: 'Set up a new crypto wallet' }),
  ).toBeVisible();
  await products.getByRole('checkbox', { name: /Crypto wallets/ }).uncheck();
  await expect(
    widget(page).getByRole('button', { name: 'Set up a new crypto wallet' }),
  ).toHaveCount(0);

  await products.getByRole('checkbox', { name: /Passkeys/ }).check();
  await products.getByRole('button', { name: 'Move Passkeys up' }).click();
  await products.getByRole('button', { name: 'Move Passkeys up' }).click();
  await products.getByRole('button', { name: 'Move Passkeys up' }).click();
  await products.getByRole('button', { name: 'Move Passkeys up' }).click();
  await products.getByRole('button', { name: 'Move Passkeys up' }).click();
  expect(configInUrl(page).products).toEqual(['passkeys', 'otp']);
  // Passkeys are built: offered in the phone field's autofill, and the registration panel says
  // how to make one once signed in.
  await expect(widget(page).getByRole('textbox', { name: 'Phone number' })).toHaveAttribute(
    'autocomplete',
    'tel webauthn',
  );
  await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText(
    'Sign in with the widget to create a passkey here',
  );
  await expect(sendButton(page)).toBeVisible();
  // OAuth is built: a ticked provider gets its 'Continue with X' button above the form.
  await openGroup(page, 'OAuth');
  await page.getByRole('checkbox', { name: 'google' }).check();
  await products.getByRole('checkbox', { name: /OAuth/ }).check();
  await expect(widget(page).getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByText('Coming, left out', { exact: false })).toHaveCount(0);
  await products.getByRole('checkbox', { name: /OAuth/ }).uncheck();
  await expect(widget(page).getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);

  // Passkeys alone is the spec's configuration error, which replaces the form.
  await products.getByRole('checkbox', { name: 'One-time passcodes' }).uncheck();
  await expect(
    widget(page).getByText(
      'Error: Cannot use Passkeys by itself, please add another product to the config.',
    ),
  ).toBeVisible();
  await expect(sendButton(page)).toHaveCount(0);
  await products.getByRole('checkbox', { name: 'One-time passcodes' }).check();
  await expect(sendButton(page)).toBeVisible();

  // Email magic links beside email passcodes is the other one.
  await products.getByRole('checkbox', { name: /Email magic links/ }).check();
  await expect(widget(page).getByText('Error: Cannot use both EML and Email OTP')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Email', exact: true }).uncheck();
  await expect(widget(page).getByText('Error: Cannot use both EML and Email OTP')).toHaveCount(0);
  await expect(sendButton(page)).toBeVisible();
});

test('the theme applies, the header hides and shadow DOM toggles', async ({ page }) => {
  await page.goto(demo.demoUrl);
  await expect(header(page)).toBeVisible();
  // The header shows first; the form follows once its chunk and the project's settings are in.
  await expect.poll(() => rendersInShadowRoot(page)).toEqual({ shadow: false, light: true });

  await page
    .getByRole('textbox', { name: 'Primary button: background', exact: true })
    .fill('#7a1f5c');
  await expect(sendButton(page)).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  await page.getByRole('textbox', { name: 'Container corner radius' }).fill('20px');
  await expect(widget(page).locator('[part="container"]')).toHaveCSS('border-radius', '20px');
  await page.getByRole('textbox', { name: 'Font family', exact: true }).fill('Georgia, serif');
  await expect(sendButton(page)).toHaveCSS('font-family', 'Georgia, serif');

  await page.getByRole('checkbox', { name: 'Hide the header text' }).check();
  await expect(header(page)).toHaveCount(0);
  await expect(sendButton(page)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Render in a shadow root (enableShadowDOM)' }).check();
  await expect.poll(() => rendersInShadowRoot(page)).toEqual({ shadow: true, light: false });
  // The theme and the settings hold across the switch.
  await expect(sendButton(page)).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  await expect(header(page)).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Render in a shadow root (enableShadowDOM)' }).uncheck();
  await expect.poll(() => rendersInShadowRoot(page)).toEqual({ shadow: false, light: true });
  await page.getByRole('checkbox', { name: 'Hide the header text' }).uncheck();
  await expect(header(page)).toBeVisible();
});

test('unticking every product shows the default product', async ({ page }) => {
  await page.goto(demo.demoUrl);
  const notes = page.getByRole('list', { name: 'What the widget says of this configuration' });
  await expect(sendButton(page)).toBeVisible();
  await page.getByRole('checkbox', { name: 'One-time passcodes' }).uncheck();
  expect(configInUrl(page).products).toEqual([]);
  await expect(notes).toContainText(
    'No product is on, so the widget shows its default product, email magic links.',
  );
  // The card shows the default product's form.
  await expect(widget(page).getByRole('button', { name: 'Continue with email' })).toBeVisible();
  await expect(sendButton(page)).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'One-time passcodes' }).check();
  await expect(sendButton(page)).toBeVisible();
  await expect(page.getByText('no sign-in method to show', { exact: false })).toHaveCount(0);
  await expect(widget(page).getByText('No sign-in method is available.')).toHaveCount(0);
});

test('a theme value the widget cannot use is flagged at its control and logged by the widget', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.goto(demo.demoUrl);
  const notes = page.getByRole('list', { name: 'What the widget says of this configuration' });
  const primary = page.getByRole('textbox', { name: 'Primary button: background', exact: true });
  await primary.fill('blurple');
  await expect(primary).toHaveAttribute('aria-invalid', 'true');
  await expect(primary).toHaveAccessibleDescription(
    'Not a CSS colour: the widget leaves it out and uses its default.',
  );
  await expect(notes).toContainText(
    'buttons.primary.backgroundColor must be a CSS colour; got "blurple".',
  );
  // The widget keeps its default rather than a transparent button, and says why on the console.
  await expect(sendButton(page)).toHaveCSS('background-color', 'rgb(25, 48, 61)');
  await expect
    .poll(() => logged)
    .toContain(
      '<velvet-login>: buttons.primary.backgroundColor must be a CSS colour; got "blurple".',
    );

  const width = page.getByRole('textbox', { name: 'Container width' });
  await width.fill('wide');
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await expect(width).toHaveAccessibleDescription(
    'Not a CSS length: the widget leaves it out and uses its default.',
  );
  expect(await runAxe(page)).toEqual([]);

  await primary.fill('#7a1f5c');
  await width.fill('360px');
  await expect(primary).not.toHaveAttribute('aria-invalid', 'true');
  await expect(width).not.toHaveAttribute('aria-invalid', 'true');
  await expect(sendButton(page)).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  await expect(notes).toHaveCount(0);
});

test('a shared link restores the settings', async ({ page, context }) => {
  await page.goto(demo.demoUrl);
  await page.getByRole('checkbox', { name: 'WhatsApp' }).uncheck();
  await page.getByRole('spinbutton', { name: 'Passcode expiry (minutes)' }).fill('5');
  await page
    .getByRole('textbox', { name: 'Primary button: background', exact: true })
    .fill('#0b6e4f');
  await page.getByRole('checkbox', { name: 'Hide the header text' }).check();
  await page.getByRole('checkbox', { name: 'Render in a shadow root (enableShadowDOM)' }).check();
  await page.getByRole('combobox', { name: 'Locale' }).selectOption('fr');
  await openGroup(page, 'OAuth');
  await page.getByRole('checkbox', { name: 'github' }).check();
  await page.getByRole('textbox', { name: 'github custom scopes' }).fill('read:user repo');
  await page.getByRole('checkbox', { name: 'OAuth (social login)' }).check();
  const link = page.url();
  await expect(page.getByRole('region', { name: 'Embed it' }).locator('#embed-link')).toHaveText(
    link,
  );
  expect(configInUrl(page)).toEqual({
    products: ['otp', 'oauth'],
    otpOptions: { methods: ['sms', 'email'], expirationMinutes: 5 },
    oauthOptions: { providers: [{ type: 'github', custom_scopes: ['read:user', 'repo'] }] },
    sessionOptions: { sessionDurationMinutes: 60 },
    locale: 'fr',
    buttons: { primary: { backgroundColor: '#0b6e4f' } },
    hideHeaderText: true,
    enableShadowDOM: true,
  });

  const shared = await context.newPage();
  await shared.goto(link);
  await expect(shared.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
  await expect(shared.getByRole('checkbox', { name: 'Email', exact: true })).toBeChecked();
  await expect(shared.getByRole('spinbutton', { name: 'Passcode expiry (minutes)' })).toHaveValue(
    '5',
  );
  await expect(
    shared.getByRole('textbox', { name: 'Primary button: background', exact: true }),
  ).toHaveValue('#0b6e4f');
  await expect(shared.getByRole('checkbox', { name: 'Hide the header text' })).toBeChecked();
  await expect(shared.getByRole('combobox', { name: 'Locale' })).toHaveValue('fr');
  await expect(shared.getByRole('checkbox', { name: 'OAuth (social login)' })).toBeChecked();
  await openGroup(shared, 'OAuth');
  await expect(shared.getByRole('checkbox', { name: 'github' })).toBeChecked();
  await expect(shared.getByRole('textbox', { name: 'github custom scopes' })).toHaveValue(
    'read:user repo',
  );
  // The widget follows: shadow root, no header, the colour, text and email only, in French.
  await expect.poll(() => rendersInShadowRoot(shared)).toEqual({ shadow: true, light: false });
  await expect(widget(shared).getByRole('heading')).toHaveCount(0);
  await expect(widget(shared).getByRole('tab')).toHaveText(['SMS', 'E-mail']);
  await expect(widget(shared).getByRole('button', { name: 'Continuer par SMS' })).toHaveCSS(
    'background-color',
    'rgb(11, 110, 79)',
  );
  await expect(widget(shared)).toHaveAttribute('lang', 'fr');
  // Country names follow the locale; the select offers the project's countries only.
  await expect(
    widget(shared).getByRole('combobox', { name: 'Indicatif du pays' }).locator('option'),
  ).toHaveText(['+1 États-Unis', '+1 Canada']);
  expect(configInUrl(shared)).toEqual(configInUrl(page));
});

test('the Locale setting offers only the languages the widget speaks, and each translates it', async ({
  page,
}) => {
  await page.goto(demo.demoUrl);
  await openGroup(page, 'Rendering');
  const locale = page.getByRole('combobox', { name: 'Locale' });
  await expect(locale.locator('option')).toHaveText([
    'English (en)',
    'Spanish (es)',
    'French (fr)',
  ]);
  await expect(locale).toHaveAccessibleDescription(
    'The widget’s texts are in English, Spanish, or French (a page may change any of them with the strings property); the country names of the phone form follow the locale.',
  );
  const submit = widget(page).locator('form button[type="submit"]').filter({ visible: true });
  const offered = await locale
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await expect(submit).toHaveText('Continue with text message');
  const submitTexts = new Map<string, string>();
  const submitText = async () => (await submit.textContent())?.trim() ?? '';
  for (const value of offered) {
    await locale.selectOption(value);
    // The widget's submit button changes to a text no language before it had.
    const before = [...submitTexts.values()];
    await expect
      .poll(async () => {
        const text = await submitText();
        return text !== '' && !before.includes(text);
      })
      .toBe(true);
    submitTexts.set(value, await submitText());
  }
  // A language offered without a catalogue would leave the English text: every one differs.
  expect(new Set(submitTexts.values()).size).toBe(offered.length);
  expect(Object.fromEntries(submitTexts)).toEqual({
    en: 'Continue with text message',
    es: 'Continuar con mensaje de texto',
    fr: 'Continuer par SMS',
  });

  // A shared link may name another locale: the select shows it, marked, and the widget says so.
  await page.goto(`${demo.demoUrl}?config=${encodeURIComponent('{"locale":"de"}')}`);
  await openGroup(page, 'Rendering');
  await expect(locale.locator('option:checked')).toHaveText('German (de): no translation');
  await expect(
    page.getByRole('list', { name: 'What the widget says of this configuration' }),
  ).toContainText('Locale "de" has no text catalogue yet; the available locales are: en, es, fr.');
  // In English (the link names no product, so the default one: email magic links).
  await expect(submit).toHaveText('Continue with email');
});

test('a link whose configuration is not JSON falls back to the defaults and says so', async ({
  page,
}) => {
  await page.goto(`${demo.demoUrl}?config=%7Bnot-json`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'The link’s configuration could not be read' }),
  ).toBeVisible();
  await expect(widget(page).getByRole('tab')).toHaveText(['Text', 'WhatsApp', 'Email']);
});

test('axe finds nothing on the demo page, every group open, wide and narrow', async ({ page }) => {
  await page.goto(demo.demoUrl);
  await expect(sendButton(page)).toBeVisible();
  await openEveryGroup(page);
  await page.getByRole('checkbox', { name: 'google' }).check();
  await page.getByRole('checkbox', { name: 'OAuth (social login)' }).check();
  await expect(page.getByRole('checkbox', { name: 'Google One Tap prompt' })).toBeVisible();
  expect(await runAxe(page)).toEqual([]);

  await page.getByRole('checkbox', { name: 'Render in a shadow root (enableShadowDOM)' }).check();
  await expect.poll(() => rendersInShadowRoot(page)).toEqual({ shadow: true, light: false });
  expect(await runAxe(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  expect(await runAxe(page)).toEqual([]);
  // Nothing runs off the side of a phone screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('every control is reachable and usable with the keyboard', async ({ page }) => {
  await page.goto(demo.demoUrl);
  const whatsapp = page.getByRole('checkbox', { name: 'WhatsApp' });
  await whatsapp.focus();
  await page.keyboard.press('Space');
  await expect(tab(page, 'WhatsApp')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Move WhatsApp up' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The moved item keeps the focus, so the next press moves it again.
  await expect(page.getByRole('button', { name: 'Move WhatsApp up' })).toBeFocused();
  await expect(
    page
      .getByRole('group', { name: 'Methods, in the order of the tabs' })
      .getByRole('listitem')
      .first(),
  ).toContainText('WhatsApp');

  // A closed group opens from the keyboard.
  const summary = page.locator('summary', { hasText: 'Session' });
  await summary.focus();
  await page.keyboard.press('Enter');
  const length = page.getByRole('spinbutton', { name: 'Session length (minutes)' });
  await expect(length).toBeVisible();
  await length.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('30');
  expect(configInUrl(page).sessionOptions).toEqual({ sessionDurationMinutes: 30 });
});

test('a token pasted while the page re-renders is kept until Enter applies it', async ({
  page,
}) => {
  await page.goto(demo.demoUrl);
  await expect(tab(page, 'Text')).toBeVisible();
  const token = page.getByRole('textbox', { name: 'Public token' });
  const pasted = 'public-token-test-pasted-while-rendering';
  await token.fill(pasted);
  // The page re-renders on every widget event (bootstrap arriving, a screen shown): the field
  // keeps focus, and what was pasted must survive it.
  await widget(page).evaluate((element) => {
    const callbacks = (element as unknown as { callbacks: { onEvent(detail: unknown): void } })
      .callbacks;
    callbacks.onEvent({ type: 'render_login_screen', data: {} });
  });
  await expect(page.getByRole('log').getByText('render_login_screen').last()).toBeVisible();
  await expect(token).toHaveValue(pasted);
  await token.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('token')).toBe(pasted);
});
