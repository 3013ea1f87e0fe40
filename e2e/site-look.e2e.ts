/**
 * How the site's screens look and read: the gate (before and with the widget open), the
 * rejection screen and the invitation, each at 320, 375 and 1280px wide, with no sideways
 * scrolling and no axe violations. Screenshots at 375 and 1280px go to `VELVET_SHOTS_DIR`
 * (default `/tmp/velvet-shots`) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { invitation } from '../site/content/invitation.js';
import { en as publicTexts } from '../site/i18n/en.js';
import { signInTheme, siteTheme } from '../site/theme/site-theme.js';
import {
  axeViolations,
  GUEST_CHECKS,
  setTextSize,
  sidewaysOverflow,
  signInThroughWidget,
  unreachable,
} from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

const SHOTS_DIR = process.env.VELVET_SHOTS_DIR ?? '/tmp/velvet-shots';
const WIDTHS = [320, 375, 1280] as const;
const SHOT_WIDTHS: readonly number[] = [375, 1280];

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
  mkdirSync(SHOTS_DIR, { recursive: true });
});

test.afterAll(async () => {
  await site?.stop();
});

/** At each width: no sideways scroll, no axe violation, and a screenshot where wanted. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 740 : 900 });
    expect(await sidewaysOverflow(page), `${name} scrolls sideways at ${width}px`).toEqual([]);
    expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
    if (SHOT_WIDTHS.includes(width)) {
      // From the top, so the fixed navigation sits at the top of the full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS_DIR, `site-${name}-${width}.png`), fullPage: true });
    }
  }
}

test('the gate', async ({ page }) => {
  await page.goto(site.url);
  await expect(page.getByRole('heading', { name: 'Do we know you?' })).toBeVisible();
  await checkScreen(page, 'gate');
  await page.getByRole('button', { name: "Let's check!" }).click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  await checkScreen(page, 'gate-widget');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('4155550910');
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await checkScreen(page, 'gate-passcode');
});

/** `#rrggbb` as the `rgb(r, g, b)` that `getComputedStyle` reports. */
function rgb(hex: string | undefined): string {
  const [r, g, b] = (hex?.match(/[0-9a-f]{2}/gi) ?? []).map((pair) => Number.parseInt(pair, 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test('the sign-in widget wears the site theme, under the gate’s own wording', async ({ page }) => {
  await page.goto(site.url);
  await page.getByRole('button', { name: "Let's check!" }).click();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  const theme = signInTheme();
  const style = (selector: string, property: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

  // The page's colours come from the site theme module…
  expect((await style('html', '--ink')).trim()).toBe(siteTheme.palette.ink);
  // …and so do the widget's: its card, its main button, its input, its font.
  expect(await style('velvet-login [part~="container"]', 'background-color')).toBe(
    rgb(theme.container?.backgroundColor),
  );
  expect(await style('velvet-login [part~="button-primary"]', 'background-color')).toBe(
    rgb(theme.buttons?.primary?.backgroundColor),
  );
  expect(await style('velvet-login [part~="button-primary"]', 'color')).toBe(
    rgb(theme.buttons?.primary?.textColor),
  );
  expect(await phone.evaluate((input) => getComputedStyle(input).backgroundColor)).toBe(
    rgb(theme.inputs?.backgroundColor),
  );
  expect(await style('velvet-login [part~="container"]', 'font-family')).toBe(
    await style('body', 'font-family'),
  );
  expect(await style('velvet-login [part~="container"]', 'font-family')).not.toMatch(/^Arial/);

  // The widget's own header gives way to the gate's wording.
  await expect(page.getByText('Sign up or log in')).toHaveCount(0);
  await expect(page.getByText(publicTexts.gate.widgetIntro)).toBeVisible();
  await expect(
    page.getByRole('region', { name: publicTexts.gate.widgetLabel }),
  ).toHaveAccessibleDescription(publicTexts.gate.widgetIntro);
});

test('the rejection screen', async ({ page }) => {
  await page.goto(site.url);
  await signInThroughWidget(page, site, '+14155550911');
  await expect(page.getByRole('heading', { name: 'Who are you??' })).toBeVisible();
  await checkScreen(page, 'rejection');
});

test('the status screens: a level-one heading, advice and "Retry"', async ({ page }) => {
  site.guests('add', '+14155550914', 'Status Test');
  await page.goto(site.url);
  await signInThroughWidget(page, site, '+14155550914');
  await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible();
  await page.route(GUEST_CHECKS, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: publicTexts.checkError })).toBeVisible();
  await expect(page.getByRole('button', { name: publicTexts.retry })).toBeVisible();
  await checkScreen(page, 'check-failed');
});

test('the invitation', async ({ page }) => {
  site.guests('add', '+14155550912', 'Look Test');
  await page.goto(site.url);
  await signInThroughWidget(page, site, '+14155550912');
  await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible();
  // All photos in, for the screenshots.
  for (const photo of await page.getByRole('img').all()) {
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'invitation');
  // With answers open and another day selected.
  await page.getByRole('tab', { name: 'Saturday' }).click();
  for (const item of invitation.faq.items.slice(0, 3)) {
    await page.getByRole('button', { name: item.question }).click();
  }
  await checkScreen(page, 'invitation-open');
});

test('the navigation reflows at 320px and at 200% text: every link and "Sign out" in reach', async ({
  page,
}) => {
  site.guests('add', '+14155550913', 'Reflow Test');
  await page.goto(site.url);
  await signInThroughWidget(page, site, '+14155550913');
  await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const controls = '.nav-title, .nav-links a, .nav-sign-out';
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();

  for (const { width, text } of [
    { width: 320, text: 100 },
    { width: 320, text: 200 },
    { width: 375, text: 200 },
    { width: 1280, text: 200 },
  ]) {
    const at = `at ${width}px and ${text}% text`;
    await page.setViewportSize({ width, height: width < 800 ? 740 : 900 });
    await setTextSize(page, text);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => unreachable(page, controls), at).toEqual([]);
    expect(await sidewaysOverflow(page), at).toEqual([]);
    for (const label of ['Home', 'Schedule', 'FAQ']) {
      await expect(nav.getByRole('link', { name: label, exact: true }), at).toBeInViewport({
        ratio: 1,
      });
    }
    // A section reached by its link starts below the bar, not beneath it.
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    const faqHeading = page.getByRole('heading', { level: 2, name: invitation.faq.heading });
    await expect(faqHeading).toBeInViewport();
    const barBottom = async () => {
      const bar = await page.locator('.nav').boundingBox();
      return bar ? bar.y + bar.height : 0;
    };
    await expect
      .poll(async () => ((await faqHeading.boundingBox())?.y ?? -1) >= (await barBottom()), at)
      .toBe(true);
    // However large the text, the bar never covers more than a quarter of the screen.
    const viewport = page.viewportSize()?.height ?? 0;
    expect(Math.max(0, await barBottom()), at).toBeLessThanOrEqual(viewport / 4);
    expect(await axeViolations(page), at).toEqual([]);
    if (width === 320 && text === 200) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS_DIR, 'site-invitation-320-text-200.png') });
    }
  }
});
