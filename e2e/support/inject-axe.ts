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

/** One axe violation: its rule and the nodes that break it. */
export interface AxeViolation {
  id: string;
  nodes: unknown[];
}

/**
 * The axe violations of the page's main frame, or of the first element matching `selector`
 * (`['no element']` style failure: a missing element is reported as a violation named so).
 */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  await injectAxe(page);
  return page.evaluate(async (scope) => {
    const { axe } = window as unknown as {
      axe: { run(context: unknown): Promise<{ violations: AxeViolation[] }> };
    };
    const context = scope ? document.querySelector(scope) : document;
    if (!context) return [{ id: `no element matches ${scope}`, nodes: [] }];
    const result = await axe.run(context);
    return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes }));
  }, selector);
}
