/** The crypto-wallet product: `/crypto_wallets/*`, sign-in with Ethereum and Solana wallets. */
import { lazyRoutes } from '../lazy-routes.js';
import type { ServerProduct } from '../product.js';
import { cryptoErrors } from './crypto-errors.js';
import { KEEP_EXPIRED_MS } from './crypto-limits.js';
import { cryptoWalletRoutes } from './crypto-routes.js';
import { cryptoWalletSettingsPart } from './crypto-settings.js';
import { cryptoWalletMigrations } from './crypto-tables.js';
import { cryptoUserPart } from './crypto-user-part.js';

/** The crypto-wallet product: its routes at start, its service on their first request. */
export const cryptoProduct: ServerProduct = {
  migrations: cryptoWalletMigrations,
  settings: [cryptoWalletSettingsPart],
  errors: cryptoErrors,
  userParts: [cryptoUserPart],
  register(sdk, context) {
    lazyRoutes(sdk, cryptoWalletRoutes, () =>
      import('./crypto-implementation.js').then((module) =>
        module.cryptoWalletsImplementation(context),
      ),
    );
  },
  bootstrap: (project) => ({
    // Only a project offering crypto wallets asks SDKs for Sign-In with Ethereum parameters.
    siwe_required_for_crypto_wallets:
      project.settings.products.includes('crypto') && project.settings.cryptoWallets.siweRequired,
  }),
  housekeeping: async ({ store }, now) => {
    const { CryptoWalletsRepository } = await import('./crypto-repository.js');
    return new CryptoWalletsRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS);
  },
};
