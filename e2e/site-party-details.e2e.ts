/**
 * What a guest does with the invitation's details, in Chromium against the built site and the
 * real server: downloads the whole weekend and one event as `.ics` files (read back by a real
 * iCalendar parser, ical.js) and finds each event's Google Calendar and Outlook links; with axe
 * finding nothing on the new states.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { calendarEntries } from '../site/calendar/calendar-events.js';
import { invitation } from '../site/content/invitation.js';
import { axeViolations, sidewaysOverflow, signInThroughWidget } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

/** Puts `phone` on the list and signs it in; the invitation is showing. */
async function openInvitation(page: Page, phone: string, name: string): Promise<void> {
  site.guests('add', phone, name);
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible({
    timeout: 60_000,
  });
}

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
  await openInvitation(page, '+14155550811', 'Ada Lovelace');
  const expected = calendarEntries(invitation).map((entry): [string, string, string] => [
    entry.title,
    entry.start.toISOString(),
    entry.end.toISOString(),
  ]);

  const whole = await download(
    page,
    page.getByRole('link', { name: invitation.calendar.wholeParty }),
  );
  expect(whole.name).toBe('juno-felix.ics');
  expect(icsEvents(whole.text)).toEqual(expected);

  await page.getByRole('tab', { name: 'Saturday' }).click();
  const links = page.getByRole('list', { name: 'Add After Party to your calendar' });
  await expect(links).toBeVisible();
  const one = await download(page, links.getByRole('link', { name: invitation.calendar.file }));
  expect(one.name).toBe('after-party.ics');
  expect(icsEvents(one.text)).toEqual(
    expected.filter(([title]) => title.startsWith('After Party')),
  );

  const google = new URL(
    (await links.getByRole('link', { name: invitation.calendar.google }).getAttribute('href')) ??
      '',
  );
  expect(google.hostname).toBe('calendar.google.com');
  expect(google.searchParams.get('dates')).toBe('20250727T010000Z/20250727T050000Z');
  const outlook = links.getByRole('link', { name: invitation.calendar.outlook });
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
