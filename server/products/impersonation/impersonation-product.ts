/** Impersonation: support staff sign in as a user with a token minted on the host. */
import type { ServerProduct } from '../product.js';
import { impersonationErrors } from './impersonation-errors.js';
import { impersonationRoutes } from './impersonation-routes.js';
import { impersonationMigrations } from './impersonation-tables.js';
import { ImpersonationTokens } from './impersonation-tokens.js';

/** The impersonation product. */
export const impersonationProduct: ServerProduct = {
  migrations: impersonationMigrations,
  errors: impersonationErrors,
  register(sdk, context) {
    impersonationRoutes(sdk, {
      tokens: new ImpersonationTokens(context.store.db),
      sessions: context.sessions,
      store: context.store,
      limiter: context.limiter,
      clock: context.clock,
    });
  },
  housekeeping: ({ store }, now) =>
    new ImpersonationTokens(store.db).purgeExpired(now - 24 * 60 * 60_000),
};
