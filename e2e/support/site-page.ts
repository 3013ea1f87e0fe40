/**
 * What the site's end-to-end tests do in the page: sign in through the widget as a guest
 * would (phone number, then the code from the development outbox), read the session cookie
 * (from the browser: it is `HttpOnly`) and what page script can read, and check the page with
 * axe.
 */
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { invitation } from '../../site/content/invitation.js';
import { injectAxe } from './inject-axe.js';
import type { SiteServer } from './site-server.js';

const _require = createRequire(import.meta.url);

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

/**
 * Puts `phone` on the guest list (with `name`, if given), opens the site and signs it in through
 * the widget; resolves once the invitation shows.
 */
export async function openInvitation(
  page: Page,
  site: SiteServer,
  phone: string,
  name?: string,
): Promise<void> {
  site.guests('add', phone, ...(name ? [name] : []));
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible({
    timeout: 60_000,
  });
}

/**
 * The session token the server issued to the page, or `undefined`: the value of its `HttpOnly`
 * cookie as the browser keeps it (the test reads the browser's jar; no page script can).
 */
export async function sessionCookie(page: Page): Promise<string | undefined> {
  const value = (await serverSessionCookie(page))?.value;
  return value === undefined ? undefined : decodeURIComponent(value);
}

/**
 * Everything a script on the page can read that could hold a session: `document.cookie` and
 * every key and value of `localStorage` and `sessionStorage`, one per line.
 */
export async function scriptReadable(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.cookie,
      ...[localStorage, sessionStorage].flatMap((storage) =>
        Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
      ),
    ].join('\n'),
  );
}

/**
 * The requests by which the page checks the guest with the server: `GET /users/me`, and the
 * `POST /sessions/authenticate` of a page that opens with a session (which extends it too, see
 * `site/app/guest-status.ts`). A test that makes the guest list unreachable refuses both.
 */
export const GUEST_CHECKS = /\/sdk\/v1\/(users\/me|sessions\/authenticate)$/;

/** What a JWT looks like (three base64url parts, the first two JSON objects). */
export const JWT_SHAPE = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;

/** The session cookie the server set itself (`HttpOnly`), as the browser keeps it, or `undefined`. */
export async function serverSessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'velvet_site_session');
}

/**
 * The live regions (`role` alert, status or log, or `aria-live` polite or assertive; open shadow
 * roots included) whose text contains `text`: each is one announcement of it. Regions inside
 * another region count once, as the outermost.
 */
export async function liveRegionsSaying(page: Page, text: string): Promise<string[]> {
  return page.evaluate((needle) => {
    const isLive = (element: Element) =>
      ['alert', 'status', 'log'].includes(element.getAttribute('role') ?? '') ||
      ['polite', 'assertive'].includes(element.getAttribute('aria-live') ?? '');
    /** The element's parent, crossing out of shadow roots. */
    const parentOf = (element: Element): Element | null =>
      element.parentElement ??
      (element.parentNode instanceof ShadowRoot ? element.parentNode.host : null);
    const insideLive = (element: Element) => {
      for (let node = parentOf(element); node; node = parentOf(node)) {
        if (isLive(node)) return true;
      }
      return false;
    };
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (isLive(element) && !insideLive(element) && element.textContent?.includes(needle)) {
          found.push(`${element.localName}.${[...element.classList].join('.')}`);
        }
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return found;
  }, text);
}

/**
 * Sets the browser's text size to `percent` of its default (as a guest's "font size" setting
 * does: everything sized in `rem` or `em` grows, the viewport does not), for WCAG 1.4.4.
 */
export async function setTextSize(page: Page, percent: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', {
    fontSizes: { standard: (16 * percent) / 100, fixed: (13 * percent) / 100 },
  });
  await cdp.detach();
}

/**
 * What a guest cannot fully see or reach among `selector`'s matches: each must lie within the
 * viewport's width and be the topmost element at its centre (not clipped, not covered).
 * Empty when all are there.
 */
export async function unreachable(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const name = element.textContent?.trim() ?? element.localName;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [`${name}: not shown`];
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        return [`${name}: ${Math.round(box.left)}–${Math.round(box.right)}px`];
      }
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top && (top === element || element.contains(top)) ? [] : [`${name}: covered`];
    }),
  );
}

/** One axe violation, shortened for a readable failure message. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Runs axe-core on the page (open shadow roots included) and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await injectAxe(page);
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
