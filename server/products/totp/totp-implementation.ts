/** What the TOTP routes call, built on their first request (`lazyRoutes`). */
import { SealedJson } from '../../keys/sealed-json.js';
import { failureThrottleOf } from '../../rate-limit/failure-throttle.js';
import type { ProductContext } from '../product.js';
import { RecoveryCodeHasher } from './totp-codes.js';
import { TotpRepository } from './totp-repository.js';
import { TotpService } from './totp-service.js';
import { TOTP_SEALING_PURPOSE } from './totp-tables.js';

/** The TOTP service and repository over the context's store, limiter and secret. */
export function totpImplementation(context: ProductContext) {
  const repository = new TotpRepository(context.store.db);
  const totps = new TotpService({
    repository,
    users: context.store.users,
    sessions: context.sessions,
    throttle: failureThrottleOf(context),
    sealer: new SealedJson(context.secret, TOTP_SEALING_PURPOSE, context.previousSecret),
    hasher: new RecoveryCodeHasher(context.secret, context.previousSecret),
    secret: context.secret,
    clock: context.clock,
  });
  return { totps, repository, store: context.store };
}
