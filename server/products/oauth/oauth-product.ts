/** The OAuth product: sign-in through 19 providers (`/public/oauth/*`, `/oauth/authenticate`). */
import { SealedJson } from '../../keys/sealed-json.js';
import { clientKey } from '../../rate-limit/client-key.js';
import { failureThrottleOf } from '../../rate-limit/failure-throttle.js';
import type { ProductContext, ServerProduct } from '../product.js';
import { oauthErrors } from './oauth-errors.js';
import { OAuthRepository } from './oauth-repository.js';
import { oauthRoutes } from './oauth-routes.js';
import { OAuthService } from './oauth-service.js';
import { oauthSettingsPart } from './oauth-settings.js';
import { oauthMigrations } from './oauth-tables.js';
import { oauthUserPart } from './oauth-user-part.js';

/** How long an expired pending sign-in or token is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/**
 * The OAuth service on `context`'s database and keys (the One Tap product signs its users in
 * through it too, so both land on the same tokens and provider accounts).
 */
export function oauthService(context: ProductContext): OAuthService {
  return new OAuthService({
    projects: context.projects,
    users: context.store.users,
    oauth: new OAuthRepository(context.store.db),
    sessions: context.sessions,
    limiter: context.limiter,
    throttle: failureThrottleOf(context),
    clientKey: (ip) => clientKey(context.secret, ip),
    sealed: new SealedJson(context.secret, 'oauth', context.previousSecret),
    ownOrigin: context.ownOrigin,
    clock: context.clock,
    log: context.log,
    ...(context.development && { development: context.development }),
  });
}

/** The OAuth product. */
export const oauthProduct: ServerProduct = {
  migrations: oauthMigrations,
  settings: [oauthSettingsPart],
  errors: oauthErrors,
  userParts: [oauthUserPart],
  register(sdk, context) {
    const oauth = oauthService(context);
    oauthRoutes(sdk, { oauth, store: context.store, ownOrigin: context.ownOrigin });
  },
  bootstrap: (project) => ({
    // Velvet's OAuth starts always take a PKCE challenge, so Stytch's SDK must send one.
    pkce_required_for_oauth: project.settings.products.includes('oauth'),
  }),
  registerRoot(app) {
    /**
     * `GET /v1/public/oauth/{provider}/start`: where Stytch's SDK sends the browser (its API base
     * without `/sdk/v1`); the same start, query and all.
     */
    app.get('/v1/public/oauth/:provider/start', (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(`/sdk${request.url}`, 307),
    );
  },
  housekeeping: ({ store }, now) =>
    new OAuthRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
