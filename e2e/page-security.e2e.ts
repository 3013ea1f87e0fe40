/**
 * The pages' Content-Security-Policy, as Chromium enforces it: a script injected inline into
 * the gate does not run, and no other site can frame the gate or the error catalogue.
 */
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { freePort } from '../server/test/ports.js';
import { type SiteServer, startSite } from './support/site-server.js';

let site: SiteServer;
let framer: Server;
let framerUrl: string;

test.beforeAll(async () => {
  site = await startSite();
  const port = await freePort();
  framer = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>framer</title><iframe src="${target}"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(port, '127.0.0.1', resolve));
  framerUrl = `http://127.0.0.1:${port}/`;
});

test.afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => framer?.close(resolve));
});

test('a script injected inline into the gate is refused by the browser', async ({ page }) => {
  await page.goto(site.url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const refused = new Promise<string>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) =>
        resolve(event.effectiveDirective),
      );
      // No report within a generous while means nothing refused the script: the browser reports
      // at once, so the limit only bounds a failing test.
      setTimeout(() => resolve('no violation reported'), 60_000);
    });
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    return {
      ran: (window as unknown as { __injected?: boolean }).__injected === true,
      directive: await refused,
    };
  });
  expect(outcome).toEqual({ ran: false, directive: 'script-src-elem' });
});

for (const path of ['/', '/docs/errors']) {
  test(`another site cannot frame ${path}`, async ({ page }) => {
    const blocked = page.waitForEvent('console', {
      predicate: (message) =>
        /frame-ancestors|X-Frame-Options|refused to (display|frame)/i.test(message.text()),
      timeout: 90_000,
    });
    await page.goto(`${framerUrl}?src=${encodeURIComponent(`${site.url}${path}`)}`);
    await blocked;
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    // A refused frame shows Chromium's error page, never the framed page's text.
    await expect
      .poll(async () => (await frame?.content()) ?? '')
      .not.toMatch(/Do we know you|Velvet API errors/);
  });
}
