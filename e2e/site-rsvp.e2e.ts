/**
 * The RSVP in Chromium against the built site and the real server: an invited guest answers
 * (yes, two people, a note holding HTML, shown as text), changes the answer, reloads and finds
 * it kept, and the hosts see it in `npm run guests -- list`; with the keyboard alone, a missing
 * yes/no is announced; after the hosts' deadline the answer shows read-only, the deadline said;
 * a user not on the list and another guest get none of it. axe finds nothing on every state.
 * On SQLite and on PostgreSQL.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../server/config/config.js';
import { invitation } from '../site/content/invitation.js';
import { en } from '../site/i18n/en.js';
import { missingPostgres, POSTGRES_URL, postgresAnswers } from './support/postgres-server.js';
import { axeViolations, openInvitation } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

const texts = en.invitation.rsvp;
/** A note a careless page would turn into markup. */
const NOTE = 'Vegan, please! <img src=x onerror="document.title=1"> <b>bold</b>';

for (const database of ['SQLite', 'PostgreSQL'] as const) {
  test.describe(`the RSVP on ${database}`, () => {
    let site: SiteServer;

    test.beforeAll(async () => {
      if (database === 'PostgreSQL' && !(await postgresAnswers())) {
        test.skip(true, missingPostgres(`the RSVP on ${database}`));
      }
      site = await startSite({ postgresUrl: database === 'PostgreSQL' ? POSTGRES_URL : '' });
    });

    test.afterAll(async () => {
      await site?.stop();
    });

    /** The RSVP section. */
    function section(page: Page) {
      return page.getByRole('region', { name: texts.heading, exact: true });
    }

    /** Signs `phone` in through the API; the `Cookie` header with the server's session cookie. */
    async function cookieFor(phone: string): Promise<string> {
      const sent = await site.api('/otps/sms/login_or_create', DEVELOPMENT_PUBLIC_TOKEN, {
        phone_number: phone,
      });
      const session = await site.api('/otps/authenticate', DEVELOPMENT_PUBLIC_TOKEN, {
        token: await site.velvet.lastCode(phone),
        method_id: (sent.body as { method_id: string }).method_id,
        session_duration_minutes: 60,
      });
      return `velvet_site_session=${encodeURIComponent((session.body as { session_token: string }).session_token)}`;
    }

    test('a guest answers, changes the answer, reloads and finds it kept; the hosts see it', async ({
      page,
    }) => {
      await openInvitation(page, site, '+14155550931', 'Ada Lovelace');
      const rsvp = section(page);
      await rsvp.scrollIntoViewIfNeeded();
      await expect(rsvp.getByRole('group', { name: texts.question })).toBeVisible({
        timeout: 15_000,
      });
      expect(await axeViolations(page), 'the empty form').toEqual([]);

      await rsvp.getByRole('radio', { name: texts.yes }).check();
      await rsvp.getByRole('combobox', { name: texts.partySize }).selectOption('2');
      await rsvp.getByRole('textbox', { name: texts.note }).fill(NOTE);
      await rsvp.getByRole('button', { name: texts.submit }).click();
      await expect(rsvp.getByRole('status')).toHaveText(texts.saved, { timeout: 15_000 });
      await expect(rsvp.getByText(texts.comingWith.replace('{count}', '2'))).toBeVisible();
      // The note is text: its markup shows as typed, and nothing ran.
      await expect(rsvp.locator('.rsvp-note')).toHaveText(NOTE);
      expect(await rsvp.locator('.rsvp-note img, .rsvp-note b').count()).toBe(0);
      expect(await page.title()).not.toBe('1');
      expect(await axeViolations(page), 'the answer saved').toEqual([]);

      await rsvp.getByRole('radio', { name: texts.no }).check();
      await expect(rsvp.getByRole('combobox', { name: texts.partySize })).toHaveCount(0);
      await rsvp.getByRole('button', { name: texts.update }).click();
      await expect(rsvp.locator('.rsvp-answer')).toHaveText(texts.notComing, { timeout: 15_000 });

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible({
        timeout: 60_000,
      });
      const kept = section(page);
      await expect(kept.locator('.rsvp-answer')).toHaveText(texts.notComing, { timeout: 15_000 });
      await expect(kept.getByRole('radio', { name: texts.no })).toBeChecked();
      await expect(kept.getByRole('textbox', { name: texts.note })).toHaveValue(NOTE);
      await expect(kept.getByRole('button', { name: texts.update })).toBeVisible();

      const listed = site.guests('list');
      expect(listed).toMatch(/Ada Lovelace +yes +yes, .+ UTC +no +Vegan, please!/);
      expect(listed).toMatch(/RSVP: 0 coming \(0 people\), 1 not coming/);

      // Someone not on the list, and another guest, get none of it.
      const stranger = await fetch(`${site.url}/rsvp`, {
        headers: { cookie: await cookieFor('+14155550932') },
      });
      expect(stranger.status).toBe(401);
      expect(await stranger.text()).not.toContain('Vegan');
      const nobody = await fetch(`${site.url}/rsvp`);
      expect(nobody.status).toBe(401);
      site.guests('add', '+14155550933', 'Grace Hopper');
      const other = await fetch(`${site.url}/rsvp`, {
        headers: { cookie: await cookieFor('+14155550933') },
      });
      expect(other.status).toBe(200);
      expect((await other.json()).answer).toBeNull();
    });

    test('with the keyboard alone, a missing yes or no is announced and the guest answers', async ({
      page,
    }) => {
      await openInvitation(page, site, '+14155550934', 'Alan Turing');
      const rsvp = section(page);
      const submit = rsvp.getByRole('button', { name: texts.submit });
      await expect(submit).toBeVisible({ timeout: 15_000 });
      await submit.focus();
      await page.keyboard.press('Enter');
      await expect(rsvp.getByRole('alert')).toHaveText(texts.chooseOne);
      const yes = rsvp.getByRole('radio', { name: texts.yes });
      await expect(yes).toBeFocused();
      expect(await axeViolations(page), 'the missing answer announced').toEqual([]);

      await page.keyboard.press('Space');
      await expect(yes).toBeChecked();
      await page.keyboard.press('Tab');
      await expect(rsvp.getByRole('combobox', { name: texts.partySize })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(rsvp.getByRole('textbox', { name: texts.note })).toBeFocused();
      await page.keyboard.type('See you there');
      await page.keyboard.press('Tab');
      await expect(submit).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(rsvp.getByRole('status')).toHaveText(texts.saved, { timeout: 15_000 });
      await expect(rsvp.getByRole('alert')).toHaveText('');
      await expect(rsvp.locator('.rsvp-answer')).toHaveText(texts.comingAlone);
    });

    test('after the deadline the answer shows read-only, the deadline said', async ({ page }) => {
      // The server's closed state (tested over HTTP in server/site/rsvp-routes.test.ts), as the page
      // receives it: the section must show it without a form.
      await page.route(`${site.url}/rsvp`, (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            answer: {
              attending: true,
              party_size: 3,
              note: 'Line one\nline two',
              updated_at: '2025-07-10T10:00:00.000Z',
            },
            max_party_size: 4,
            note_max_length: 500,
            deadline: '2025-07-20T06:59:00.000Z',
            open: false,
          }),
        }),
      );
      await openInvitation(page, site, '+14155550935', 'Grace Hopper');
      const rsvp = section(page);
      await expect(
        rsvp.getByText(texts.closed.replace('{date}', 'July 19, 2025 at 11:59 PM')),
      ).toBeVisible({
        timeout: 15_000,
      });
      await expect(rsvp.locator('.rsvp-answer')).toHaveText(
        texts.comingWith.replace('{count}', '3'),
      );
      await expect(rsvp.locator('.rsvp-note')).toHaveText('Line one\nline two');
      await expect(rsvp.getByRole('button')).toHaveCount(0);
      await expect(rsvp.getByRole('radio')).toHaveCount(0);
      expect(await axeViolations(page), 'the answers closed').toEqual([]);
    });
  });
}
