/** The crypto-wallet product: `/crypto_wallets/*`, sign-in with Ethereum and Solana wallets. */
import type { ServerProduct } from '../product.js';
import { KEEP_EXPIRED_MS } from './crypto-limits.js';
import { CryptoWalletsRepository } from './crypto-wallets-repository.js';
import { cryptoWalletRoutes } from './crypto-wallets-routes.js';
import { CryptoWalletsService } from './crypto-wallets-service.js';
import { cryptoWalletMigrations } from './crypto-wallets-tables.js';

/** The crypto-wallet product. */
export const cryptoWalletsProduct: ServerProduct = {
  name: 'crypto',
  migrations: cryptoWalletMigrations,
  register(sdk, context) {
    const wallets = new CryptoWalletsService(
      new CryptoWalletsRepository(context.store.db),
      context.sessions,
      context.limiter,
      context.clock,
    );
    cryptoWalletRoutes(sdk, { wallets, store: context.store, ownOrigin: context.ownOrigin });
  },
  housekeeping: ({ store }, now) =>
    new CryptoWalletsRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
