/**
 * The invitation greets the signed-in guest by the first name on the hosts' list, in Chromium
 * against the built site and the real server: "Welcome, Ada!" under the names for a guest listed
 * as "Ada Lovelace", a greeting without a name for a guest listed without one, axe finding
 * nothing on either, and the name gone from everything a page script can read once the guest
 * signs out. (That no public file holds the invitation is `site-privacy.e2e.ts`'s crawl; the
 * name is in no file at all: it comes with the guest's own user.)
 */
import { expect, type Page, test } from '@playwright/test';
import { invitation } from '../site/content/invitation.js';
import { en } from '../site/i18n/en.js';
import {
  axeViolations,
  scriptReadable,
  sidewaysOverflow,
  signInThroughWidget,
} from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

/** Puts `phone` on the list (with `name`, if any) and signs it in; the invitation is showing. */
async function openInvitation(page: Page, phone: string, name?: string): Promise<void> {
  site.guests('add', phone, ...(name ? [name] : []));
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible({
    timeout: 60_000,
  });
}

test('a guest on the list is welcomed by first name, and the name leaves with the session', async ({
  page,
}) => {
  await openInvitation(page, '+14155550831', 'Ada Lovelace');
  const hero = page.locator('#hero');
  await expect(hero.getByText('Welcome, Ada!', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(hero).not.toContainText('Lovelace');
  expect(await axeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toEqual([]);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Do we know you?' })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => scriptReadable(page), { timeout: 15_000 }).not.toContain('Ada');
});

test('a guest listed without a name is welcomed without one', async ({ page }) => {
  await openInvitation(page, '+14155550832');
  const hero = page.locator('#hero');
  await expect(hero.getByText(en.invitation.greeting.unnamed, { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(hero).not.toContainText('Welcome,');
  expect(await axeViolations(page)).toEqual([]);
});
