/** The TOTP product: authenticator apps as a second factor, with recovery codes. */
import { lazyRoutes } from '../lazy-routes.js';
import type { ServerProduct } from '../product.js';
import { totpErrors } from './totp-errors.js';
import { totpRoutes } from './totp-routes.js';
import { totpMigrations } from './totp-tables.js';
import { totpUserPart } from './totp-user-part.js';

/** How long an expired, never-verified enrolment is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The TOTP product: its routes at start, its service on their first request. */
export const totpProduct: ServerProduct = {
  migrations: totpMigrations,
  errors: totpErrors,
  userParts: [totpUserPart],
  register(sdk, context) {
    lazyRoutes(sdk, totpRoutes, () =>
      import('./totp-implementation.js').then((module) => module.totpImplementation(context)),
    );
  },
  housekeeping: async ({ store }, now) => {
    const { TotpRepository } = await import('./totp-repository.js');
    return new TotpRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS);
  },
};
