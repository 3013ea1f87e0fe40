/**
 * The widget's versioned URL after an upgrade: a page that pinned the previous release's entry
 * (`/widget/v<previous>/velvet.js`, with its integrity hash) keeps working once a newer release is
 * built, because the build keeps each release's folder (`dist/widget-versions/`) and the entry's
 * chunks resolve under its own versioned path. The previous release is the current build copied
 * under another version, as the build would have kept it.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { WidgetIntegrity } from '../scripts/widget-versions.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget, WIDGET_DIR } from './support/widget-bundle.js';
import { SMS_ONLY } from './support/widget-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-widget-versions';
const PHONE = '+14155550733';
/** The release the page pinned before the upgrade. */
const PREVIOUS = '0.0.1-e2e-previous';

const versionsDir = join(WIDGET_DIR, '..', 'widget-versions');
const previousDir = join(versionsDir, `v${PREVIOUS}`);

let velvet: VelvetServer;
let site: StaticSite;
let html = '';

test.beforeAll(async () => {
  buildWidget();
  const current = JSON.parse(
    readFileSync(join(WIDGET_DIR, 'integrity.json'), 'utf8'),
  ) as WidgetIntegrity;
  // The previous release as the build kept it, then the upgrade to the current one.
  rmSync(previousDir, { recursive: true, force: true });
  cpSync(join(versionsDir, `v${current.version}`), previousDir, { recursive: true });
  writeFileSync(
    join(previousDir, 'integrity.json'),
    JSON.stringify({ ...current, version: PREVIOUS }),
  );
  site = await serveStaticPage(() => html);
  velvet = await startVelvet({
    config: {
      projects: [
        { name: 'Versions party', publicToken: PUBLIC_TOKEN, authorizedOrigins: [site.origin] },
      ],
    },
  });
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
  rmSync(previousDir, { recursive: true, force: true });
});

test('a page pinned to the previous release still loads it whole and reaches the phone form', async ({
  page,
}) => {
  const previous = JSON.parse(
    readFileSync(join(previousDir, 'integrity.json'), 'utf8'),
  ) as WidgetIntegrity;
  const entryUrl = `${velvet.url}/widget/v${PREVIOUS}/velvet.js`;
  html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pinned</title>
<script type="module" src="${entryUrl}" integrity="${previous.files['velvet.js']}" crossorigin="anonymous"></script>
</head><body><main><h1>Sign in</h1>
<velvet-login public-token="${PUBLIC_TOKEN}" api-base="${velvet.url}"
  config='${JSON.stringify(SMS_ONLY)}'></velvet-login>
</main></body></html>`;

  const scripts: { url: string; status: number; cacheControl: string }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/widget/')) {
      scripts.push({
        url: url.pathname,
        status: response.status(),
        cacheControl: response.headers()['cache-control'] ?? '',
      });
    }
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.origin);

  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  // Typing loads the phone parser and its metadata; sending, the client library and the
  // passcode screen: each a chunk of the previous release.
  await phone.fill('4155550733');
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await expect.poll(() => velvet.outbox(PHONE).then((messages) => messages.length)).toBe(1);

  expect(errors).toEqual([]);
  expect(scripts.length).toBeGreaterThan(3);
  for (const script of scripts) {
    expect(script.url.startsWith(`/widget/v${PREVIOUS}/`), script.url).toBe(true);
    expect(script.status, script.url).toBe(200);
    expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
  }
  expect(scripts.some((script) => script.url.includes('/chunks/'))).toBe(true);
});
