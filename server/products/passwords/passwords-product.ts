/** The passwords product: `/passwords/*`, argon2id hashes, strength, breaches and resets. */
import { lazyRoutes } from '../lazy-routes.js';
import type { ServerProduct } from '../product.js';
import { passwordRoutes } from './password-routes.js';
import { passwordsErrors } from './passwords-errors.js';
import { passwordSettingsPart } from './passwords-settings.js';
import { passwordMigrations } from './passwords-tables.js';

/** How long an expired reset is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The passwords product: its routes at start, its service on their first request. */
export const passwordsProduct: ServerProduct = {
  migrations: passwordMigrations,
  settings: [passwordSettingsPart],
  errors: passwordsErrors,
  register(sdk, context) {
    lazyRoutes(sdk, passwordRoutes, () =>
      import('./passwords-implementation.js').then((module) =>
        module.passwordsImplementation(context),
      ),
    );
  },
  bootstrap: (project) => ({
    pkce_required_for_password_resets: project.settings.passwords.pkceRequiredForResets,
    password_config: {
      luds_complexity: project.settings.passwords.ludsComplexity,
      luds_minimum_count: project.settings.passwords.ludsMinimumCount,
    },
  }),
  housekeeping: async ({ store }, now) => {
    const { PasswordResetsRepository } = await import('./password-resets-repository.js');
    return new PasswordResetsRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS);
  },
};
