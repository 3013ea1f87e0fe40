/**
 * Sessions from other credentials: access tokens this server issued as identity provider, and
 * JWTs of issuers a project trusts.
 */
import { IssuedAccessTokens, issuerOf } from '../idp/index.js';
import type { ServerProduct } from '../product.js';
import { AttestedTokensRepository } from './attested-tokens-repository.js';
import { attestedTokenMigrations } from './attested-tokens-tables.js';
import { sessionExchangeErrors } from './session-exchange-errors.js';
import { sessionExchangeRoutes } from './session-exchange-routes.js';
import { SessionExchangeService } from './session-exchange-service.js';
import { trustedTokenProfilesPart } from './session-exchange-settings.js';
import { TrustedTokenVerifier } from './trusted-tokens.js';

/** The session-exchange product; its table remembers the trusted tokens `attest` accepted. */
export const sessionExchangeProduct: ServerProduct = {
  migrations: attestedTokenMigrations,
  settings: [trustedTokenProfilesPart],
  errors: sessionExchangeErrors,
  register(sdk, context) {
    const issuedTokens = new IssuedAccessTokens(context.store.db, context.clock);
    const exchange = new SessionExchangeService({
      sessions: context.sessions,
      keys: context.keys,
      store: context.store,
      limiter: context.limiter,
      trusted: new TrustedTokenVerifier(context.clock),
      attested: new AttestedTokensRepository(context.store.db),
      // The server's own issuers: its origin, and the session JWTs' `${origin}/sdk/v1`.
      issuers: [context.ownOrigin, `${context.ownOrigin}/sdk/v1`],
      projectIssuer: (project) => issuerOf(context.ownOrigin, project),
      issued: (project, token) => issuedTokens.isLive(project, token),
      clock: context.clock,
    });
    sessionExchangeRoutes(sdk, { exchange, store: context.store });
  },
  // A row outlives its token by nothing: after `exp` the verifier refuses the token anyway.
  housekeeping: ({ store }, now) => new AttestedTokensRepository(store.db).purgeExpired(now),
};
