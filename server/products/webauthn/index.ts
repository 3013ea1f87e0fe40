/** The passkey product: `/webauthn/*`, passkeys and WebAuthn devices, on @simplewebauthn/server. */
import type { ServerProduct } from '../product.js';
import { WebAuthnRepository } from './webauthn-repository.js';
import { webauthnRoutes } from './webauthn-routes.js';
import { WebAuthnService } from './webauthn-service.js';
import { webauthnMigrations } from './webauthn-tables.js';

/** How long an expired challenge is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The passkey product. */
export const webauthnProduct: ServerProduct = {
  name: 'passkeys',
  migrations: webauthnMigrations,
  register(sdk, context) {
    const { store } = context;
    const webauthn = new WebAuthnService(
      new WebAuthnRepository(store.db),
      store.users,
      context.sessions,
      context.limiter,
      context.clock,
      context.ownOrigin,
    );
    webauthnRoutes(sdk, { webauthn, store });
  },
  housekeeping: ({ store }, now) =>
    new WebAuthnRepository(store.db).purgeChallenges(now - KEEP_EXPIRED_MS),
};
