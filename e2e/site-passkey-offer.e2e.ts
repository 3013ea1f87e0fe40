/**
 * The passkey offer on the invitation, in Chromium with its virtual authenticator against the
 * built site and the real server: after a first sign-in by text, a guest on a device that can
 * make passkeys is offered "Sign in faster next time"; one who accepts signs out and back in with
 * the passkey (the gate's autofill) without a new text, and is not offered another; one who
 * skips is told so (the line taking the focus) and is not asked again after a reload; a device without a platform authenticator is never
 * asked. axe finds nothing on the offer. On SQLite and on PostgreSQL.
 */
import { expect, type Page, test } from '@playwright/test';
import { invitation } from '../site/content/invitation.js';
import { en } from '../site/i18n/en.js';
import { OFFER_SKIPPED_KEY } from '../site/passkey-offer/offer-choice.js';
import { missingPostgres, POSTGRES_URL, postgresAnswers } from './support/postgres-server.js';
import { axeViolations, serverSessionCookie, signInThroughWidget } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

/** The offer's region. */
const offer = (page: Page) =>
  page.getByRole('region', { name: en.invitation.passkeyOffer.label, exact: true });
const offerHeading = (page: Page) =>
  page.getByRole('heading', {
    name: en.invitation.passkeyOffer.strings.registerTitle,
    exact: true,
  });
/** Whether the page's session cookie lasts about the guests' 30 days. */
async function lastsThirtyDays(page: Page): Promise<boolean> {
  const cookie = await serverSessionCookie(page);
  return (cookie?.expires ?? 0) - Date.now() / 1000 > 29.9 * 24 * 60 * 60;
}
const names = (page: Page) => page.getByRole('heading', { level: 1, name: invitation.names });

/**
 * Waits until the invitation has settled (its RSVP asked the server, and the browser answered
 * whether it can make passkeys, which the offer asked before), so an offer not showing is one
 * not made.
 */
async function invitationSettled(page: Page): Promise<void> {
  await expect(page.getByRole('group', { name: en.invitation.rsvp.question })).toBeVisible({
    timeout: 30_000,
  });
  await page.evaluate(async () => {
    await globalThis.PublicKeyCredential?.isUserVerifyingPlatformAuthenticatorAvailable();
  });
}

for (const database of ['SQLite', 'PostgreSQL'] as const) {
  test.describe(`the passkey offer on ${database}`, () => {
    let site: SiteServer;
    let phoneSeq = 0;

    test.beforeAll(async () => {
      if (database === 'PostgreSQL' && !(await postgresAnswers())) {
        test.skip(true, missingPostgres(`the passkey offer on ${database}`));
      }
      site = await startSite({ postgresUrl: database === 'PostgreSQL' ? POSTGRES_URL : '' });
    });

    test.afterAll(async () => {
      await site?.stop();
    });

    /** Puts a new guest on the list and signs them in by text; the invitation is showing. */
    async function signInByText(page: Page): Promise<string> {
      const phone = `+1415555${database === 'SQLite' ? '07' : '08'}${String(10 + phoneSeq++)}`;
      site.guests('add', phone, 'Ada Lovelace');
      await page.goto(site.url);
      await signInThroughWidget(page, site, phone);
      await expect(names(page)).toBeVisible({ timeout: 60_000 });
      return phone;
    }

    test('a guest accepts the offer, signs out, and signs back in with the passkey, no text', async ({
      page,
    }) => {
      const authenticator = await addVirtualAuthenticator(page);
      const phone = await signInByText(page);
      await expect(offerHeading(page)).toBeVisible({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);

      await offer(page)
        .getByRole('button', { name: en.invitation.passkeyOffer.strings.createPasskey })
        .click();
      await expect(
        offer(page).getByRole('heading', {
          name: en.invitation.passkeyOffer.strings.registrationSuccessTitle,
        }),
      ).toBeVisible({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);
      const credentials = await authenticator.credentials();
      expect(credentials).toHaveLength(1);
      expect(credentials[0]?.isResidentCredential).toBe(true);
      // Creating the passkey kept the guest's 30-day session.
      expect(await lastsThirtyDays(page)).toBe(true);
      await offer(page)
        .getByRole('button', { name: en.invitation.passkeyOffer.strings.done })
        .click();
      await expect(offer(page).getByText(en.invitation.passkeyOffer.outcomes.done)).toBeFocused({
        timeout: 15_000,
      });
      expect(await site.velvet.outbox(phone)).toHaveLength(1);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Do we know you?' })).toBeVisible({
        timeout: 15_000,
      });
      // The widget's phone field offers the passkey in autofill, which the virtual authenticator
      // answers at once: the guest is in without typing a number or a code.
      await page.getByRole('button', { name: "Let's check!" }).click();
      await expect(names(page)).toBeVisible({ timeout: 60_000 });
      await invitationSettled(page);
      await expect(offer(page)).toHaveCount(0);
      expect(await site.velvet.outbox(phone)).toHaveLength(1);
      // The authenticator signed: it was the passkey that let the guest in.
      const [used] = await authenticator.credentials();
      expect(used?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);
      await expect.poll(() => lastsThirtyDays(page), { timeout: 15_000 }).toBe(true);
    });

    test('a guest who skips is not asked again on this device', async ({ page }) => {
      await addVirtualAuthenticator(page);
      await signInByText(page);
      await expect(offerHeading(page)).toBeVisible({ timeout: 30_000 });
      await offer(page)
        .getByRole('button', { name: en.invitation.passkeyOffer.strings.skip })
        .click();
      await expect(offer(page).getByText(en.invitation.passkeyOffer.outcomes.skipped)).toBeFocused({
        timeout: 15_000,
      });
      await expect(offerHeading(page)).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      // The flag alone, nothing about the guest.
      expect(await page.evaluate((key) => localStorage.getItem(key), OFFER_SKIPPED_KEY)).toBe('1');

      await page.reload();
      await expect(names(page)).toBeVisible({ timeout: 30_000 });
      await invitationSettled(page);
      await expect(offer(page)).toHaveCount(0);
    });

    test('a device without a platform authenticator is not asked', async ({ page }) => {
      await signInByText(page);
      await invitationSettled(page);
      expect(
        await page.evaluate(() =>
          PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable(),
        ),
      ).toBe(false);
      await expect(offer(page)).toHaveCount(0);
    });
  });
}
