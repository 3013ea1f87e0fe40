/** The magic-link product: `/magic_links/*`, sign-in links by email. */
import { clientKey } from '../../rate-limit/client-key.js';
import { FailureGuardsRepository } from '../../rate-limit/failure-guards-repository.js';
import { FailureThrottle } from '../../rate-limit/failure-throttle.js';
import type { ServerProduct } from '../product.js';
import { MagicLinksRepository } from './magic-links-repository.js';
import { magicLinkRoutes } from './magic-links-routes.js';
import { MagicLinksService } from './magic-links-service.js';
import { magicLinkMigrations } from './magic-links-tables.js';

/** How long an expired link is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/**
 * The magic-link product. Wrong PKCE verifiers are throttled per (address, client) with the
 * passcodes' `FailureThrottle`, so a stranger can delay only themselves.
 */
export const magicLinksProduct: ServerProduct = {
  name: 'emailMagicLinks',
  migrations: magicLinkMigrations,
  register(sdk, context) {
    const { store } = context;
    const magicLinks = new MagicLinksService(
      {
        users: store.users,
        links: new MagicLinksRepository(store.db),
        throttle: new FailureThrottle(
          new FailureGuardsRepository(store.db),
          context.limiter,
          context.clock,
        ),
        clientKey: (ip) => clientKey(context.secret, ip),
      },
      context.sessions,
      context.limiter,
      context.delivery,
      context.clock,
      context.log,
    );
    magicLinkRoutes(sdk, { magicLinks, store });
  },
  housekeeping: ({ store }, now) =>
    new MagicLinksRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
