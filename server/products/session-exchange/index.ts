/**
 * Sessions from other credentials: access tokens this server issued as identity provider, and
 * JWTs of issuers a project trusts.
 */
import type { ServerProduct } from '../product.js';
import { sessionExchangeRoutes } from './session-exchange-routes.js';
import { TrustedTokenVerifier } from './trusted-tokens.js';

/** The session-exchange product (no tables). */
export const sessionExchangeProduct: ServerProduct = {
  name: 'session-exchange',
  migrations: {},
  register(sdk, context) {
    sessionExchangeRoutes(sdk, {
      sessions: context.sessions,
      keys: context.keys,
      store: context.store,
      limiter: context.limiter,
      trusted: new TrustedTokenVerifier(context.clock),
      // The server's own issuers: its origin, and the session JWTs' `${origin}/sdk/v1`.
      issuers: [context.ownOrigin, `${context.ownOrigin}/sdk/v1`],
      clock: context.clock,
    });
  },
};
