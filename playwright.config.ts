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
  // Generous limits: the suite must pass on a loaded two-core machine. Every assertion waits
  // for its condition (web-first `expect`), up to 15 s rather than Playwright's 5 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: await chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
});
