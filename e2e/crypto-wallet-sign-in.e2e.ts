/**
 * Crypto wallet sign-in end to end: a third-party page embeds the widget with the crypto product,
 * the browser has a MetaMask-like Ethereum wallet (EIP-1193 over a viem local account, announced
 * through EIP-6963) and a Phantom-like Solana wallet (Ed25519), both with keys made in the page,
 * and the real server verifies their signatures. On SQLite, and on PostgreSQL.
 */
import { expect, type Page, test } from '@playwright/test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { type PageTestWallets, testWalletsScript } from './support/crypto/test-wallets-script.js';
import { axeViolations } from './support/inject-axe.js';
import { missingPostgres, POSTGRES_URL, postgresAnswers } from './support/postgres-server.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';
import { recordVelvetEvents, widgetPage } from './support/widget-page.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-crypto-wallets';

const wallets = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { velvetTestWallets: PageTestWallets }).velvetTestWallets,
  );

const eventTypes = (page: Page) =>
  page.evaluate(() =>
    ((window as Window & { velvetEvents?: { type: string }[] }).velvetEvents ?? []).map(
      (event) => event.type,
    ),
  );

for (const database of ['SQLite', 'PostgreSQL'] as const) {
  test.describe(`crypto wallet sign-in on ${database}`, () => {
    let velvet: VelvetServer;
    let site: StaticSite;

    test.beforeAll(async () => {
      if (database === 'PostgreSQL' && !(await postgresAnswers())) {
        test.skip(true, missingPostgres(`crypto wallet sign-in on ${database}`));
      }
      buildWidget();
      let html = '';
      site = await serveStaticPage(() => html);
      velvet = await startVelvet({
        postgresUrl: database === 'PostgreSQL' ? POSTGRES_URL : '',
        config: {
          projects: [
            {
              name: 'Wallet party',
              publicToken: PUBLIC_TOKEN,
              authorizedOrigins: [site.origin],
              products: ['otp', 'crypto'],
            },
          ],
        },
      });
      html = widgetPage({
        velvetUrl: velvet.url,
        publicToken: PUBLIC_TOKEN,
        config: { products: ['crypto'] },
      });
    });

    test.afterAll(async () => {
      await velvet?.stop();
      await site?.close();
    });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript({ content: await testWalletsScript() });
      await page.addInitScript(recordVelvetEvents);
    });

    /** The signed-in user, as the server has it, read with the session cookie the widget set. */
    async function serverUser(page: Page) {
      const cookies = await page.context().cookies(site.origin);
      const token = cookies.find((cookie) => cookie.name === 'velvet_session')?.value;
      expect(token, 'the widget stored a session').toBeTruthy();
      const response = await fetch(`${velvet.url}/sdk/v1/users/me`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${token}`).toString('base64')}`,
        },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { crypto_wallets: unknown[] } }).data;
    }

    test('a guest signs in with an Ethereum wallet (Sign-In with Ethereum)', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(site.origin);
      await page.getByRole('button', { name: 'Continue with Metamask' }).click();
      await expect(page.getByText('Success!')).toBeVisible();
      const { ethereum } = await wallets(page);
      expect(ethereum.calls).toEqual(['eth_requestAccounts', 'personal_sign']);
      const host = new URL(site.origin).host;
      expect(ethereum.signed[0]).toContain(
        `${host} wants you to sign in with your Ethereum account:\n${ethereum.address}\n`,
      );
      expect(ethereum.signed[0]).toContain(`\nURI: ${site.origin}\n`);
      expect(ethereum.signed[0]).toMatch(/\nChain ID: 1\nNonce: [0-9a-f]{32}\nIssued At: /);
      expect(await eventTypes(page)).toEqual([
        'CRYPTO_WALLET_AUTHENTICATE_START',
        'CRYPTO_WALLET_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]);
      const user = await serverUser(page);
      expect(user.crypto_wallets).toEqual([
        expect.objectContaining({
          crypto_wallet_address: ethereum.address,
          crypto_wallet_type: 'ethereum',
          verified: true,
        }),
      ]);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    test('a guest signs in with a Solana wallet', async ({ page }) => {
      await page.goto(site.origin);
      await page.getByRole('button', { name: 'Continue with Phantom' }).click();
      await expect(page.getByText('Success!')).toBeVisible();
      const { solana } = await wallets(page);
      expect(solana.calls).toEqual(['connect', 'signMessage']);
      expect(solana.signed[0]).toContain(
        `wants you to sign in with your Solana account:\n${solana.address}\n`,
      );
      const user = await serverUser(page);
      expect(user.crypto_wallets).toEqual([
        expect.objectContaining({
          crypto_wallet_address: solana.address,
          crypto_wallet_type: 'solana',
        }),
      ]);
    });

    test('a guest who refuses the signature request sees the error and is not signed in', async ({
      page,
    }) => {
      await page.goto(site.origin);
      await page.evaluate(() => {
        (
          window as unknown as { velvetTestWallets: PageTestWallets }
        ).velvetTestWallets.ethereum.reject = 'sign';
      });
      await page.getByRole('button', { name: 'Continue with Metamask' }).click();
      await expect(page.getByText('[Error] Could not sign message')).toBeVisible();
      await expect(page.getByText('Your sign in request could not be completed')).toBeVisible();
      const cookies = await page.context().cookies(site.origin);
      expect(cookies.find((cookie) => cookie.name === 'velvet_session')).toBeUndefined();
      await page.getByRole('button', { name: 'Go back' }).click();
      await expect(page.getByRole('button', { name: 'Continue with Metamask' })).toBeVisible();
    });
  });
}
