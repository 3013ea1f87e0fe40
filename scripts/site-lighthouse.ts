/**
 * `npm run site:lighthouse`: Lighthouse (mobile) on the built site against the real server,
 * once on the gate and once on the invitation with an invited guest signed in, and prints the
 * four category scores. Lighthouse runs through `scripts/lighthouse-runner.ts`; reports go to
 * `.lighthouse/`.
 *
 * The guest signs in through the widget in a Chromium that Lighthouse then attaches to
 * through its profile (`--user-data-dir`, `--disable-storage-reset`), so the session is the one
 * the page itself made.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { signInThroughWidget } from '../e2e/support/site-page.js';
import { startSite } from '../e2e/support/site-server.js';
import { invitation } from '../site/content/invitation.js';
import { CHROMIUM_ARGS } from './chromium-path.mjs';
import { chromeFlags, prepareLighthouse, runLighthouse } from './lighthouse-runner.js';

await prepareLighthouse();
const site = await startSite();
const profile = mkdtempSync(join(tmpdir(), 'velvet-lighthouse-'));
try {
  const gate = runLighthouse(site.url, 'gate', [chromeFlags()]).scores;

  const phone = '+14155550990';
  site.guests('add', phone, 'Lighthouse Guest');
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(site.url);
    await signInThroughWidget(page, site, phone);
    await page.getByRole('heading', { level: 1, name: invitation.names }).waitFor();
  } finally {
    // Closing writes the profile (the session in localStorage and cookies) to disk.
    await browser.close();
  }
  const invited = runLighthouse(site.url, 'invitation', [
    chromeFlags([`--user-data-dir=${profile}`]),
    '--disable-storage-reset',
  ]).scores;
  console.log('\nLighthouse (mobile)');
  console.table({ gate, invitation: invited });
} finally {
  await site.stop();
  rmSync(profile, { recursive: true, force: true });
}
