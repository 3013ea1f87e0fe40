/** The passkey product: `/webauthn/*`, passkeys and WebAuthn devices, on @simplewebauthn/server. */
import { lazyRoutes } from '../lazy-routes.js';
import type { ServerProduct } from '../product.js';
import { passkeysErrors } from './passkeys-errors.js';
import { webauthnRoutes } from './passkeys-routes.js';
import { webauthnMigrations } from './passkeys-tables.js';
import { passkeysUserPart } from './passkeys-user-part.js';

/** How long an expired challenge is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The passkey product: its routes at start, its service on their first request. */
export const passkeysProduct: ServerProduct = {
  migrations: webauthnMigrations,
  errors: passkeysErrors,
  userParts: [passkeysUserPart],
  register(sdk, context) {
    lazyRoutes(sdk, webauthnRoutes, () =>
      import('./passkeys-implementation.js').then((module) =>
        module.webauthnImplementation(context),
      ),
    );
  },
  housekeeping: async ({ store }, now) => {
    const { WebAuthnRepository } = await import('./passkeys-repository.js');
    return new WebAuthnRepository(store.db).purgeChallenges(now - KEEP_EXPIRED_MS);
  },
};
