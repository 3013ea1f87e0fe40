/** What the magic-link routes call, built on their first request (`lazyRoutes`). */
import { clientKey } from '../../rate-limit/client-key.js';
import { failureThrottleOf } from '../../rate-limit/failure-throttle.js';
import type { ProductContext } from '../product.js';
import { MagicLinksRepository } from './magic-links-repository.js';
import { MagicLinksService } from './magic-links-service.js';

/** The magic-link service over the context's store, limiter and delivery. */
export function magicLinksImplementation(context: ProductContext) {
  const { store } = context;
  const magicLinks = new MagicLinksService(
    {
      users: store.users,
      links: new MagicLinksRepository(store.db),
      throttle: failureThrottleOf(context),
      clientKey: (ip) => clientKey(context.secret, ip),
    },
    context.sessions,
    context.limiter,
    context.delivery,
    context.clock,
    context.log,
    context.ownOrigin,
  );
  return { magicLinks, store };
}
