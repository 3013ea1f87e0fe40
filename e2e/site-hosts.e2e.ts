/**
 * The hosts' page (`/host`) in Chromium against the built site and the real server, on SQLite
 * and PostgreSQL, with a host listed in the project's config: a visitor who is not signed in
 * sees only a sign-in under "Hosts' page"; an invited guest who signs in there reads "This account
 * is not one of the hosts" and no guest data, and the hosts' chunks are never sent to them; the
 * host signs in by text, takes the passkey offered, adds a host, and, 11 minutes later by the
 * server's clock, removes it: the server asks for a recent sign-in, "Confirm it's you" opens
 * the sign-in (the passkey answers it) and the removal goes through by itself. The activity lists
 * both changes, newest first. axe finds nothing on any of these states.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../server/config/config.js';
import { freePort } from '../server/test/ports.js';
import { missingPostgres, POSTGRES_URL, postgresAnswers } from './support/postgres-server.js';
import { axeViolations, requestCode, sidewaysOverflow, typeCode } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

/** The host the config lists, the host added in the page, a guest. */
const HOST = '+14155550142';
const NEW_HOST = '+14155550143';
/** A host the config lists by email: the project offers passcodes by email too. */
const HOST_EMAIL = 'juno@example.com';
const GUEST = '+14155550611';
const GUEST_NAME = 'Grace Hopper';

/** Eleven minutes: past the 10 a destructive change allows since the latest sign-in. */
const ELEVEN_MINUTES_MS = 11 * 60_000;

/** The site's project as a config file, with `HOST` among its hosts, on `origin`. */
function hostsConfig(origin: string) {
  return {
    projects: [
      {
        name: 'The party',
        publicToken: DEVELOPMENT_PUBLIC_TOKEN,
        authorizedOrigins: [origin],
        products: ['otp', 'passkeys'],
        otp: { methods: ['sms', 'email'] },
        hosts: [HOST, HOST_EMAIL],
      },
    ],
  };
}

/** The page's level-one heading named `name`. */
const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

/** From the sign-in widget on screen: the number, "Continue with text message" and the code. */
async function signInByText(
  page: Page,
  site: SiteServer,
  phone: string,
  within: Page | Locator = page,
): Promise<void> {
  await within.getByRole('textbox', { name: 'Phone number' }).fill(phone.replace(/^\+1/, ''));
  await within.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(within.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await typeCode(page, await site.velvet.lastCode(phone));
}

/** axe's findings on the page as it is now: none expected. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

for (const database of ['SQLite', 'PostgreSQL'] as const) {
  test.describe(`the hosts' page on ${database}`, () => {
    let site: SiteServer;
    let clockDir = '';
    let clockFile = '';
    let clockOffset = 0;

    /** Moves the server's clock `ms` further on. */
    async function moveClock(ms: number): Promise<void> {
      clockOffset += ms;
      await writeFile(clockFile, String(clockOffset));
    }

    test.beforeAll(async () => {
      if (database === 'PostgreSQL' && !(await postgresAnswers())) {
        test.skip(true, missingPostgres(`the hosts' page on ${database}`));
      }
      clockDir = await mkdtemp(join(tmpdir(), 'velvet-clock-'));
      clockFile = join(clockDir, 'offset');
      const port = await freePort();
      site = await startSite({
        port,
        config: hostsConfig(`http://localhost:${port}`),
        // A server whose clock the test moves (`server/ops/test-clock.ts`): tests only.
        env: { NODE_ENV: 'test', VELVET_TEST_CLOCK_FILE: clockFile },
        postgresUrl: database === 'PostgreSQL' ? POSTGRES_URL : '',
      });
      site.guests('add', GUEST, GUEST_NAME);
    });

    test.afterAll(async () => {
      await site?.stop();
      if (clockDir) await rm(clockDir, { recursive: true, force: true });
    });

    test('a stranger sees only the sign-in; a guest is told this account is not a host', async ({
      page,
    }) => {
      const hostFiles: string[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path.startsWith('/host/') && !path.startsWith('/host/api/')) {
          hostFiles.push(`${response.status()} ${path}`);
        }
      });
      await page.goto(`${site.url}/host`);
      await expect(heading(page, 'Hosts’ page')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
      await expect(page).toHaveTitle('Hosts’ page');
      await expectNoAxeViolations(page);

      await signInByText(page, site, GUEST);
      await expect(heading(page, 'This account is not one of the hosts')).toBeVisible();
      await expectNoAxeViolations(page);
      // Nothing about the guests, and no hosts' code: the page asked only who this is.
      expect(await page.locator('body').innerText()).not.toContain(GUEST_NAME);
      expect(hostFiles).toEqual([]);
      // The hosts' chunk itself is as absent to a guest as a missing file.
      const chunk = await page.request.get(`${site.url}/host/HostPage.js`);
      expect(chunk.status()).toBe(404);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(heading(page, 'Hosts’ page')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
    });

    test('a host listed by email signs in with a code by email', async ({ page }) => {
      await page.goto(`${site.url}/host`);
      await expect(heading(page, 'Hosts’ page')).toBeVisible();
      await page.getByRole('tab', { name: 'Email' }).click();
      await page.getByRole('textbox', { name: 'Email' }).fill(HOST_EMAIL);
      await page.getByRole('button', { name: 'Continue with email' }).click();
      await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
      await typeCode(page, await site.velvet.lastCode(HOST_EMAIL));
      await expect(heading(page, 'Your party')).toBeVisible();
      await expect(page.getByText(/Signed in as/)).toContainText(HOST_EMAIL);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(heading(page, 'Hosts’ page')).toBeVisible();
    });

    test('the host signs in, takes a passkey, adds a host and removes it after confirming it is them', async ({
      page,
    }) => {
      const authenticator = await addVirtualAuthenticator(page);
      await page.goto(`${site.url}/host#hosts`);
      await signInByText(page, site, HOST);
      await expect(heading(page, 'Your party')).toBeVisible();
      await expect(page.getByText(/Signed in as/)).toContainText(HOST);

      // The passkey offered after the first sign-in by text.
      await page.getByRole('button', { name: 'Create a passkey' }).click();
      await page.getByRole('button', { name: 'Done' }).click();
      expect(await authenticator.credentials()).toHaveLength(1);

      const hostsPanel = page.getByRole('tabpanel', { name: 'Hosts' });
      await expect(page.getByRole('tab', { name: 'Hosts' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      // Both of the config's hosts, by number and by email.
      await expect(hostsPanel.getByText('Listed in the config file')).toHaveCount(2);
      await expectNoAxeViolations(page);

      await hostsPanel.getByRole('textbox', { name: 'Phone number or email' }).fill(NEW_HOST);
      await hostsPanel.getByRole('button', { name: 'Add host' }).click();
      await expect(hostsPanel.getByRole('status')).toContainText(
        `${NEW_HOST} is one of the hosts now.`,
      );
      await expect(hostsPanel.getByText(NEW_HOST, { exact: true })).toBeVisible();

      // Eleven minutes later by the server's clock, a removal needs a new sign-in.
      await moveClock(ELEVEN_MINUTES_MS);
      await hostsPanel.getByRole('button', { name: `Remove ${NEW_HOST}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove this host?' });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectNoAxeViolations(page);
      const signCount = (await authenticator.credentials())[0]?.signCount ?? 0;
      await confirm.getByRole('button', { name: 'Remove' }).click();

      // "Confirm it's you": the widget's passkey autofill answers at once, and the removal
      // goes through by itself.
      await expect(hostsPanel.getByRole('status')).toContainText(
        `${NEW_HOST} is no longer a host.`,
        { timeout: 60_000 },
      );
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(hostsPanel.getByRole('heading', { level: 2, name: 'Hosts' })).toBeFocused();
      expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(signCount);
      await expect(hostsPanel.getByText(NEW_HOST, { exact: true })).toHaveCount(0);

      await page.getByRole('tab', { name: 'Activity' }).click();
      const activity = page.getByRole('tabpanel', { name: 'Activity' });
      const entries = activity.getByRole('listitem');
      await expect(entries.first()).toContainText(`Removed ${NEW_HOST} from the hosts`);
      await expect(entries.nth(1)).toContainText(`Added ${NEW_HOST} as a host`);
      await expectNoAxeViolations(page);
    });

    test('the host imports 150 guests (preview, then apply), finds one, edits and removes one; the guest list command agrees', async ({
      page,
    }) => {
      await page.goto(`${site.url}/host`);
      await signInByText(page, site, HOST);
      await expect(heading(page, 'Your party')).toBeVisible();
      const guests = page.getByRole('tabpanel', { name: 'Guests' });
      const table = guests.getByRole('table');
      await expect(table.locator('caption')).toHaveText('1 guest, 0 answered, 0 coming');
      await expect(table.getByRole('rowheader', { name: GUEST_NAME })).toBeVisible();
      await expectNoAxeViolations(page);

      // 150 lines: the guest already on the list with a new name, 149 new ones; and a bad line.
      const lines = ['phone,name', `${GUEST},Grace B. Hopper`];
      for (let index = 1; index < 150; index++) {
        lines.push(`+1415555${3000 + index},Guest ${String(index).padStart(3, '0')}`);
      }
      lines.push('12345,Nobody');
      await guests.getByRole('textbox', { name: 'Or paste it here' }).fill(lines.join('\n'));
      await guests.getByRole('button', { name: 'Preview import' }).click();
      const preview = guests.getByRole('region', { name: /^Preview:/ });
      await expect(preview.getByRole('heading')).toHaveText(
        /^Preview: 149 to add, 1 to update, 0 unchanged, 1 problem, \d+ warnings?$/,
      );
      await expect(preview.getByText(/Row \d+: .*12345/)).toBeVisible();
      await expect(preview.getByText('Grace Hopper → Grace B. Hopper')).toBeVisible();
      await expectNoAxeViolations(page);
      // The preview wrote nothing.
      expect(site.guests('list')).not.toContain('Guest 001');

      await preview.getByRole('button', { name: 'Apply: 150 changes' }).click();
      await expect(guests.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
        'Imported: 149 added, 1 updated.',
      );
      await expect(table.locator('caption')).toHaveText('150 guests, 0 answered, 0 coming');
      const listed = site.guests('list');
      expect(listed).toContain('Grace B. Hopper');
      expect(listed).toContain('Guest 149');

      await guests
        .getByRole('searchbox', { name: 'Search by name, number or note' })
        .fill('Guest 042');
      await expect(table.locator('caption')).toHaveText('1 guest, 0 answered, 0 coming');
      await table.getByRole('button', { name: 'Edit Guest 042' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit guest' });
      await expect(edit.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+14155553042');
      await expectNoAxeViolations(page);
      await edit.getByRole('textbox', { name: 'Name' }).fill('Guest Forty-Two');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(guests.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
        'Saved Guest Forty-Two.',
      );
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(site.guests('list')).toContain('Guest Forty-Two');

      await guests
        .getByRole('searchbox', { name: 'Search by name, number or note' })
        .fill('Forty-Two');
      await table.getByRole('button', { name: 'Remove Guest Forty-Two' }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove this guest?' });
      await expect(confirm).toContainText('Guest Forty-Two');
      // Eleven minutes after the sign-in, by the server's clock: "Confirm it's you", by text.
      await moveClock(ELEVEN_MINUTES_MS);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      const again = page.getByRole('dialog', { name: 'Confirm it’s you' });
      await expect(again.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(site.guests('list')).toContain('Guest Forty-Two');
      await signInByText(page, site, HOST, again);
      await expect(guests.getByRole('status').filter({ hasText: 'off the list' })).toHaveText(
        'Guest Forty-Two is off the list.',
      );
      // The row and its button are gone: the section's heading has the focus.
      await expect(guests.getByRole('heading', { level: 2, name: 'Guests' })).toBeFocused();
      await expect(table.locator('caption')).toHaveText('0 guests, 0 answered, 0 coming');
      expect(site.guests('list')).not.toContain('Guest Forty-Two');

      // The export link downloads the list the command line exports.
      const href = await guests.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      const exported = await page.request.get(`${site.url}${href}`);
      expect(exported.status()).toBe(200);
      expect(exported.headers()['content-type']).toMatch(/^text\/csv/);
      const csv = await exported.text();
      expect(csv).toContain('Grace B. Hopper');
      expect(csv).not.toContain('Guest Forty-Two');
      await expectNoAxeViolations(page);
    });

    test('on a 320px phone, by keyboard alone, the host goes through every tab and signs out; nothing sticks out', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(`${site.url}/host`);
      await signInByText(page, site, HOST);
      await expect(heading(page, 'Your party')).toBeVisible();
      const tabs = ['Guests', 'Invitation', 'Photos', 'Hosts', 'Activity'];
      await page.getByRole('tab', { name: 'Guests' }).focus();
      for (const [index, name] of tabs.entries()) {
        if (index > 0) await page.keyboard.press('ArrowRight');
        const tab = page.getByRole('tab', { name });
        await expect(tab).toBeFocused();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('tabpanel', { name })).toBeVisible();
        await expect(
          page.getByRole('tabpanel', { name }).getByRole('heading', { level: 2 }),
        ).toHaveText(name);
        // Each panel has loaded (or said why not) before it is checked.
        await expect(page.getByRole('tabpanel', { name }).getByText(/^Loading/)).toHaveCount(0);
        expect(await sidewaysOverflow(page), `${name} at 320px`).toEqual([]);
        await expectNoAxeViolations(page);
      }
      // Round the row: from the last tab to the first; the address keeps the tab.
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Guests' })).toBeFocused();
      await page.keyboard.press('End');
      await expect(page).toHaveURL(/\/host#activity$/);
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute(
        'aria-selected',
        'true',
      );

      // "Sign out" leads back to the hosts' sign-in, with nothing of the page left.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(heading(page, 'Hosts’ page')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
      // None of the hosts' page's tabs is left: only the sign-in's own (text or email).
      await expect(page.getByRole('tab', { name: 'Guests' })).toHaveCount(0);
      expect(await sidewaysOverflow(page)).toEqual([]);
    });

    test('the host changes the schedule and an FAQ answer, is shown a problem by its field, previews, publishes; a guest sees it, no rebuild', async ({
      page,
      browser,
    }) => {
      await page.goto(`${site.url}/host#invitation`);
      await signInByText(page, site, HOST);
      await expect(heading(page, 'Your party')).toBeVisible();
      const panel = page.getByRole('tabpanel', { name: 'Invitation' });
      await expect(panel.getByRole('textbox', { name: 'Names' })).toHaveValue('Juno & Felix');
      await expectNoAxeViolations(page);

      // The After Party becomes the Dance Party at 7pm; first its title is left empty.
      const afterParty = panel.getByRole('group', { name: 'Event 2: After Party' });
      await afterParty.getByRole('textbox', { name: 'Time as guests read it' }).fill('7pm');
      await afterParty.getByRole('textbox', { name: 'Title' }).fill('');
      const wear = panel.getByRole('group', { name: 'Question 1' });
      await expect(wear.getByRole('textbox', { name: 'Question' })).toHaveValue(
        'What should I wear?',
      );
      await wear
        .getByRole('textbox', { name: 'Answer' })
        .fill('Glitter, and shoes you can dance in all night.');
      await panel.getByRole('button', { name: 'Save draft' }).click();
      const problems = panel.getByRole('heading', { name: 'Fix these first' });
      await expect(problems).toBeVisible();
      const problemLink = panel.getByRole('link', { name: /must not be empty/ });
      await expect(problemLink).toHaveCount(1);
      const emptyTitle = panel.getByRole('group', { name: 'Event 2' }).getByRole('textbox', {
        name: 'Title',
      });
      await expect(emptyTitle).toHaveAttribute('aria-invalid', 'true');
      await expect(emptyTitle).toHaveAccessibleDescription(/must not be empty/);
      await expectNoAxeViolations(page);
      await problemLink.click();
      await expect(emptyTitle).toBeFocused();
      await emptyTitle.fill('Dance Party');
      await panel.getByRole('button', { name: 'Save draft' }).click();
      await expect(panel.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
      await expect(problems).toBeHidden();

      // The preview: the invitation itself with the draft, and back to the form.
      await panel.getByRole('button', { name: 'Preview' }).click();
      const bar = page.getByRole('complementary', { name: 'Preview' });
      await expect(bar).toBeVisible();
      await expect(heading(page, 'Juno & Felix')).toBeVisible();
      await page.getByRole('tab', { name: 'Saturday' }).click();
      await expect(page.getByRole('heading', { name: 'Dance Party' })).toBeVisible();
      await expectNoAxeViolations(page);
      await bar.getByRole('button', { name: 'Back to editing' }).click();
      await expect(panel.getByRole('button', { name: 'Preview' })).toBeFocused();

      await panel.getByRole('button', { name: 'Publish' }).click();
      await expect(panel.getByRole('status').filter({ hasText: 'Published' })).toContainText(
        'guests see it on their next visit',
      );

      // A guest, in a browser of their own, reads the published change.
      const guestContext = await browser.newContext();
      const guestPage = await guestContext.newPage();
      await guestPage.goto(site.url);
      await requestCode(guestPage, GUEST);
      await typeCode(guestPage, await site.velvet.lastCode(GUEST));
      await expect(heading(guestPage, 'Juno & Felix')).toBeVisible();
      await guestPage.getByRole('tab', { name: 'Saturday' }).click();
      await expect(guestPage.getByRole('heading', { name: 'Dance Party' })).toBeVisible();
      await guestPage.getByRole('button', { name: 'What should I wear?' }).click();
      await expect(
        guestPage.getByText('Glitter, and shoes you can dance in all night.'),
      ).toBeVisible();
      await guestContext.close();

      await page.getByRole('tab', { name: 'Activity' }).click();
      await expect(
        page.getByRole('tabpanel', { name: 'Activity' }).getByRole('listitem').first(),
      ).toContainText('Published the invitation');
    });

    test('the host uploads a photo; the invitation’s address for it now gives the new picture, to guests too', async ({
      page,
      browser,
    }) => {
      const photoUrl = `${site.url}/juno-felix-photobooth-1.jpg`;
      await page.goto(`${site.url}/host#photos`);
      await signInByText(page, site, HOST);
      const panel = page.getByRole('tabpanel', { name: 'Photos' });
      const card = panel
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Photobooth photo 1' }) });
      await expect(card.getByRole('img')).toBeVisible();
      await expectNoAxeViolations(page);
      const before = await (await page.request.get(photoUrl)).body();

      await card
        .getByLabel('New picture (JPEG, PNG or WebP, up to 15 MB)')
        .setInputFiles(
          join(import.meta.dirname, '..', 'site', 'photos', 'juno-felix-photobooth-2.jpg'),
        );
      await card.getByRole('button', { name: 'Upload' }).click();
      await expect(panel.getByRole('status').filter({ hasText: 'uploaded' })).toContainText(
        'Photobooth photo 1: new picture uploaded',
        { timeout: 120_000 },
      );
      await expect(card.getByRole('img')).toHaveAttribute('src', /\?v=/);
      await expect(card.getByRole('img')).toHaveJSProperty('complete', true);
      expect(
        await card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      const after = await (await page.request.get(photoUrl)).body();
      expect(after.equals(before)).toBe(false);
      await expectNoAxeViolations(page);

      const guestContext = await browser.newContext();
      const guestPage = await guestContext.newPage();
      await guestPage.goto(site.url);
      await requestCode(guestPage, GUEST);
      await typeCode(guestPage, await site.velvet.lastCode(GUEST));
      await expect(heading(guestPage, 'Juno & Felix')).toBeVisible();
      const seen = await (await guestPage.request.get(photoUrl)).body();
      expect(seen.equals(after)).toBe(true);
      await guestContext.close();

      await page.getByRole('tab', { name: 'Activity' }).click();
      await expect(
        page.getByRole('tabpanel', { name: 'Activity' }).getByRole('listitem').first(),
      ).toContainText('Replaced photobooth photo 1');
    });
  });
}
