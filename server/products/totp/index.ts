/** The TOTP product: authenticator apps as a second factor, with recovery codes. */
import { SealedJson } from '../../keys/sealed-json.js';
import { FailureGuardsRepository } from '../../rate-limit/failure-guards-repository.js';
import { FailureThrottle } from '../../rate-limit/failure-throttle.js';
import type { ServerProduct } from '../product.js';
import { RecoveryCodeHasher } from './totp-codes.js';
import { TotpRepository } from './totp-repository.js';
import { totpRoutes } from './totp-routes.js';
import { TotpService } from './totp-service.js';
import { totpMigrations } from './totp-tables.js';

/** How long an expired, never-verified enrolment is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The TOTP product. */
export const totpProduct: ServerProduct = {
  name: 'totp',
  migrations: totpMigrations,
  register(sdk, context) {
    const repository = new TotpRepository(context.store.db);
    const totps = new TotpService({
      repository,
      users: context.store.users,
      sessions: context.sessions,
      throttle: new FailureThrottle(
        new FailureGuardsRepository(context.store.db),
        context.limiter,
        context.clock,
      ),
      sealer: new SealedJson(context.secret, 'totp-secrets'),
      hasher: new RecoveryCodeHasher(context.secret),
      secret: context.secret,
      clock: context.clock,
    });
    totpRoutes(sdk, { totps, repository, store: context.store });
  },
  housekeeping: ({ store }, now) =>
    new TotpRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
