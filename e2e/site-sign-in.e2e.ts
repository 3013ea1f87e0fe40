/**
 * The invitation site in Chromium against the built site and the real server: a guest on the
 * list signs in with the code from the outbox and sees the invitation, without a reload, and
 * stays signed in over one; a number not on the list reaches the rejection screen, whose
 * "Try again" revokes the session; a session revoked elsewhere takes the page back to the gate;
 * a widget error is shown on the page; sign-in and sign-out reach the other tabs; a guest list
 * that cannot be reached is said so, with a way to retry. The session is the server's `HttpOnly`
 * cookie: no page script can read its token or JWT, in cookies, storage or answers.
 */
import { expect, test } from '@playwright/test';
import { dayDateText, partyDateText } from '../site/content/date-text.js';
import { invitation } from '../site/content/invitation.js';
import { en as publicTexts } from '../site/i18n/en.js';
import { shownText } from '../site/text/inline-links.js';
import { browserSecrets, expectNoSecretsInLog } from './support/secrets-in-log.js';
import {
  GUEST_CHECKS,
  JWT_SHAPE,
  liveRegionsSaying,
  requestCode,
  scriptReadable,
  serverSessionCookie,
  sessionCookie,
  signInThroughWidget,
  typeCode,
} from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

const gateHeading = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { level: 1, name: 'Do we know you?' });
const namesHeading = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { level: 1, name: invitation.names });

test('a guest on the list signs in with the code from the outbox and sees the invitation', async ({
  page,
}) => {
  const phone = '+14155550801';
  expect(site.guests('add', phone, 'Grace Hopper')).toContain('+14155550801');

  await page.goto(site.url);
  await expect(gateHeading(page)).toBeVisible();
  await expect(page.getByText(invitation.names)).toHaveCount(0);
  // Marks this document: it must still be the same one after the sign-in.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  await signInThroughWidget(page, site, phone);
  await expect(namesHeading(page)).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toContainText(invitation.names);
  for (const label of ['Home', 'Schedule', 'FAQ']) {
    await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByText(invitation.tagline)).toBeVisible();
  await expect(
    page.getByText(partyDateText(invitation.isoDate, 'en'), { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(invitation.location, { exact: true })).toBeVisible();
  await expect(page.getByText(invitation.footer.thanks)).toBeVisible();

  // Every photobooth photo loaded (the server gave it to this guest).
  const photos = page.getByRole('list', { name: publicTexts.invitation.photos }).getByRole('img');
  await expect(photos).toHaveCount(4);
  for (const photo of await photos.all()) {
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  const footerImage = page.getByRole('img', { name: invitation.footer.image.alt });
  await footerImage.scrollIntoViewIfNeeded();
  await expect
    .poll(() => footerImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  expect((await footerImage.boundingBox())?.height).toBeLessThanOrEqual(80);

  await page.reload();
  await expect(namesHeading(page)).toBeVisible();
  await expect(gateHeading(page)).toHaveCount(0);
  // The server's log holds neither the passcode (the outbox's print of it is not the log) nor
  // the session the browser holds.
  expectNoSecretsInLog(site.velvet, {
    passcode: await site.velvet.lastCode(phone),
    ...(await browserSecrets(page)),
  });
});

test('the schedule tabs and the FAQ accordion behave as specified', async ({ page }) => {
  const phone = '+14155550802';
  site.guests('add', phone, 'Katherine Johnson');
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(namesHeading(page)).toBeVisible();

  const [friday, saturday, sunday] = invitation.schedule.days;
  if (!friday || !saturday || !sunday) throw new Error('three days expected');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Friday', 'Saturday', 'Sunday']);
  const panel = page.getByRole('tabpanel');
  await expect(page.getByRole('tab', { name: 'Friday' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Saturday' })).toHaveAttribute(
    'aria-selected',
    'false',
  );
  await expect(panel).toContainText(dayDateText(friday.isoDate, 'en'));
  await expect(panel).toContainText(friday.title);
  for (const event of friday.events) {
    await expect(panel).toContainText(event.time);
    await expect(panel).toContainText(event.title);
    await expect(panel).toContainText(event.description);
    await expect(panel).toContainText(event.location);
    await expect(panel).toContainText(event.icon);
  }
  // Non-selected tabs are dimmed: their text is paler than the selected one's.
  const color = (name: string) =>
    page.getByRole('tab', { name }).evaluate((tab) => getComputedStyle(tab).color);
  expect(await color('Saturday')).not.toBe(await color('Friday'));

  await page.getByRole('tab', { name: 'Saturday' }).click();
  await expect(page.getByRole('tab', { name: 'Saturday' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel).toContainText(dayDateText(saturday.isoDate, 'en'));
  for (const event of saturday.events) await expect(panel).toContainText(event.title);
  await expect(panel).not.toContainText(friday.events[0]?.title ?? '');

  // Keyboard: arrows move and select, wrapping around; Home and End jump.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sunday' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Sunday' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toContainText(dayDateText(sunday.isoDate, 'en'));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Friday' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Sunday' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Friday' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Sunday' })).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the tab list for the panel.
  await page.keyboard.press('Tab');
  await expect(panel).toBeFocused();

  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page.getByText('Everything you need to know')).toBeVisible();
  const questions = page.locator('.accordion-button');
  await expect(questions).toHaveCount(9);
  for (const question of await questions.all()) {
    await expect(question).toHaveAttribute('aria-expanded', 'false');
  }
  const [first, second] = invitation.faq.items;
  if (!first || !second) throw new Error('FAQ items expected');
  await expect(page.getByText(first.answer)).toBeHidden();

  const firstButton = page.getByRole('button', { name: first.question });
  const secondButton = page.getByRole('button', { name: second.question });
  const chevronAngle = (button: typeof firstButton) =>
    button.locator('.chevron').evaluate((chevron) => getComputedStyle(chevron).transform);
  const closedAngle = await chevronAngle(firstButton);
  await firstButton.click();
  await expect(firstButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(first.answer)).toBeVisible();
  await expect.poll(() => chevronAngle(firstButton)).not.toBe(closedAngle);

  // Independent: opening the second leaves the first open.
  await secondButton.focus();
  await page.keyboard.press('Enter');
  await expect(secondButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(first.answer)).toBeVisible();
  await expect(page.getByText(second.answer)).toBeVisible();

  await firstButton.click();
  await expect(firstButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(first.answer)).toBeHidden();
  await expect(page.getByText(second.answer)).toBeVisible();
  await expect.poll(() => chevronAngle(firstButton)).toBe(closedAngle);

  await expect(page.getByRole('heading', { name: 'Still Have Questions?' })).toBeVisible();
  // The hosts' text shows its words (its link's too), not its markup.
  await expect(page.getByText(shownText(invitation.faq.closing.text))).toBeVisible();
  // The card gives the hosts' number, and a link that opens a text message to it.
  const textUs = page
    .getByRole('complementary', { name: 'Still Have Questions?' })
    .getByRole('link', { name: invitation.faq.closing.textLabel });
  await expect(textUs).toHaveText(
    `${invitation.faq.closing.textLabel} ${invitation.faq.closing.phone}`,
  );
  await expect(textUs).toHaveAttribute(
    'href',
    `sms:${invitation.faq.closing.phone.replace(/[^\d+]/g, '')}`,
  );
  expect(await textUs.getAttribute('href')).toMatch(/^sms:\+1\d{10}$/);

  // The navigation's links lead to the sections.
  await page.getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page).toHaveURL(/#faq$/);
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInViewport();
});

test('a number not on the list reaches "Who are you??", and "Try again" revokes the session', async ({
  page,
}) => {
  const phone = '+14155550803';
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(page.getByRole('heading', { name: 'Who are you??' })).toBeVisible();
  await expect(page.getByText('Do you know us??')).toBeVisible();
  await expect(page.getByText(invitation.names)).toHaveCount(0);

  const token = await sessionCookie(page);
  expect(token).toBeTruthy();
  expect((await site.api('/sessions/authenticate', token)).status).toBe(200);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(gateHeading(page)).toBeVisible();
  await expect(page.getByRole('button', { name: "Let's check!" })).toBeVisible();
  expect(await sessionCookie(page)).toBeUndefined();
  const after = await site.api('/sessions/authenticate', token);
  expect(after.status).toBe(401);
  expect(after.body).toMatchObject({ error_type: 'session_not_found' });

  // Still not invited after a reload: the gate, not the rejection screen.
  await page.reload();
  await expect(gateHeading(page)).toBeVisible();
});

test('"Sign out" on the invitation revokes the session and takes the guest back to the gate', async ({
  page,
}) => {
  const phone = '+14155550810';
  site.guests('add', phone, 'Ada Lovelace');
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(namesHeading(page)).toBeVisible();
  const token = await sessionCookie(page);
  expect((await site.api('/sessions/authenticate', token)).status).toBe(200);
  // The invitation was opened by the cookie the server set, which no page script can read.
  expect(await serverSessionCookie(page)).toMatchObject({
    value: token,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
  });
  expect(await page.evaluate(() => document.cookie)).not.toContain('velvet_site_session');

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(gateHeading(page)).toBeFocused();
  await expect.poll(() => liveRegionsSaying(page, publicTexts.announce.signedOut)).toHaveLength(1);
  await expect(page.getByText(invitation.names)).toHaveCount(0);
  expect(await sessionCookie(page)).toBeUndefined();
  expect(await serverSessionCookie(page)).toBeUndefined();
  const after = await site.api('/sessions/authenticate', token);
  expect(after.status).toBe(401);
  expect(after.body).toMatchObject({ error_type: 'session_not_found' });

  await page.reload();
  await expect(gateHeading(page)).toBeVisible();
  await expect(page.getByRole('button', { name: "Let's check!" })).toBeVisible();
});

test('after an SMS sign-in no page script can read the session token or JWT; the guest reloads, still sees the invitation, and signs out', async ({
  page,
}) => {
  const phone = '+14155550811';
  site.guests('add', phone, 'Katherine Johnson');
  // Every /sdk/v1 answer the page's scripts could read.
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/sdk/v1/')) {
      answers.push(response.text().catch(() => ''));
    }
  });
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(namesHeading(page)).toBeVisible();

  const token = await sessionCookie(page);
  expect(token).toMatch(/^[\w-]{20,}$/);
  expect((await site.api('/sessions/authenticate', token)).status).toBe(200);
  const readable = await scriptReadable(page);
  expect(readable).toContain(phone); // the stored user is there, for the other tabs
  expect(readable).not.toContain(token);
  expect(readable).not.toMatch(JWT_SHAPE);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/velvet_session/);
  const bodies = await Promise.all(answers);
  expect(bodies.some((body) => body.includes('"session_token":""'))).toBe(true);
  for (const body of bodies) {
    expect(body).not.toContain(token);
    expect(body).not.toMatch(JWT_SHAPE);
  }
  const privateUrls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith('/private/')),
  );
  expect(privateUrls.length).toBeGreaterThan(0);

  // A reload: the cookie is still the session, and the invitation comes back.
  await page.reload();
  await expect(namesHeading(page)).toBeVisible();
  expect(await scriptReadable(page)).not.toContain(token);

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(gateHeading(page)).toBeFocused();
  expect(await sessionCookie(page)).toBeUndefined();
  expect(await scriptReadable(page)).not.toContain(phone);
  const refused = await page.evaluate(
    (urls) => Promise.all(urls.map((url) => fetch(url).then((response) => response.status))),
    privateUrls,
  );
  expect(refused.every((status) => status === 401)).toBe(true);
  const after = await site.api('/sessions/authenticate', token);
  expect(after.body).toMatchObject({ error_type: 'session_not_found' });
  await page.reload();
  await expect(gateHeading(page)).toBeVisible();
});

test('a session revoked elsewhere takes the page back to the gate', async ({ page }) => {
  const phone = '+14155550804';
  site.guests('add', phone, 'Dorothy Vaughan');
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(namesHeading(page)).toBeVisible();

  const token = await sessionCookie(page);
  expect((await site.api('/sessions/revoke', token)).status).toBe(200);
  // The guest comes back to the tab: the client library checks the session with the server.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(gateHeading(page)).toBeVisible();
  await expect(page.getByText(invitation.names)).toHaveCount(0);
  expect(await sessionCookie(page)).toBeUndefined();
});

test('a guest taken off the list after signing in sees the rejection screen on the next visit', async ({
  page,
}) => {
  const phone = '+14155550805';
  site.guests('add', phone, 'Mary Jackson');
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(namesHeading(page)).toBeVisible();
  site.guests('remove', phone);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Who are you??' })).toBeVisible();
});

test('a widget error is shown and announced once, and the right code still signs in', async ({
  page,
}) => {
  const phone = '+14155550806';
  site.guests('add', phone, 'Annie Easley');
  await page.goto(site.url);
  await requestCode(page, phone);
  const code = await site.velvet.lastCode(phone);
  const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
  await typeCode(page, wrong);
  const error = page.locator('velvet-login [part~="error"]');
  await expect(error).toBeVisible();
  const message = (await error.textContent())?.trim() ?? '';
  expect(message).not.toBe('');
  // One live region says it: the widget's, where the guest is typing; the page repeats nothing.
  expect(await liveRegionsSaying(page, message)).toHaveLength(1);
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(gateHeading(page)).toBeVisible();

  // The widget clears its boxes or lets the guest retype; either way the right code works.
  await page.getByLabel('Digit 1 of 6').click();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await expect(namesHeading(page)).toBeVisible();
});

test('a sign-in in one tab opens the invitation in the other, and a sign-out closes both', async ({
  context,
}) => {
  const phone = '+14155550807';
  site.guests('add', phone, 'Evelyn Boyd');
  const waiting = await context.newPage();
  await waiting.goto(site.url);
  await expect(gateHeading(waiting)).toBeVisible();
  const signing = await context.newPage();
  await signing.goto(site.url);
  await signInThroughWidget(signing, site, phone);
  await expect(namesHeading(signing)).toBeVisible();
  await expect(namesHeading(waiting)).toBeVisible();

  // The session ends elsewhere; the tab that notices tells the other, and both show the gate.
  expect((await site.api('/sessions/revoke', await sessionCookie(signing))).status).toBe(200);
  await signing.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(gateHeading(signing)).toBeVisible();
  await expect(gateHeading(waiting)).toBeVisible();
});

test('when the guest list cannot be reached, the page says so and "Retry" recovers', async ({
  page,
}) => {
  const phone = '+14155550808';
  site.guests('add', phone, 'Gladys West');
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(namesHeading(page)).toBeVisible();

  await page.route(GUEST_CHECKS, (route) => route.abort('connectionrefused'));
  await page.reload();
  const problem = page.getByRole('heading', { level: 1, name: publicTexts.checkError });
  await expect(problem).toBeVisible();
  await expect(page.getByText(publicTexts.connectionAdvice, { exact: true })).toBeVisible();
  await expect(page.getByText(invitation.names)).toHaveCount(0);

  // Still unreachable: "Retry" comes back to the same screen, which takes focus and says so.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(problem).toBeFocused();
  await expect
    .poll(() =>
      liveRegionsSaying(page, `${publicTexts.checkError}. ${publicTexts.connectionAdvice}`),
    )
    .toHaveLength(1);

  await page.unroute(GUEST_CHECKS);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(namesHeading(page)).toBeVisible();
  await expect(namesHeading(page)).toBeFocused();
});

test('after a sign-in and after "Try again", focus moves to the new screen’s heading, which is announced', async ({
  page,
}) => {
  const phone = '+14155550809';
  await page.goto(site.url);
  // The first screen of a visit keeps the browser's own focus.
  await expect(gateHeading(page)).toBeVisible();
  await expect(gateHeading(page)).not.toBeFocused();

  await signInThroughWidget(page, site, phone);
  const rejection = page.getByRole('heading', { level: 1, name: 'Who are you??' });
  await expect(rejection).toBeFocused();
  await expect.poll(() => liveRegionsSaying(page, publicTexts.announce.notInvited)).toHaveLength(1);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(gateHeading(page)).toBeFocused();
  await expect.poll(() => liveRegionsSaying(page, publicTexts.announce.signedOut)).toHaveLength(1);

  site.guests('add', phone, 'Mae Jemison');
  await signInThroughWidget(page, site, phone);
  await expect(namesHeading(page)).toBeFocused();
  await expect.poll(() => liveRegionsSaying(page, publicTexts.announce.invited)).toHaveLength(1);
  // Focus did not scroll the photos away.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('when the sign-in widget fails to load, "Retry" loads it in place', async ({ page }) => {
  const widgetChunk = /\/assets\/SignInWidget-[^/]+\.js$/;
  await page.route(widgetChunk, (route) => route.abort('connectionrefused'));
  await page.goto(site.url);
  await page.getByRole('button', { name: "Let's check!" }).click();
  await expect(page.getByText(publicTexts.gate.widgetError)).toBeVisible();
  expect(await liveRegionsSaying(page, publicTexts.gate.widgetError)).toHaveLength(1);

  await page.unroute(widgetChunk);
  await page.getByRole('button', { name: publicTexts.retry }).click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  await expect(page.getByText(publicTexts.gate.widgetError)).toHaveCount(0);
});

test('when the invitation fails to load, its screen has a heading and "Retry" loads it in place', async ({
  page,
}) => {
  const phone = '+14155550811';
  site.guests('add', phone, 'Hedy Lamarr');
  const invitationChunk = /\/private\/Invitation-[^/]+\.js$/;
  await page.route(invitationChunk, (route) => route.abort('connectionrefused'));
  await page.goto(site.url);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await signInThroughWidget(page, site, phone);
  const problem = page.getByRole('heading', { level: 1, name: publicTexts.invitationError });
  await expect(problem).toBeFocused();
  await expect(page.getByText(publicTexts.connectionAdvice, { exact: true })).toBeVisible();

  await page.unroute(invitationChunk);
  await page.getByRole('button', { name: publicTexts.retry }).click();
  await expect(namesHeading(page)).toBeFocused();
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
});
