/**
 * Google One Tap on the server: `/oauth/google/onetap/{start,submit}`. A verified ID token signs
 * its person in through the OAuth product (`OAuthService.issue`), so the token it lands with is
 * exchanged by the OAuth product's `POST /oauth/authenticate`, and the Google account is the
 * same provider account the redirect flow links.
 */
import { developmentIssuer } from '../../dev-identity/development-endpoints.js';
import { GSI_CLIENT_PATH } from '../../dev-identity/one-tap-stand-in.js';
import { oauthService } from '../oauth/index.js';
import type { ServerProduct } from '../product.js';
import { oneTapErrors } from './oauth-one-tap-errors.js';
import { GoogleIdTokenVerifier } from './one-tap-id-token.js';
import { KEEP_EXPIRED_MS } from './one-tap-limits.js';
import { OneTapRepository } from './one-tap-repository.js';
import { oneTapRoutes } from './one-tap-routes.js';
import { OneTapService } from './one-tap-service.js';
import { oneTapMigrations } from './one-tap-tables.js';

/** The Google One Tap product. */
export const oneTapProduct: ServerProduct = {
  migrations: oneTapMigrations,
  errors: oneTapErrors,
  register(sdk, context) {
    const tokens = new OneTapRepository(context.store.db);
    const oauth = oauthService(context);
    const oneTap = new OneTapService(
      tokens,
      (request) => oauth.issue(request),
      new GoogleIdTokenVerifier(
        context.development && {
          issuer: developmentIssuer(context.ownOrigin, 'google'),
          publicJwk: context.development.key.publicJwk,
        },
      ),
      context.limiter,
      context.clock,
    );
    oneTapRoutes(sdk, {
      oneTap,
      // Development only: where the development Google's script is (`server/dev-identity/`).
      ...(context.development && {
        developmentScriptUrl: `${context.ownOrigin}${GSI_CLIENT_PATH}`,
      }),
    });
  },
  housekeeping: ({ store }, now) =>
    new OneTapRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
