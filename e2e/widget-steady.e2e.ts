/**
 * The widget holds still and never leaves a guest before a blank screen (issue 37, item 2).
 *
 * On a throttled network (150 ms round trips, 1.6 Mbps), the phone form offers only the
 * project's countries (the server's default list: the United States and Canada) from the first
 * paint of its country select to the passcode screen, as a MutationObserver in the page sees
 * every option ever put in the widget; and the layout-shift entries the browser reports add up
 * to 0 from the start of the page through the passcode screen.
 */
import { expect, type Page, test } from '@playwright/test';
import { SMS_ONLY, startWidgetSite, type WidgetSite } from './support/widget-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-widget-steady';
/** The project's countries: the server's default `sms.allowedCountries`. */
const PROJECT_COUNTRIES = ['CA', 'US'];

/**
 * An init script: every option value the widget's country select ever held, when the select
 * first appeared, the layout shifts (all of them, those after input too), and each
 * `velvet-error` detail. A string, so the bundler adds nothing to it.
 */
const RECORD = `
  window.velvetSteady = {
    options: [], selectAt: null, formShownAt: null, formHeights: [], shifts: 0, sources: [], errors: [],
  };
  const steady = window.velvetSteady;
  const look = () => {
    const options = document.querySelectorAll('velvet-login select option');
    if (options.length > 0 && steady.selectAt === null) steady.selectAt = performance.now();
    for (const option of options) {
      if (!steady.options.includes(option.value)) steady.options.push(option.value);
    }
    const form = document.querySelector('velvet-otp-phone-form');
    if (form && !form.velvetWatched) {
      form.velvetWatched = true;
      new ResizeObserver((entries) => {
        for (const entry of entries) {
          const height = entry.borderBoxSize[0].blockSize;
          if (height > 0 && !steady.formHeights.includes(height)) steady.formHeights.push(height);
        }
      }).observe(form);
    }
  };
  // When the phone field is first on screen (laid out and not hidden).
  const shown = () => {
    const input = document.querySelector('velvet-login input[type="tel"]');
    if (input && input.checkVisibility({ visibilityProperty: true })) {
      steady.formShownAt = performance.now();
    } else requestAnimationFrame(shown);
  };
  requestAnimationFrame(shown);
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      steady.shifts += entry.value;
      steady.sources.push(entry.value.toFixed(4) + ': ' + entry.sources.map((source) =>
        (source.node ? source.node.nodeName + '.' + source.node.className : '?') +
        ' from ' + JSON.stringify(source.previousRect) + ' to ' + JSON.stringify(source.currentRect)).join(', '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('velvet-error', (event) => steady.errors.push(event.detail));
`;

interface Recorded {
  options: string[];
  selectAt: number | null;
  formShownAt: number | null;
  formHeights: number[];
  shifts: number;
  sources: string[];
  errors: { message: string; errorType?: string }[];
}

/** What the page recorded, once the browser has painted twice more (shifts come after a paint). */
function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(
    `new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.velvetSteady))),
    )`,
  );
}

let widgetSite: WidgetSite;

test.beforeAll(async () => {
  widgetSite = await startWidgetSite({
    name: 'Steady party',
    publicToken: PUBLIC_TOKEN,
    config: SMS_ONLY,
  });
});

test.afterAll(async () => {
  await widgetSite?.close();
});

/** A phone number of the project's countries the server texts (the development outbox). */
let nextPhone = 4155550761;

test('on a throttled network the phone form offers only the project’s countries, and nothing moves through the passcode screen', async ({
  page,
}, testInfo) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.addInitScript(RECORD);
  // The page goes on below the widget, and keeps the widget's room as the demo does (the card,
  // then its form as the product's chunk arrives): a widget that outgrows it, or jumps inside
  // it, moves something.
  await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    const room = document.createElement('style');
    room.textContent = 'velvet-login { display: block; min-height: 24rem; }';
    const below = document.createElement('p');
    below.textContent = 'The party’s details, below the widget.';
    document.head.append(room);
    document.querySelector('main').after(below);
  });`);
  await page.goto(widgetSite.site.origin);
  await expect(page.getByText('below the widget')).toBeVisible();

  const widget = page.locator('velvet-login');
  const phone = widget.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  const country = widget.getByRole('combobox', { name: 'Country code' });
  await expect(country).toHaveValue('US');
  await phone.fill(String(nextPhone++));
  await widget.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(widget.getByRole('group', { name: 'One-time passcode' })).toBeVisible();

  const seen = await recorded(page);
  expect(seen.selectAt, 'the country select appeared').not.toBeNull();
  expect([...seen.options].sort(), 'every country the select ever offered').toEqual(
    PROJECT_COUNTRIES,
  );
  expect(seen.shifts, `layout shifts:\n${seen.sources.join('\n')}`).toBe(0);
  // The form keeps one height from its first layout (hidden, while the countries are read) on.
  expect(seen.formHeights, 'the phone form’s heights').toHaveLength(1);
  const figure = `phone form on screen at ${seen.formShownAt?.toFixed(0)} ms (throttled), its select first in the page at ${seen.selectAt?.toFixed(0)} ms`;
  console.log(figure);
  testInfo.annotations.push({ type: 'steady', description: figure });
  expect(seen.errors).toEqual([]);
});
