/** The magic-link product: `/magic_links/*`, sign-in links by email. */
import { DestinationGuardsRepository } from '../otp/destination-guards-repository.js';
import type { ServerProduct } from '../product.js';
import { MagicLinksRepository } from './magic-links-repository.js';
import { magicLinkRoutes } from './magic-links-routes.js';
import { MagicLinksService } from './magic-links-service.js';
import { magicLinkMigrations } from './magic-links-tables.js';

/** How long an expired link is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/**
 * The magic-link product. It shares the passcodes' per-address guard (`destination_guards`), so
 * one lock covers an address whichever way a stranger tries it.
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
        guards: new DestinationGuardsRepository(store.db),
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
