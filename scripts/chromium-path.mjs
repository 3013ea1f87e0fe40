/**
 * Finds the Chromium the browser tests launch: `CHROME_PATH`, else
 * Playwright's own Chromium when one is installed, else Debian's
 * `/usr/bin/chromium`. With none, it throws a message saying how to get one.
 * Never `npx playwright install` on our machines: it cannot download.
 */
import { existsSync } from 'node:fs';

/** Launch flags that work headless as root on our machines and in CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The path of a Chromium executable. */
export async function chromiumPath() {
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) {
      throw new Error(`CHROME_PATH=${process.env.CHROME_PATH} does not exist.`);
    }
    return process.env.CHROME_PATH;
  }
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    if (path && existsSync(path)) return path;
  } catch {
    // No Playwright browser of its own: fall through to Debian's.
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    'No Chromium found for the browser tests. Install one (Debian/Ubuntu: ' +
      '`apt-get install chromium`) or set CHROME_PATH to a Chromium or Chrome executable.',
  );
}
