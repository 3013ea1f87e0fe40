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
import { axeViolations, sidewaysOverflow, signInThroughWidget } from './support/site-page.js';
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

test('the rejection screen', async ({ page }) => {
  await page.goto(site.url);
  await signInThroughWidget(page, site, '+14155550911');
  await expect(page.getByRole('heading', { name: 'Who are you??' })).toBeVisible();
  await checkScreen(page, 'rejection');
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
