/**
 * OAuth from the demo of a development server with no config: the development project offers
 * every provider through the development identity provider. For Google, GitHub and Microsoft the
 * developer turns the provider on, clicks its button, picks a person on the development sign-in
 * page (axe-clean, labelled as not the real provider) and lands back on the demo signed in.
 */
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, openGroup, startDemo } from './demo-support.js';
import { axeViolations } from './support/inject-axe.js';

let demo: DemoServer;

test.beforeAll(async () => {
  demo = await startDemo();
});

test.afterAll(async () => {
  await demo?.stop();
});

const widget = (page: Page) => page.locator('velvet-login');
const session = (page: Page) => page.getByRole('region', { name: 'Session' });

const PROVIDERS = [
  { type: 'google', label: 'Google', person: { name: 'Ada Lovelace', email: 'ada@example.com' } },
  { type: 'github', label: 'GitHub', person: { name: 'Grace Hopper', email: 'grace@example.com' } },
  {
    type: 'microsoft',
    label: 'Microsoft',
    person: { name: 'Katherine Johnson', email: 'katherine@example.com' },
  },
] as const;

for (const [index, provider] of PROVIDERS.entries()) {
  test(`signs in with ${provider.label} through the development identity provider`, async ({
    page,
  }) => {
    await page.goto(demo.demoUrl);
    await expect(session(page)).toContainText('Signed out.', { timeout: 30_000 });
    await openGroup(page, 'OAuth');
    await page.getByRole('checkbox', { name: provider.type, exact: true }).check();
    await page.getByRole('checkbox', { name: 'OAuth (social login)' }).check();

    await widget(page)
      .getByRole('button', { name: `Continue with ${provider.label}` })
      .click();

    // The development sign-in page, labelled as a stand-in.
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: `Development sign-in: not the real ${provider.label}`,
      }),
    ).toBeVisible({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/dev/identity/${provider.type}/authorize`);
    expect(await axeViolations(page)).toEqual([]);

    if (index === 0) {
      // A preset person, by keyboard.
      const preset = page.getByRole('button', { name: /^Ada Lovelace/ });
      await preset.focus();
      await page.keyboard.press('Enter');
    } else {
      // A person typed in.
      await page.getByRole('textbox', { name: 'Name' }).fill(provider.person.name);
      await page.getByRole('textbox', { name: 'Email (optional)' }).fill(provider.person.email);
      await page.getByRole('button', { name: 'Sign in as this person' }).click();
    }

    // Back on the demo, signed in as that person.
    await expect(page).toHaveURL(/\/demo\//, { timeout: 30_000 });
    await expect(widget(page).getByText('Success!')).toBeVisible({ timeout: 30_000 });
    await expect(session(page)).toContainText('Signed in until', { timeout: 30_000 });
    await expect(session(page).getByLabel('User data')).toContainText(provider.person.email);
  });
}

test('Google One Tap signs in through the development Google, its prompt labelled Development', async ({
  page,
}) => {
  await page.goto(demo.demoUrl);
  await expect(session(page)).toContainText('Signed out.', { timeout: 30_000 });
  await openGroup(page, 'OAuth');
  await page.getByRole('checkbox', { name: 'google', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Google One Tap prompt' }).check();
  await page.getByRole('checkbox', { name: 'OAuth (social login)' }).check();

  // The widget loads the development server's stand-in of Google's script, never Google's.
  const prompt = page.getByRole('dialog', {
    name: 'Development: sign in to this site with Google',
  });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText('Development: not the real Google');
  await prompt.getByRole('button', { name: 'Continue as Ada Lovelace' }).click();

  await expect(page).toHaveURL(/\/demo\//, { timeout: 30_000 });
  await expect(session(page)).toContainText('Signed in until', { timeout: 30_000 });
  await expect(session(page).getByLabel('User data')).toContainText('ada@example.com');
});
