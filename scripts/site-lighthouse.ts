/**
 * `npm run site:lighthouse`: Lighthouse (mobile) on the built site against the real server,
 * once on the gate and once on the invitation with an invited guest signed in, and prints the
 * four category scores. Reports go to `.lighthouse/`.
 *
 * Lighthouse is not a dependency of the project (its 12.8 line is the last on Node 20 and it
 * brings 200 packages); it runs through `npx lighthouse@12.8.2`, or `LIGHTHOUSE_BIN` when set.
 * The guest signs in through the widget in a Chromium that Lighthouse then attaches to
 * through its profile (`--user-data-dir`, `--disable-storage-reset`), so the session is the one
 * the page itself made.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { signInThroughWidget } from '../e2e/support/site-page.js';
import { startSite } from '../e2e/support/site-server.js';
import { invitation } from '../site/content/invitation.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path.mjs';

const root = join(import.meta.dirname, '..');
const reportDir = join(root, '.lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Runs Lighthouse on `url` and returns its category scores (0–100). */
function lighthouse(url: string, name: string, extra: string[]): Record<string, number> {
  const [command, ...prefix] = process.env.LIGHTHOUSE_BIN
    ? [process.env.LIGHTHOUSE_BIN]
    : ['npx', '--yes', 'lighthouse@12.8.2'];
  const result = spawnSync(
    command ?? 'npx',
    [
      ...prefix,
      url,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      '--output=html',
      `--output-path=${join(reportDir, name)}`,
      '--quiet',
      ...extra,
    ],
    { encoding: 'utf8', env: process.env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(join(reportDir, `${name}.report.json`), 'utf8')) as {
    categories: Record<string, { score: number }>;
  };
  return Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      Math.round((report.categories[category]?.score ?? 0) * 100),
    ]),
  );
}

mkdirSync(reportDir, { recursive: true });
process.env.CHROME_PATH ??= await chromiumPath();
const site = await startSite();
const profile = mkdtempSync(join(tmpdir(), 'velvet-lighthouse-'));
try {
  const gate = lighthouse(site.url, 'gate', [
    `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`,
  ]);

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
  const invited = lighthouse(site.url, 'invitation', [
    `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS, `--user-data-dir=${profile}`].join(' ')}`,
    '--disable-storage-reset',
  ]);
  console.log('\nLighthouse (mobile)');
  console.table({ gate, invitation: invited });
} finally {
  await site.stop();
  rmSync(profile, { recursive: true, force: true });
}
