/**
 * The demo holds still while it loads (issue 34): Lighthouse measured a cumulative layout shift
 * of 0.103 on a phone, the settings pushed down as the widget's form arrived above them. Here the
 * browser's own measure, the `layout-shift` entries a PerformanceObserver receives from the
 * start of the page, summed (those right after input left out, as Lighthouse does), stays under
 * 0.05 from the first paint until the widget's form, the settings and the panels are all on
 * screen: on a phone (Lighthouse's mobile screen) and on a laptop.
 */
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemo } from './demo-support.js';

/** The most the shifts may add up to (Lighthouse's "good" is 0.1; issue 34 asks for 0.05). */
const MAX_LAYOUT_SHIFT = 0.05;

/**
 * Sums the page's layout shifts from its start into `window.velvetLayoutShift`, with what moved
 * for the failure message. A string, so the bundler adds nothing to it.
 */
const RECORD_LAYOUT_SHIFTS = `
  window.velvetLayoutShift = { total: 0, shifts: [] };
  window.velvetRecordShifts = (entries) => {
    for (const entry of entries) {
      if (entry.hadRecentInput) continue;
      window.velvetLayoutShift.total += entry.value;
      window.velvetLayoutShift.shifts.push(
        entry.value.toFixed(4) + ': ' +
          entry.sources
            .map((source) => {
              const node = source.node;
              const name = node ? node.nodeName + (node.className ? '.' + node.className : '') : '?';
              return name + ' from y=' + Math.round(source.previousRect.y) + ' to y=' + Math.round(source.currentRect.y);
            })
            .join(', '),
      );
    }
  };
  window.velvetLayoutShiftObserver = new PerformanceObserver((list) =>
    window.velvetRecordShifts(list.getEntries()),
  );
  window.velvetLayoutShiftObserver.observe({ type: 'layout-shift', buffered: true });
`;

/** The shifts so far, once the browser has painted twice more (entries come after a paint). */
async function layoutShifts(page: Page): Promise<{ total: number; shifts: string[] }> {
  return page.evaluate(
    `new Promise((resolve) =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          window.velvetRecordShifts(window.velvetLayoutShiftObserver.takeRecords());
          resolve(window.velvetLayoutShift);
        }),
      ),
    )`,
  );
}

let demo: DemoServer;

test.beforeAll(async () => {
  demo = await startDemo();
});

test.afterAll(async () => {
  await demo?.stop();
});

for (const screen of [
  { name: 'a phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 },
  { name: 'a laptop', viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
]) {
  test(`on ${screen.name}, nothing moves while the demo loads`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: screen.viewport,
      deviceScaleFactor: screen.deviceScaleFactor,
    });
    try {
      const page = await context.newPage();
      await page.addInitScript(RECORD_LAYOUT_SHIFTS);
      await page.goto(demo.demoUrl);

      // Loaded: the widget's form, the settings to their last group, the outbox read, and the
      // last panel.
      const widget = page.locator('velvet-login');
      await expect(widget.getByRole('tab', { name: 'Email' })).toBeVisible();
      await expect(
        widget.getByRole('button', { name: 'Continue with text message' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Locale' })).toBeAttached();
      await expect(
        page
          .getByRole('region', { name: 'Development outbox' })
          .getByText('No messages yet', { exact: false }),
      ).toBeAttached();
      await expect(page.getByRole('region', { name: 'Embed it' })).toBeAttached();

      const { total, shifts } = await layoutShifts(page);
      expect(total, `layout shifts:\n${shifts.join('\n')}`).toBeLessThan(MAX_LAYOUT_SHIFT);
    } finally {
      await context.close();
    }
  });
}
