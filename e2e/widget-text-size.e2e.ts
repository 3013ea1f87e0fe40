/**
 * A guest who doubles the browser's text size (200 %, the default font size set to 32 px as an
 * accessibility setting does) gets the whole widget at twice the size: the main SMS screen, the
 * passcode screen and the passwords screen, each part's font size and box height doubled, the
 * title still larger than the body text, nothing sticking out of the box on a 360 px wide phone,
 * and axe finding nothing. Chromium's font settings are set through the DevTools protocol
 * (`Page.setFontSizes`), as the browser's own settings page does.
 */
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { axeViolations } from './support/inject-axe.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';
import { widgetPage } from './support/widget-page.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-text-size';
const PHONE = '+14155550742';
/** Chromium's defaults, and 200 % of them. */
const DEFAULT_FONTS = { standard: 16, fixed: 13 };
const DOUBLE_FONTS = { standard: 32, fixed: 26 };
/** How far a doubled size may be from exactly twice the default (rounding, borders). */
const SLACK_PX = 2;

/**
 * A part of a screen: what to measure, whether its box (not only its text) must double, and
 * whether it holds no text (an icon, an icon button: only its box counts).
 */
interface Part {
  name: string;
  selector: string;
  box?: 'width' | 'height' | 'width and height';
  textless?: true;
}

interface Measure {
  fontSize: number;
  /** The padding before the text (0 stays 0). */
  paddingLeft: number;
  width: number;
  height: number;
}

let velvet: VelvetServer;
let site: StaticSite;
let html = '';

test.beforeAll(async () => {
  buildWidget();
  site = await serveStaticPage(() => html);
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Text size party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin],
          products: ['otp', 'passwords', 'passkeys'],
          otp: { methods: ['sms', 'email'] },
          passwords: { resetRedirectUrls: [`${site.origin}/`] },
        },
      ],
    },
  });
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
});

function embed(config: unknown): void {
  html = widgetPage({ velvetUrl: velvet.url, publicToken: PUBLIC_TOKEN, config });
}

/** Each part's computed font size and box, in the widget (shadow root or its own children). */
async function measure(page: Page, parts: readonly Part[]): Promise<Record<string, Measure>> {
  return page.evaluate((list) => {
    const el = document.querySelector('velvet-login');
    const root = el?.shadowRoot ?? el;
    const out: Record<string, Measure> = {};
    for (const part of list) {
      const node = root?.querySelector(part.selector);
      if (!node) throw new Error(`no ${part.name} (${part.selector})`);
      const rect = node.getBoundingClientRect();
      const style = getComputedStyle(node);
      out[part.name] = {
        fontSize: Number.parseFloat(style.fontSize),
        paddingLeft: Number.parseFloat(style.paddingLeft),
        width: rect.width,
        height: rect.height,
      };
    }
    return out;
  }, parts);
}

/** The parts (tags and classes) that reach outside the container, left or right. */
async function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const el = document.querySelector('velvet-login');
    const container = (el?.shadowRoot ?? el)?.querySelector('.velvet-container');
    if (!container) return ['no container'];
    const box = container.getBoundingClientRect();
    const out: string[] = [];
    if (container.scrollWidth > container.clientWidth) {
      out.push(`the container scrolls: ${container.scrollWidth} > ${container.clientWidth}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) {
      out.push(`the page scrolls: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    }
    for (const node of container.querySelectorAll('*')) {
      const rect = node.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) {
        out.push(`${node.localName}.${[...node.classList].join('.')}: ${rect.left}–${rect.right}`);
      }
    }
    return out;
  });
}

async function setFonts(cdp: CDPSession, fontSizes: typeof DEFAULT_FONTS): Promise<void> {
  await cdp.send('Page.setFontSizes', { fontSizes });
}

/**
 * Measures the screen on show at the default text size, then at 200 %: every part's font size
 * and padding doubled, the boxes that hold text doubled, the title larger than all other text; then on a
 * 360 px wide phone at 200 %, nothing outside the box and no axe violation. Back to the
 * default size and a wide window afterwards.
 */
async function checkDoubles(page: Page, cdp: CDPSession, screen: string, parts: Part[]) {
  // The box is 400 px wide at the default size (at most the page's width).
  const all: Part[] = [
    { name: 'container', selector: '.velvet-container', box: 'width' },
    ...parts,
  ];
  await page.setViewportSize({ width: 1280, height: 900 });
  await setFonts(cdp, DEFAULT_FONTS);
  const before = await measure(page, all);
  expect(before.container?.fontSize, `${screen}: the default text size is 16 px`).toBe(16);
  await setFonts(cdp, DOUBLE_FONTS);
  // The page restyles once the new sizes apply.
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
    .toBe('32px');
  const after = await measure(page, all);
  const off: string[] = [];
  for (const part of all) {
    const a = before[part.name] as Measure;
    const b = after[part.name] as Measure;
    const check = (what: keyof Measure) => {
      if (Math.abs(b[what] - 2 * a[what]) > SLACK_PX) {
        off.push(`${part.name} ${what}: ${a[what]} px → ${b[what]} px, not ${2 * a[what]}`);
      }
    };
    if (!part.textless) check('fontSize');
    check('paddingLeft');
    if (part.box?.includes('height')) check('height');
    if (part.box?.includes('width')) check('width');
  }
  expect(off, `${screen}: parts not doubled at 200 % text`).toEqual([]);
  const title = after.title?.fontSize ?? 0;
  for (const part of all) {
    if (part.name === 'title' || part.textless) continue;
    expect(title, `${screen}: the title is larger than the ${part.name}`).toBeGreaterThan(
      after[part.name]?.fontSize ?? Number.POSITIVE_INFINITY,
    );
  }

  await page.setViewportSize({ width: 360, height: 740 });
  expect((await measure(page, all)).container?.fontSize, `${screen}: still 200 % on a phone`).toBe(
    32,
  );
  await expect.poll(() => sticksOut(page), { message: `${screen} at 360 px, 200 %` }).toEqual([]);
  expect(
    (await axeViolations(page, 'velvet-login')).map((violation) => violation.id),
    `${screen}: axe at 200 %`,
  ).toEqual([]);

  await setFonts(cdp, DEFAULT_FONTS);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const TITLE: Part = { name: 'title', selector: '.velvet-title' };
const BUTTON: Part = { name: 'button', selector: '.velvet-button--primary', box: 'height' };

test('at 200 % text the SMS screens, the passwords screen and the passkey button are twice the size', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const widget = page.locator('velvet-login');

  embed({ products: ['otp'], otpOptions: { methods: ['sms', 'email'], expirationMinutes: 10 } });
  await page.goto(site.origin);
  const phone = widget.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  // The method tabs come with their own chunk, a moment after the form.
  await expect(widget.getByRole('tab', { name: 'Text' })).toBeVisible();
  await checkDoubles(page, cdp, 'the main screen', [
    TITLE,
    { name: 'phone input', selector: '.velvet-phone-input__input', box: 'height' },
    { name: 'country selector', selector: '.velvet-phone-input__country', box: 'width and height' },
    BUTTON,
    { name: 'tab', selector: '.velvet-tabs__tab', box: 'height' },
  ]);

  await phone.fill('4155550742');
  await widget.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(widget.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await expect.poll(() => velvet.outbox(PHONE).then((messages) => messages.length)).toBe(1);
  await checkDoubles(page, cdp, 'the passcode screen', [
    TITLE,
    { name: 'text', selector: '.velvet-text' },
    { name: 'passcode box', selector: '.velvet-otp-input__box', box: 'width and height' },
    {
      name: 'back button',
      selector: '.velvet-back-button',
      box: 'width and height',
      textless: true,
    },
    {
      name: 'back icon',
      selector: '.velvet-back-button__icon',
      box: 'width and height',
      textless: true,
    },
    { name: 'countdown', selector: '.velvet-otp-authenticate__countdown' },
    { name: 'resend link', selector: '.velvet-link' },
  ]);

  embed({ products: ['passwords'] });
  await page.goto(site.origin);
  const email = widget.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeVisible();
  await checkDoubles(page, cdp, 'the email screen', [
    TITLE,
    { name: 'email input', selector: '.velvet-email-input__input', box: 'height' },
    BUTTON,
  ]);
  await email.fill('grace-text-size@party.example');
  await widget.getByRole('button', { name: 'Continue with email' }).click();
  await expect(widget.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await widget.getByLabel('Password', { exact: true }).fill('violet-Harbor-7-quietly-juggles');
  await expect(widget.locator('.velvet-strength__text')).toBeVisible();
  await checkDoubles(page, cdp, 'the new password screen', [
    TITLE,
    { name: 'text', selector: '.velvet-text' },
    { name: 'label', selector: '.velvet-password-field__label' },
    { name: 'password input', selector: '.velvet-password-field__input', box: 'height' },
    { name: 'strength text', selector: '.velvet-strength__text' },
    {
      name: 'back button',
      selector: '.velvet-back-button',
      box: 'width and height',
      textless: true,
    },
    BUTTON,
  ]);

  // An icon beside its text: the passkey button's, shown where a browser has no passkey autofill.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  embed({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } });
  await page.goto(site.origin);
  await expect(widget.getByRole('button', { name: 'Login with a Passkey' })).toBeVisible();
  await checkDoubles(page, cdp, 'the passkey screen', [
    TITLE,
    { name: 'passkey button', selector: '.velvet-passkey-login .velvet-button', box: 'height' },
    {
      name: 'passkey icon',
      selector: '.velvet-passkey-login__icon',
      box: 'width and height',
      textless: true,
    },
  ]);
  expect(errors).toEqual([]);
});
