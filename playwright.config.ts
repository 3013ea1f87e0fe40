/**
 * End-to-end tests (`e2e/**\/*.e2e.ts`): Playwright drives Chromium against
 * the real server. The browser comes from `scripts/chromium-path.mjs`.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.mjs';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Generous limits: the suite must pass on a loaded two-core machine beside a second test run.
  // Every assertion waits for its condition (web-first `expect`), up to 60 s rather than
  // Playwright's 5 s. A test and a file's setup (`beforeAll`, which gets the same limit) get
  // 600 s: whichever file runs first builds the widget, the demo or the site (demo-embed's two
  // builds and server took about 3 minutes at a load of 20), and a site test that runs the guests
  // command took 156 s at that load.
  timeout: 600_000,
  expect: { timeout: 60_000 },
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: await chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
});
