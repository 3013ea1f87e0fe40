/**
 * Issue 35's whole party in one run, as a guest lives it, on SQLite and on PostgreSQL: signed in
 * by text, greeted by name, the weekend added to a calendar (the `.ics` read by ical.js), the map
 * link followed, the RSVP answered and changed; a day later (the server's clock moved) the
 * invitation opens without a new code and the answer is kept; the passkey offered and taken;
 * signed out, and back in with the passkey alone (Chromium's virtual authenticator): one text in
 * all. A stranger gets none of the files, answers or names (see `site-privacy.e2e.ts`).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { invitation } from '../site/content/invitation.js';
import { en } from '../site/i18n/en.js';
import { missingPostgres, POSTGRES_URL, postgresAnswers } from './support/postgres-server.js';
import { axeViolations, openInvitation, serverSessionCookie } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const offer = en.invitation.passkeyOffer;
const rsvpTexts = en.invitation.rsvp;

/** The titles of the events an `.ics` text holds, read by ical.js. */
function icsTitles(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar
    .getAllSubcomponents('vevent')
    .map((vevent) => String(new ICAL.Event(vevent).summary));
}

const names = (page: Page) => page.getByRole('heading', { level: 1, name: invitation.names });

for (const database of ['SQLite', 'PostgreSQL'] as const) {
  test.describe(`the party, start to end, on ${database}`, () => {
    let site: SiteServer;
    let clockDir = '';
    let clockFile = '';

    test.beforeAll(async () => {
      if (database === 'PostgreSQL' && !(await postgresAnswers())) {
        test.skip(true, missingPostgres(`the party on ${database}`));
      }
      clockDir = await mkdtemp(join(tmpdir(), 'velvet-clock-'));
      clockFile = join(clockDir, 'offset');
      site = await startSite({
        postgresUrl: database === 'PostgreSQL' ? POSTGRES_URL : '',
        // A server whose clock the test moves (`server/ops/test-clock.ts`): tests only.
        env: { NODE_ENV: 'test', VELVET_TEST_CLOCK_FILE: clockFile },
      });
    });

    test.afterAll(async () => {
      await site?.stop();
      if (clockDir) await rm(clockDir, { recursive: true, force: true });
    });

    test('a guest signs in, plans, answers, comes back a day later and then with a passkey', async ({
      page,
      context,
    }) => {
      const phone = database === 'SQLite' ? '+14155550961' : '+14155550962';
      const authenticator = await addVirtualAuthenticator(page);
      await openInvitation(page, site, phone, 'Ada Lovelace');

      // Greeted by name.
      await expect(
        page.getByText(en.invitation.greeting.named.replace('{name}', 'Ada'), { exact: true }),
      ).toBeVisible();

      // The weekend into a calendar.
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: en.invitation.calendar.wholeParty }).click(),
      ]);
      const titles = icsTitles(await readFile(await file.path(), 'utf8'));
      expect(titles.some((title) => title.startsWith('After Party'))).toBe(true);

      // The map link to the After Party (the map's site answered here).
      await context.route('https://www.openstreetmap.org/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>A map</title><h1>A map</h1>' }),
      );
      await page.getByRole('tab', { name: 'Saturday' }).click();
      const place = page.getByRole('list', { name: 'Find After Party' });
      const [map] = await Promise.all([
        page.waitForEvent('popup'),
        place.getByRole('link', { name: en.invitation.places.map }).click(),
      ]);
      await expect(map.getByRole('heading', { name: 'A map' })).toBeVisible();
      expect(new URL(map.url()).hostname).toBe('www.openstreetmap.org');
      await map.close();

      // The RSVP, answered and changed.
      const rsvp = page.getByRole('region', { name: rsvpTexts.heading, exact: true });
      await rsvp.scrollIntoViewIfNeeded();
      await rsvp.getByRole('radio', { name: rsvpTexts.yes }).check();
      await rsvp.getByRole('combobox', { name: rsvpTexts.partySize }).selectOption('2');
      await rsvp.getByRole('button', { name: rsvpTexts.submit }).click();
      await expect(rsvp.getByRole('status')).toHaveText(rsvpTexts.saved, { timeout: 15_000 });
      await rsvp.getByRole('combobox', { name: rsvpTexts.partySize }).selectOption('3');
      await rsvp.getByRole('button', { name: rsvpTexts.update }).click();
      await expect(rsvp.locator('.rsvp-answer')).toHaveText(
        rsvpTexts.comingWith.replace('{count}', '3'),
        { timeout: 15_000 },
      );

      // A day later, by the server's clock: the invitation opens with no new code, the answer kept.
      await writeFile(clockFile, String(DAY_MS));
      await page.reload();
      await expect(names(page)).toBeVisible({ timeout: 60_000 });
      const kept = page.getByRole('region', { name: rsvpTexts.heading, exact: true });
      await expect(kept.locator('.rsvp-answer')).toHaveText(
        rsvpTexts.comingWith.replace('{count}', '3'),
        { timeout: 15_000 },
      );
      expect(await site.velvet.outbox(phone)).toHaveLength(1);
      // The visit renewed the session from the server's moved time: 30 days from tomorrow.
      const token = decodeURIComponent((await serverSessionCookie(page))?.value ?? '');
      const session = await site.api('/sessions/authenticate', token);
      expect(session.status).toBe(200);
      const { expires_at } = (session.body as { session: { expires_at: string } }).session;
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(30.5 * DAY_MS);

      // The passkey offer, taken.
      const offerRegion = page.getByRole('region', { name: offer.label, exact: true });
      await offerRegion.getByRole('button', { name: offer.strings.createPasskey }).click();
      await expect(
        offerRegion.getByRole('heading', { name: offer.strings.registrationSuccessTitle }),
      ).toBeVisible({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);
      await offerRegion.getByRole('button', { name: offer.strings.done }).click();
      const [created] = await authenticator.credentials();

      // Signed out, and back in with the passkey alone: still the one text.
      await page.getByRole('button', { name: en.signOut.button }).click();
      await expect(page.getByRole('heading', { level: 1, name: en.gate.heading })).toBeVisible({
        timeout: 15_000,
      });
      await page.getByRole('button', { name: en.gate.button }).click();
      await expect(names(page)).toBeVisible({ timeout: 60_000 });
      const [used] = await authenticator.credentials();
      expect(used?.signCount).toBeGreaterThan(created?.signCount ?? 0);
      expect(await site.velvet.outbox(phone)).toHaveLength(1);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
