/** What the crypto-wallet routes call, built on their first request (`lazyRoutes`). */
import { clientKey } from '../../rate-limit/client-key.js';
import type { ProductContext } from '../product.js';
import { CryptoWalletsRepository } from './crypto-repository.js';
import { CryptoWalletsService } from './crypto-service.js';

/** The crypto-wallet service over the context's store and limiter. */
export function cryptoWalletsImplementation(context: ProductContext) {
  const wallets = new CryptoWalletsService(
    new CryptoWalletsRepository(context.store.db),
    context.sessions,
    context.limiter,
    context.clock,
    (ip) => clientKey(context.secret, ip),
  );
  return { wallets, store: context.store, ownOrigin: context.ownOrigin };
}
