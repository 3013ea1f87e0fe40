/** The magic-link product: `/magic_links/*`, sign-in links by email. */
import { lazyRoutes } from '../lazy-routes.js';
import type { ServerProduct } from '../product.js';
import { magicLinksErrors } from './magic-links-errors.js';
import { magicLinkRoutes } from './magic-links-routes.js';
import { magicLinkSettingsPart } from './magic-links-settings.js';
import { magicLinkMigrations } from './magic-links-tables.js';

/** How long an expired link is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The magic-link product: its routes at start, its service on their first request. */
export const magicLinksProduct: ServerProduct = {
  migrations: magicLinkMigrations,
  settings: [magicLinkSettingsPart],
  errors: magicLinksErrors,
  register(sdk, context) {
    lazyRoutes(sdk, magicLinkRoutes, () =>
      import('./magic-links-implementation.js').then((module) =>
        module.magicLinksImplementation(context),
      ),
    );
  },
  bootstrap: (project) => ({
    pkce_required_for_email_magic_links: project.settings.emailMagicLinks.pkceRequired,
  }),
  housekeeping: async ({ store }, now) => {
    const { MagicLinksRepository } = await import('./magic-links-repository.js');
    return new MagicLinksRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS);
  },
};
