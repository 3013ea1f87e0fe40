/** The TOTP product: authenticator apps as a second factor, with recovery codes. */
import { SealedJson } from '../../keys/sealed-json.js';
import { lazyRoutes } from '../lazy-routes.js';
import type { ServerProduct } from '../product.js';
import { totpErrors } from './totp-errors.js';
import { totpRoutes } from './totp-routes.js';
import { TOTP_SEALING_PURPOSE, totpMigrations } from './totp-tables.js';
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
  // During a secret rotation, enrolments sealed under the previous secret are sealed again under
  // the current one, so they outlive the grace period.
  housekeeping: async ({ store, secret, previousSecret }, now) => {
    const { TotpRepository } = await import('./totp-repository.js');
    const repository = new TotpRepository(store.db);
    const purged = await repository.purgeExpired(now - KEEP_EXPIRED_MS);
    if (!previousSecret) return purged;
    const sealer = new SealedJson(secret, TOTP_SEALING_PURPOSE, previousSecret);
    return purged + (await repository.resealSecrets(sealer));
  },
};
