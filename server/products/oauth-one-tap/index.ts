/**
 * Google One Tap on the server: `/oauth/google/onetap/{start,submit}` and, for the tokens it
 * lands with, `POST /oauth/authenticate`. Named `oauth-one-tap` beside the OAuth redirect
 * product (`oauth`), which the two join when both are on one branch.
 */
import type { ServerProduct } from '../product.js';
import { oneTapAuthenticateRoute } from './one-tap-authenticate.js';
import { GoogleIdTokenVerifier } from './one-tap-id-token.js';
import { KEEP_EXPIRED_MS } from './one-tap-limits.js';
import { OneTapRepository } from './one-tap-repository.js';
import { oneTapRoutes } from './one-tap-routes.js';
import { OneTapService } from './one-tap-service.js';
import { oneTapMigrations } from './one-tap-tables.js';

/** The Google One Tap product. */
export const oneTapProduct: ServerProduct = {
  name: 'oauth-one-tap',
  migrations: oneTapMigrations,
  register(sdk, context) {
    const tokens = new OneTapRepository(context.store.db);
    const oneTap = new OneTapService(
      tokens,
      context.store.users,
      new GoogleIdTokenVerifier(),
      context.limiter,
      context.clock,
    );
    oneTapRoutes(sdk, { oneTap });
    oneTapAuthenticateRoute(sdk, {
      tokens,
      users: context.store.users,
      sessions: context.sessions,
      limiter: context.limiter,
      clock: context.clock,
    });
  },
  housekeeping: ({ store }, now) =>
    new OneTapRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
