/**
 * The invitation greets the signed-in guest by the first name on the hosts' list, in Chromium
 * against the built site and the real server: "Welcome, Ada!" under the names for a guest listed
 * as "Ada Lovelace", a greeting without a name for a guest listed without one, axe finding
 * nothing on either, and the name gone from everything a page script can read once the guest
 * signs out. (That no public file holds the invitation is `site-privacy.e2e.ts`'s crawl; the
 * name is in no file at all: it comes with the guest's own user.)
 */
import { expect, test } from '@playwright/test';
import { en } from '../site/i18n/en.js';
import {
  axeViolations,
  openInvitation,
  scriptReadable,
  sidewaysOverflow,
} from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

test('a guest on the list is welcomed by first name, and the name leaves with the session', async ({
  page,
}) => {
  await openInvitation(page, site, '+14155550831', 'Ada Lovelace');
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
  await openInvitation(page, site, '+14155550832');
  const hero = page.locator('#hero');
  await expect(hero.getByText(en.invitation.greeting.unnamed, { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(hero).not.toContainText('Welcome,');
  expect(await axeViolations(page)).toEqual([]);
});
