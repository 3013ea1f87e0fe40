/**
 * What the site's end-to-end tests do in the page: sign in through the widget as a guest
 * would (phone number, then the code from the development outbox), read the session cookie,
 * and check the page with axe.
 */
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { SiteServer } from './site-server.js';

const require = createRequire(import.meta.url);

/** A US number as a guest types it: the national digits of `+1XXXXXXXXXX`. */
function nationalDigits(phone: string): string {
  return phone.replace(/^\+1/, '');
}

/** From the gate: "Let's check!", the phone number, and "Continue with text message". */
export async function requestCode(page: Page, phone: string): Promise<void> {
  await page.getByRole('button', { name: "Let's check!" }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(nationalDigits(phone));
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
}

/** Types `code` into the six boxes, as a guest would. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Signs `phone` in through the widget with the code from the outbox. */
export async function signInThroughWidget(
  page: Page,
  site: SiteServer,
  phone: string,
): Promise<void> {
  await requestCode(page, phone);
  await typeCode(page, await site.velvet.lastCode(phone));
}

/** The `velvet_session` cookie the client library wrote, or `undefined`. */
export async function sessionCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  const value = cookies.find((cookie) => cookie.name === 'velvet_session')?.value;
  return value === undefined ? undefined : decodeURIComponent(value);
}

/** One axe violation, shortened for a readable failure message. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Runs axe-core on the page (open shadow roots included) and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above.
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (violation: { id: string; impact: string | null; nodes: { target: unknown }[] }) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => JSON.stringify(node.target)),
      }),
    );
  });
}

/**
 * What sticks out past the right edge of the viewport (elements in open shadow roots included),
 * as `tag.class` names; empty when the page does not scroll sideways.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.right > window.innerWidth + 0.5) {
          found.push(
            `${element.localName}.${[...element.classList].join('.')} (${Math.round(box.right)}px)`,
          );
        }
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return found.length > 0 ? found : [`scrollWidth ${document.documentElement.scrollWidth}px`];
  });
}
