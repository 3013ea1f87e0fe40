/**
 * The site in the browser's language (issue 35, item 8), in Chromium against the built site and
 * the real server, with Playwright's `locale` (which sets `navigator.languages`): Spanish,
 * French, English, and German, which the site does not speak, so English. In each, the gate,
 * the sign-in widget's submit button, the rejection screen and the invitation's chrome (sign
 * out, navigation, greeting, calendar and map labels, the RSVP form) are in that language,
 * `<html lang>` says it, and axe finds nothing. In Spanish and French no text of the English
 * catalogue is left in the site's own words; the hosts' content stays as they wrote it.
 */
import { expect, type Page, test } from '@playwright/test';
import { invitation } from '../site/content/invitation.js';
import { en, type SiteTexts } from '../site/i18n/en.js';
import siteEs from '../site/i18n/es.js';
import siteFr from '../site/i18n/fr.js';
import { passcodeEn } from '../widget/products/otp/passcode-strings.js';
import type { LocaleCatalogue } from '../widget/strings/catalogue.js';
import { en as widgetEn } from '../widget/strings/en.js';
import widgetEs from '../widget/strings/es.js';
import widgetFr from '../widget/strings/fr.js';
import { axeViolations } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

/** The widget's words a guest meets on the gate's phone form and code entry. */
type WidgetWords = Pick<LocaleCatalogue['core'], 'phoneLabel' | 'continueWithText'> &
  Pick<LocaleCatalogue['passcodes'], 'passcodeGroupLabel'>;

/** A browser locale, and what the site and the widget should say in it. */
interface Language {
  browser: string;
  lang: 'en' | 'es' | 'fr';
  site: SiteTexts;
  widget: WidgetWords;
}

const LANGUAGES: readonly Language[] = [
  {
    browser: 'es-ES',
    lang: 'es',
    site: siteEs,
    widget: { ...widgetEs.core, ...widgetEs.passcodes },
  },
  {
    browser: 'fr-FR',
    lang: 'fr',
    site: siteFr,
    widget: { ...widgetFr.core, ...widgetFr.passcodes },
  },
  { browser: 'en-US', lang: 'en', site: en, widget: { ...widgetEn, ...passcodeEn } },
  { browser: 'de-DE', lang: 'en', site: en, widget: { ...widgetEn, ...passcodeEn } },
];

/** Words that are the same in every language: the calendar services' names. */
const BRAND_NAMES = new Set(['Google Calendar', 'Outlook']);

/**
 * The English catalogue's texts as they can show: each text cut at its `{slots}`, the pieces of
 * four characters or more (shorter ones, "FAQ" or "Map", sit inside other languages' words).
 */
function englishPieces(): string[] {
  const pieces = new Set<string>();
  const visit = (value: unknown, key: string) => {
    if (key === 'lang') return;
    if (typeof value === 'string') {
      if (BRAND_NAMES.has(value)) return;
      for (const piece of value.split(/\{\w+\}/)) {
        const trimmed = piece.trim();
        if (trimmed.length >= 4) pieces.add(trimmed);
      }
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, k);
    }
  };
  visit(en, '');
  return [...pieces];
}

/**
 * The site's own words on the page: the text and accessible labels of `selectors` (outside the
 * sign-in widget, whose catalogue is its own), one entry per element.
 */
async function siteWords(page: Page, selectors: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const words: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (element.closest('velvet-login')) continue;
        const label = element.getAttribute('aria-label');
        if (label) words.push(label);
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
        if (own) words.push(own);
      }
    }
    return words;
  }, selectors);
}

/** The English texts found in `words`. */
function englishIn(words: readonly string[]): string[] {
  const pieces = englishPieces();
  return words.flatMap((text) =>
    pieces.filter((piece) => text.includes(piece)).map((piece) => `"${piece}" in "${text}"`),
  );
}

/** Signs `phone` in through the widget in its language, with the code from the outbox. */
async function signIn(page: Page, language: Language, phone: string): Promise<void> {
  await page.getByRole('button', { name: language.site.gate.button }).click();
  await page
    .getByRole('textbox', { name: language.widget.phoneLabel })
    .fill(phone.replace(/^\+1/, ''));
  await page.getByRole('button', { name: language.widget.continueWithText }).click();
  const code = page.getByRole('group', { name: language.widget.passcodeGroupLabel });
  await expect(code).toBeVisible({ timeout: 15_000 });
  await code.getByRole('textbox').first().click();
  await page.keyboard.type(await site.velvet.lastCode(phone));
}

/** A phone number for the language's `index`-th guest, distinct across the file. */
function phoneFor(language: Language, index: number): string {
  const base = { 'es-ES': 10, 'fr-FR': 20, 'en-US': 30, 'de-DE': 40 }[language.browser] ?? 50;
  return `+141555509${String(base + index).padStart(2, '0')}`;
}

for (const language of LANGUAGES) {
  test.describe(`a browser in ${language.browser}`, () => {
    test.use({ locale: language.browser });
    const texts = language.site;

    test(`the gate and the widget speak ${language.lang}, and an uninvited number is turned away in it`, async ({
      page,
    }) => {
      await page.goto(site.url);
      await expect(page.getByRole('heading', { level: 1, name: texts.gate.heading })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      await expect(page).toHaveTitle(texts.title);
      await expect(page.getByText(texts.gate.intro)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      if (language.lang !== 'en') expect(englishIn(await siteWords(page, 'main'))).toEqual([]);

      await page.getByRole('button', { name: texts.gate.button }).click();
      await expect(
        page.getByRole('button', { name: language.widget.continueWithText }),
      ).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('region', { name: texts.gate.widgetLabel })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      if (language.lang !== 'en') expect(englishIn(await siteWords(page, 'main'))).toEqual([]);

      // Not on the list: the rejection screen, in the same language.
      await page.reload();
      await signIn(page, language, phoneFor(language, 1));
      await expect(
        page.getByRole('heading', { level: 1, name: texts.rejection.heading }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: texts.rejection.button })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      if (language.lang !== 'en') expect(englishIn(await siteWords(page, 'main'))).toEqual([]);
    });

    test(`the invitation's chrome speaks ${language.lang}; the hosts' content stays as written`, async ({
      page,
    }) => {
      const phone = phoneFor(language, 2);
      site.guests('add', phone, 'Ada Lovelace');
      await page.goto(site.url);
      await signIn(page, language, phone);
      await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);

      const nav = page.getByRole('navigation', { name: texts.invitation.nav.label });
      await expect(nav.getByRole('button', { name: texts.signOut.button })).toBeVisible();
      await expect(
        nav.getByRole('link', { name: texts.invitation.nav.schedule, exact: true }),
      ).toBeVisible();
      const greeting = texts.invitation.greeting.named.replace('{name}', 'Ada');
      await expect(page.getByText(greeting, { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(
        page.getByRole('link', { name: texts.invitation.calendar.wholeParty }),
      ).toBeVisible();
      const rsvp = page.getByRole('region', { name: texts.invitation.rsvp.heading, exact: true });
      await expect(rsvp.getByRole('group', { name: texts.invitation.rsvp.question })).toBeVisible({
        timeout: 15_000,
      });
      await expect(rsvp.getByRole('button', { name: texts.invitation.rsvp.submit })).toBeVisible();
      // The hosts' own words, as they wrote them.
      await expect(page.getByText(invitation.faq.items[0]?.question ?? '')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // A place's links, on the day that has one open.
      const panel = page.getByRole('tabpanel');
      await expect(
        panel.getByRole('link', { name: texts.invitation.places.map }).first(),
      ).toBeVisible();
      await expect(
        panel.getByRole('button', { name: texts.invitation.places.copy }).first(),
      ).toBeVisible();

      if (language.lang !== 'en') {
        const chrome = await siteWords(
          page,
          '.nav-actions, .nav nav, .hero-greeting, .photos, .calendar-all, .event-links, .copy-status, #rsvp',
        );
        expect(chrome.length).toBeGreaterThan(10);
        expect(englishIn(chrome)).toEqual([]);
      }

      await nav.getByRole('button', { name: texts.signOut.button }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.gate.heading })).toBeVisible({
        timeout: 15_000,
      });
    });
  });
}
