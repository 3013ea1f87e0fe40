/**
 * Velvet as an OpenID Connect provider: the applications a project registers (`idp.clients`)
 * sign their users in with Velvet. The SDK's consent and logout endpoints and connected apps
 * live under `/sdk/v1`; the standard endpoints a relying party uses at the issuer,
 * `{PUBLIC_URL}/oauth/{public_token}`.
 */
import type { ServerProduct } from '../product.js';
import { idpErrors } from './idp-errors.js';
import { IdpRepository } from './idp-repository.js';
import { idpSdkRoutes } from './idp-sdk-routes.js';
import { IdpService } from './idp-service.js';
import { idpSettingsPart } from './idp-settings.js';
import { idpMigrations } from './idp-tables.js';
import { oidcRoutes } from './oidc-routes.js';

/** How long expired codes and tokens are kept (for replay detection) before housekeeping. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

function service(context: Parameters<ServerProduct['register']>[1]): IdpService {
  return new IdpService(
    new IdpRepository(context.store.db),
    context.store.users,
    context.keys,
    context.ownOrigin,
    context.clock,
  );
}

/** The identity-provider product. */
export const idpProduct: ServerProduct = {
  migrations: idpMigrations,
  settings: [idpSettingsPart],
  errors: idpErrors,
  register(sdk, context) {
    idpSdkRoutes(sdk, { idp: service(context), store: context.store });
  },
  registerRoot: (app, context) =>
    oidcRoutes(app, {
      idp: service(context),
      projects: context.projects,
      keys: context.keys,
      limiter: context.limiter,
      sessions: context.sessions,
      ownOrigin: context.ownOrigin,
      clock: context.clock,
    }),
  housekeeping: ({ store }, now) => new IdpRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
