/**
 * What a guest does with the invitation's details, in Chromium against the built site and the
 * real server: downloads the whole weekend and one event as `.ics` files (read back by a real
 * iCalendar parser, ical.js) and finds each event's Google Calendar and Outlook links; follows a
 * place's map link (OpenStreetMap on a computer, `geo:` on an Android phone) and copies its
 * address; follows a link the hosts wrote in the FAQ; with axe finding nothing on the new states.
 */
import { readFile } from 'node:fs/promises';
import { devices, expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { calendarEntries } from '../site/calendar/calendar-events.js';
import { invitation } from '../site/content/invitation.js';
import { en } from '../site/i18n/en.js';
import { axeViolations, openInvitation, sidewaysOverflow } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

/** The events of an `.ics` file as [title, start, end] in UTC, read by ical.js. */
function icsEvents(text: string): [string, string, string][] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return [
      event.summary,
      event.startDate.toJSDate().toISOString(),
      event.endDate.toJSDate().toISOString(),
    ];
  });
}

/** What the page's link `name` downloads: the file's name and its text. */
async function download(page: Page, link: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('a guest adds the weekend and the After Party to a calendar', async ({ page }) => {
  await openInvitation(page, site, '+14155550811', 'Ada Lovelace');
  const expected = calendarEntries(invitation).map((entry): [string, string, string] => [
    entry.title,
    entry.start.toISOString(),
    entry.end.toISOString(),
  ]);

  const whole = await download(
    page,
    page.getByRole('link', { name: en.invitation.calendar.wholeParty }),
  );
  expect(whole.name).toBe('juno-felix.ics');
  expect(icsEvents(whole.text)).toEqual(expected);

  await page.getByRole('tab', { name: 'Saturday' }).click();
  const links = page.getByRole('list', { name: 'Add After Party to your calendar' });
  await expect(links).toBeVisible();
  const one = await download(page, links.getByRole('link', { name: en.invitation.calendar.file }));
  expect(one.name).toBe('after-party.ics');
  expect(icsEvents(one.text)).toEqual(
    expected.filter(([title]) => title.startsWith('After Party')),
  );

  const google = new URL(
    (await links.getByRole('link', { name: en.invitation.calendar.google }).getAttribute('href')) ??
      '',
  );
  expect(google.hostname).toBe('calendar.google.com');
  expect(google.searchParams.get('dates')).toBe('20250727T010000Z/20250727T050000Z');
  const outlook = links.getByRole('link', { name: en.invitation.calendar.outlook });
  expect(new URL((await outlook.getAttribute('href')) ?? '').hostname).toBe('outlook.live.com');
  await expect(outlook).toHaveAttribute('target', '_blank');
  await expect(outlook).toHaveAttribute('rel', 'noopener noreferrer');
  // The elopement is secret: no calendar entry for it.
  await expect(page.getByRole('list', { name: 'Add We Elope to your calendar' })).toHaveCount(0);

  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sidewaysOverflow(page), `at ${width}px`).toEqual([]);
    expect(await axeViolations(page), `the schedule with calendar links at ${width}px`).toEqual([]);
  }
});

/** The After Party's place links, on the Saturday tab. */
async function afterPartyPlace(page: Page) {
  await page.getByRole('tab', { name: 'Saturday' }).click();
  const links = page.getByRole('list', { name: 'Find After Party' });
  await expect(links).toBeVisible();
  return links;
}

test('a guest follows the map link to the After Party and copies its address', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  // The map's site is outside this network: the test answers for it, and sees where the link went.
  await context.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>A map</title><h1>A map</h1>' }),
  );
  await openInvitation(page, site, '+14155550812', 'Grace Hopper');
  const links = await afterPartyPlace(page);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('2550 Mission St, San Francisco, CA 94110');

  const [map] = await Promise.all([
    page.waitForEvent('popup'),
    links.getByRole('link', { name: en.invitation.places.map }).click(),
  ]);
  await expect(map.getByRole('heading', { name: 'A map' })).toBeVisible();
  expect(map.url()).toBe(
    'https://www.openstreetmap.org/?mlat=37.7563&mlon=-122.4187#map=18/37.7563/-122.4187',
  );
  await map.close();

  // The live region is there, empty, before the copy, so its news is read out when it comes.
  await expect(panel.getByRole('status')).toHaveText('');
  await links.getByRole('button', { name: en.invitation.places.copy }).click();
  await expect(panel.getByRole('status')).toHaveText(en.invitation.places.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    '2550 Mission St, San Francisco, CA 94110',
  );
  // The hosts' home has no address in the content: no map, nothing to copy.
  await expect(page.getByRole('list', { name: 'Find After After Party' })).toHaveCount(0);
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sidewaysOverflow(page), `at ${width}px`).toEqual([]);
    expect(await axeViolations(page), `the address copied at ${width}px`).toEqual([]);
  }
});

test('when the browser refuses to copy, the address is selected and the guest told', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) },
    });
  });
  await openInvitation(page, site, '+14155550813', 'Katherine Johnson');
  const links = await afterPartyPlace(page);
  await links.getByRole('button', { name: en.invitation.places.copy }).click();
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText(
    en.invitation.places.copyFailed,
  );
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(
    '2550 Mission St, San Francisco, CA 94110',
  );
  expect(await axeViolations(page), 'the copy refused').toEqual([]);
});

test.describe('on an Android phone', () => {
  const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test("the map link opens the phone's maps app with a geo: URI", async ({ page }) => {
    await openInvitation(page, site, '+14155550814', 'Mary Jackson');
    const links = await afterPartyPlace(page);
    const map = links.getByRole('link', { name: en.invitation.places.map });
    await expect(map).toHaveAttribute(
      'href',
      'geo:37.7563,-122.4187?q=37.7563%2C-122.4187(The%20Mirrorball%20Room%2C%20Mission%20District%2C%20San%20Francisco)',
    );
    await expect(map).not.toHaveAttribute('target', /./);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await axeViolations(page), 'the places on a phone').toEqual([]);
  });
});

test('a guest follows a link the hosts wrote in the FAQ, and sees the other links as links', async ({
  page,
  context,
}) => {
  await context.route('https://www.bart.gov/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Trip planner</title><h1>Plan a trip</h1>',
    }),
  );
  await openInvitation(page, site, '+14155550815', 'Dorothy Vaughan');
  await page.getByRole('button', { name: 'How do I get there?' }).click();
  const planner = page.getByRole('link', { name: 'plan your trip' });
  await expect(planner).toBeVisible();
  await expect(planner).toHaveAttribute('rel', 'noopener noreferrer');
  // The markup itself never shows.
  await expect(page.getByText('](https://', { exact: false })).toHaveCount(0);
  const [tab] = await Promise.all([page.waitForEvent('popup'), planner.click()]);
  await expect(tab.getByRole('heading', { name: 'Plan a trip' })).toBeVisible();
  expect(tab.url()).toBe('https://www.bart.gov/planner');
  await tab.close();

  // The FAQ sends guests to the invitation's own RSVP section.
  await page.getByRole('button', { name: 'How do I RSVP?' }).click();
  await expect(
    page.getByText('the RSVP section below the schedule takes your answer'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'email us' })).toHaveAttribute(
    'href',
    'mailto:juno.felix@example.com',
  );
  await page.getByRole('tab', { name: 'Saturday' }).click();
  await expect(page.getByRole('link', { name: 'Call us' })).toHaveAttribute(
    'href',
    'tel:+14155550142',
  );
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sidewaysOverflow(page), `at ${width}px`).toEqual([]);
    expect(await axeViolations(page), `the FAQ with links open at ${width}px`).toEqual([]);
  }
});
