/**
 * Each panel of the demo's settings says what the developer configures on the server for
 * production (issue 34): the project's panel and every product's, from passcodes to crypto
 * wallets. Opened, a panel shows its note first, with the config keys and environment variables
 * as code, and the note is the panel's description for screen readers (`aria-describedby`).
 * `scripts/demo-production-notes.test.ts` checks the notes against the server; axe runs over
 * every panel open in `demo-playground.e2e.ts`.
 */
import { expect, test } from '@playwright/test';
import { type NotedPanel, noteParts, PRODUCTION_NOTES } from '../demo/production-notes.js';
import { type DemoServer, openGroup, startDemo } from './demo-support.js';

let demo: DemoServer;

test.beforeAll(async () => {
  demo = await startDemo();
});

test.afterAll(async () => {
  await demo?.stop();
});

/** Each panel with a note, by the title of its group. */
const PANELS: Record<string, NotedPanel> = {
  Project: 'project',
  'One-time passcodes': 'otp',
  'Email magic links': 'emailMagicLinks',
  OAuth: 'oauth',
  Passwords: 'passwords',
  Passkeys: 'passkeys',
  'Crypto wallets': 'crypto',
};

test('every product’s panel says what production needs, with the keys as code', async ({
  page,
}) => {
  await page.goto(demo.demoUrl);
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  for (const [title, panel] of Object.entries(PANELS)) {
    await openGroup(page, title);
    const group = page.locator('details.group').filter({
      has: page.locator('summary', { hasText: title }),
    });
    const parts = noteParts(PRODUCTION_NOTES[panel]);
    const text = `For production: ${parts.map((part) => part.text).join('')}`;
    const note = group.getByText('For production:').locator('..');
    await expect(note, title).toBeVisible();
    await expect(note, title).toHaveText(text);
    await expect(note.locator('code'), title).toHaveText(
      parts.filter((part) => part.code).map((part) => part.text),
    );
    await expect(group, title).toHaveAccessibleDescription(text);
  }
});
