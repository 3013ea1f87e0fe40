/**
 * Puts axe-core into a page. Through the DevTools protocol rather than a `<script>`: the
 * pages' Content-Security-Policy refuses inline scripts, as it should, and the test must not
 * weaken it to look at the page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Defines `window.axe` in `page`'s main frame, once. */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(AXE_SOURCE);
}
