/**
 * A guest stays signed in through the party, in Chromium against the built site and the real
 * server: the sign-in through the widget starts a 30-day session (the site project's
 * `sessions.siteGuestDurationDays`, which the page reads from `index.html`) kept in the
 * HttpOnly cookie for as long; reopening the page shows the invitation without a new code and
 * counts the 30 days from then; "Sign out" ends the session at once. (A day and 30 days later,
 * on a moved clock: `server/site/guest-sessions.test.ts`.)
 */
import { expect, test } from '@playwright/test';
import { invitation } from '../site/content/invitation.js';
import { serverSessionCookie, sessionCookie, signInThroughWidget } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

const DAY_SECONDS = 24 * 60 * 60;

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

/** When the session of `token` ends, as the server says (a check that extends nothing). */
async function expiresAt(token: string): Promise<number> {
  const answer = await site.api('/sessions/authenticate', token);
  expect(answer.status).toBe(200);
  return Date.parse((answer.body as { session: { expires_at: string } }).session.expires_at);
}

test('a guest signs in for 30 days, comes back without a code, and signs out', async ({ page }) => {
  const phone = '+14155550861';
  site.guests('add', phone, 'Grace Hopper');
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  const names = page.getByRole('heading', { level: 1, name: invitation.names });
  await expect(names).toBeVisible({ timeout: 60_000 });
  const code = await site.velvet.lastCode(phone);

  // The session and its cookie last 30 days.
  const token = (await sessionCookie(page)) ?? '';
  expect(token).not.toBe('');
  const firstEnd = await expiresAt(token);
  expect(firstEnd - Date.now()).toBeGreaterThan(29.9 * DAY_SECONDS * 1000);
  expect(firstEnd - Date.now()).toBeLessThanOrEqual(30 * DAY_SECONDS * 1000);
  const cookie = await serverSessionCookie(page);
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(29.9 * DAY_SECONDS);

  // The guest comes back: the invitation, no new code, and the 30 days count from this visit.
  await page.reload();
  await expect(names).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => expiresAt(token), { timeout: 15_000 }).toBeGreaterThan(firstEnd);
  expect(await site.velvet.lastCode(phone)).toBe(code);
  expect(await sessionCookie(page)).toBe(token);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Do we know you?' })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => serverSessionCookie(page), { timeout: 15_000 }).toBeUndefined();
  expect((await site.api('/sessions/authenticate', token)).status).not.toBe(200);
});
