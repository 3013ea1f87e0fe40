/**
 * The identity provider as a Fastify application: `/sdk/v1` (spec section 7),
 * the development outbox and identity provider, the error catalogue, and the health and readiness probes. `buildApp`
 * takes its storage, delivery and clock from the caller, so tests run the
 * very same server on a real database.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ALL_MIGRATIONS } from './all-migrations.js';
import { botProtectionHook } from './bot-protection/bot-protection-hook.js';
import type { ServerConfig } from './config/config.js';
import { fastifyTrustProxy } from './config/trust-proxy.js';
import type { JsonObject } from './db/json-column.js';
import type { DeliveryRoutes } from './delivery/delivery.js';
import { meteredDelivery } from './delivery/metered-delivery.js';
import type { DevOutbox } from './delivery/outbox.js';
import { developmentIdentity } from './dev-identity/development-identity.js';
import { developmentIdentityRoutes } from './dev-identity/development-identity-routes.js';
import { answerJson } from './http/answer-json.js';
import { ApiError } from './http/api-error.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandling,
} from './http/error-handler.js';
import { lazyRequestLoggerFactory } from './http/lazy-request-logger.js';
import { lazySchemaController } from './http/lazy-validators.js';
import { loggerOptions } from './http/log-options.js';
import { securityHeaders } from './http/page-security.js';
import { sdkCors } from './http/sdk-cors.js';
import './http/request-context.js';
import { invitation } from '../site/content/invitation.js';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.js';
import { recordRouteTable } from './http/route-table.js';
import { sdkAuthHook } from './http/sdk-auth.js';
import { sessionCookieHook } from './http/session-cookie.js';
import { refuseMalformedText, strictTextParsers, textParser } from './http/well-formed-text.js';
import { KeyRing } from './keys/key-ring.js';
import { SealedJson } from './keys/sealed-json.js';
import { closeConnectionsWhileDraining } from './ops/graceful-shutdown.js';
import { healthRoutes } from './ops/health-routes.js';
import { Housekeeping, type HousekeepingSchedule } from './ops/housekeeping.js';
import type { ServerLifecycle } from './ops/lifecycle.js';
import { AppMetrics, type PoolState } from './ops/metrics.js';
import {
  type MetricsAccess,
  measureRequests,
  metricsAccess,
  metricsRoutes,
} from './ops/metrics-route.js';
import { ROOT_DIR } from './paths.js';
import type { ProductContext } from './products/product.js';
import { serverProducts } from './products/registry.js';
import { SessionService, signInChangesHook } from './products/sessions/index.js';
import { Projects } from './projects/project-directory.js';
import type { Project } from './projects/projects-repository.js';
import { RateLimiter, type RefusalObserver } from './rate-limit/rate-limiter.js';
import { bootstrapRoutes } from './sdk/bootstrap.js';
import { eventRoutes } from './sdk/events.js';
import { ContentRepository } from './site/content/content-repository.js';
import { RsvpRepository } from './site/rsvp-repository.js';
import { siteRoutes } from './site/site-routes.js';
import type { Store } from './store.js';
import { DEFAULT_DEMO_DIR, demoRoutes } from './web/demo.js';
import { devOutboxRoutes } from './web/dev-outbox.js';
import { docsRoutes } from './web/docs.js';
import { widgetAssetRoutes } from './web/widget-assets.js';

/** The API's base path. */
export const SDK_PREFIX = '/sdk/v1';
/** The largest request body accepted, in bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** How often a new JWT signing key takes over. */
export const KEY_ROTATION_MS = 24 * 60 * 60_000;

/** What `buildApp` needs. */
export interface AppOptions {
  config: ServerConfig;
  store: Store;
  delivery: DeliveryRoutes;
  /** The development outbox; `/dev/outbox` exists only when given. */
  outbox?: DevOutbox;
  /** The server secret (see `loadOrCreateSecret`). */
  secret: string;
  /** During a rotation, the secret before `secret` (`VELVET_SECRET_PREVIOUS`), still accepted. */
  previousSecret?: string;
  /** Milliseconds since the epoch; tests pass a clock they can move. */
  clock?: () => number;
  /** Fastify's logger option; defaults to `loggerOptions(config.logLevel)` (secrets redacted). */
  logger?: FastifyServerOptions['logger'];
  /**
   * The built widget (`npm run build`), served at `/widget/`; `dist/widget` by default. The
   * versions the build kept beside it (`widget-versions/v<version>/`) are served at
   * `/widget/v<version>/`.
   */
  widgetDir?: string;
  /** The built invitation site (`npm run build`), served at `/`; `dist/site` by default. */
  siteDir?: string;
  /** The built demo (`npm run build`), served at `/demo/` when `config.demo`; `dist/demo` by default. */
  demoDir?: string;
  /** The process's life cycle (draining on shutdown); a fresh, serving one by default. */
  lifecycle?: ServerLifecycle;
  /** When housekeeping runs: a minute after start, then hourly, by default. */
  housekeeping?: HousekeepingSchedule;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes what has expired (see `ops/housekeeping.ts`); `run()` runs it now. */
    housekeeping: Housekeeping;
  }
}

/** Where `npm run build` puts the widget. */
export const DEFAULT_WIDGET_DIR = join(ROOT_DIR, 'dist', 'widget');

/** Where `npm run build` puts the invitation site. */
export const DEFAULT_SITE_DIR = join(ROOT_DIR, 'dist', 'site');

/** Builds the server; call `listen` on the result. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, store } = options;
  const clock = options.clock ?? Date.now;
  const ownOrigin = config.publicUrl;

  const stored: Project[] = [];
  for (const project of config.projects) stored.push(await store.projects.upsert(project, clock()));
  const projects = new Projects(stored);

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A well-formed `X-Request-Id` is kept (see `request-id.ts`), else the request gets its own.
    genReqId: requestIdOf,
    // A request's child logger (with its id) is made when the request first writes a line.
    childLoggerFactory: lazyRequestLoggerFactory,
    requestIdHeader: false,
    // Public tokens run to 200 characters; Fastify's default cut-off is 100.
    routerOptions: { maxParamLength: 256 },
    frameworkErrors: frameworkErrorHandler(ownOrigin),
    clientErrorHandler: clientErrorHandler(ownOrigin),
    ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false } },
    schemaController: lazySchemaController(),
    // With a life cycle, a request that arrives while the server closes (on a connection accepted
    // just before it stopped listening) is served, not refused with Fastify's bare 503: the
    // database closes only after the requests in flight.
    return503OnClosing: options.lifecycle === undefined,
  });
  // Metrics only when `/metrics` serves them: off, nothing is counted or timed.
  const access = metricsAccess(config);
  const counted = await countedParts(access, store, options.delivery);
  if (counted.metrics) measureRequests(app, counted.metrics);
  recordRouteTable(app);
  if (options.lifecycle) {
    closeConnectionsWhileDraining(app, options.lifecycle);
  }
  installErrorHandling(app, ownOrigin);
  strictTextParsers(app);
  refuseMalformedText(app);
  const headersOf = securityHeaders(ownOrigin);
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headersOf(String(reply.getHeader('content-type') ?? '')));
    // Every answer names its request, errors included.
    reply.header(REQUEST_ID_HEADER, request.id);
    // Nothing is acknowledged before what it wrote (or read) is on disk: one sync serves every
    // answer waiting for it (SQLite's group commit; a no-op on PostgreSQL).
    await store.durable();
  });

  const limiter = new RateLimiter(store.rateLimits, clock, counted.onRefusal);
  const keys = new KeyRing(
    store.signingKeys,
    new SealedJson(options.secret, 'jwt-signing-keys', options.previousSecret),
    KEY_ROTATION_MS,
    clock,
  );
  const sessions = new SessionService(
    store.sessions,
    keys,
    `${ownOrigin}${SDK_PREFIX}`,
    clock,
    counted.onSessionStarted,
  );
  const context: ProductContext = {
    store,
    projects,
    sessions,
    keys,
    limiter,
    delivery: counted.delivery,
    secret: options.secret,
    ...(options.previousSecret ? { previousSecret: options.previousSecret } : {}),
    clock,
    log: app.log,
    ownOrigin,
    // The development identity provider exists only where the outbox does: never in production.
    ...(options.outbox &&
      !config.production && {
        development: developmentIdentity(app, ownOrigin, options.secret),
      }),
  };

  await app.register(
    async (sdk) => {
      const allowed = projects.origins();
      allowed.add(ownOrigin);
      sdkCors(sdk, {
        // Bootstrap is public and reads no credentials: it answers every origin (and tells a page
        // the project does not list so, see `originBody`). Every other route only the listed ones.
        allowed,
        openPrefix: `${SDK_PREFIX}/projects/bootstrap/`,
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        // Stytch's SDK sends its telemetry (`X-SDK-Client`) and the embedding page's origin
        // (`X-SDK-Parent-Host`) on every call; the widget's own client sends `X-SDK-Client` too.
        allowedHeaders: ['Authorization', 'Content-Type', 'X-SDK-Client', 'X-SDK-Parent-Host'],
        maxAge: 600,
      });
      // An empty JSON body (Stytch's `session.revoke()` sends one) reads as `{}`: routes with
      // no required field accept it, the others name the field that is missing.
      const json = sdk.getDefaultJsonParser('error', 'error');
      sdk.removeContentTypeParser('application/json');
      sdk.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer' },
        textParser((request, text, done) => {
          // `{}`, the body of most session checks, is an empty object without a parse.
          if (text === '{}' || text.trim() === '') done(null, {});
          else json(request, text, done);
        }),
      );
      // What JSON.stringify writes, with the bodies a session check shares written once each.
      sdk.setReplySerializer(answerJson);
      sessionCookieHook(sdk, clock);
      const authenticate = sdkAuthHook({ projects, sessions, ownOrigin });
      sdk.addHook('onRequest', (request, _reply, done) => {
        // An unknown route is answered 404 whatever its credentials (see the not-found handler).
        if (request.method === 'OPTIONS' || request.is404) done();
        else authenticate(request).then(() => done(), done);
      });
      // Before the captcha: a session that may not make the change costs no call to its provider.
      signInChangesHook(sdk, { users: store.users });
      botProtectionHook(sdk, { ownOrigin });
      // An unknown route under /sdk/v1 gets the API's `not_found` body from inside this scope, so
      // with the CORS headers an allowed origin gets: Stytch's SDK then surfaces the error rather
      // than "Unable to contact our servers" (a browser hides an answer without them).
      sdk.setNotFoundHandler(async () => {
        throw new ApiError('not_found');
      });
      // The same for a path no route of the scope takes: where the server serves the site, its
      // catch-all at the root would otherwise answer a GET under /sdk/v1 without CORS headers.
      sdk.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        config: { auth: 'none', checks: 'nothing' },
        handler: async () => {
          throw new ApiError('not_found');
        },
      });
      bootstrapRoutes(sdk, { projects, ownOrigin, products: serverProducts });
      for (const product of serverProducts) await product.register(sdk, context);
      await sdk.register(async (scope) =>
        eventRoutes(scope, { store, projects, limiter, secret: options.secret, ownOrigin, clock }),
      );
    },
    { prefix: SDK_PREFIX },
  );
  for (const product of serverProducts) await product.registerRoot?.(app, context);
  docsRoutes(app, serverProducts);
  await webRoutes(app, options, { site: stored[0], sessions, limiter });
  healthRoutes(app, { db: store.db, migrations: ALL_MIGRATIONS, lifecycle: options.lifecycle });
  metricsRoutes(app, access, counted.metrics);
  if (options.outbox) {
    options.outbox.share(store.outbox);
    devOutboxRoutes(app, { outbox: options.outbox });
  }
  if (context.development) {
    developmentIdentityRoutes(app, {
      development: context.development,
      projects,
      secret: options.secret,
      clock,
    });
  }

  // What has expired is deleted a minute after start and hourly after (see `ops/housekeeping.ts`).
  const housekeeping = new Housekeeping(context, serverProducts, app.log);
  app.decorate('housekeeping', housekeeping);
  const schedule = housekeeping.schedule(options.housekeeping);
  app.addHook('onClose', () => schedule.stop());
  return app;
}

/**
 * The files the server serves beside the API: the widget bundle, the demo (when
 * `config.demo`) and the invitation site, which belongs to `site` (the first configured
 * project, as the guest list does by default). Each is skipped with a warning when not built.
 */
async function webRoutes(
  app: FastifyInstance,
  options: AppOptions,
  {
    site,
    sessions,
    limiter,
  }: { site: Project | undefined; sessions: SessionService; limiter: RateLimiter },
): Promise<void> {
  const { config, store } = options;
  const widgetDir = options.widgetDir ?? DEFAULT_WIDGET_DIR;
  if (!(await widgetAssetRoutes(app, widgetDir))) {
    app.log.warn(`no widget bundle at ${widgetDir}: run \`npm run build\` to serve /widget/`);
  }
  // The playground is for developers: off in production unless VELVET_DEMO=true.
  if (config.demo && !(await demoRoutes(app, options.demoDir ?? DEFAULT_DEMO_DIR)))
    app.log.warn('no demo: `npm run build` serves it at /demo/');
  const siteDir = options.siteDir ?? DEFAULT_SITE_DIR;
  const contents = new ContentRepository(store.db);
  const clock = options.clock ?? Date.now;
  // The invitation's content starts as `site/content/invitation.ts`'s, once per database.
  if (site) await contents.seedIfAbsent(site.projectId, invitation, clock());
  if (
    !site ||
    !(await siteRoutes(app, {
      dir: siteDir,
      project: site,
      publicUrl: config.publicUrl,
      sessions,
      users: store.users,
      rsvps: new RsvpRepository(store.db),
      clock,
      contents,
      store,
      limiter,
    }))
  ) {
    app.log.warn(`no site at ${siteDir}: run \`npm run build\` to serve the invitation site at /`);
  }
}

/** The state of `store`'s connection pool, for the metrics: PostgreSQL's; none on SQLite. */
async function poolState(store: Store): Promise<(() => PoolState) | undefined> {
  if (store.dialect !== 'postgres') return undefined;
  const { poolStateOf } = await import('./db/postgres-dialect.js');
  return () => poolStateOf(store.db) ?? { total: 0, idle: 0, waiting: 0 };
}

/** The app's metrics and what counts into them: the parts as given when metrics are off. */
interface CountedParts {
  metrics?: AppMetrics;
  onRefusal?: RefusalObserver;
  onSessionStarted?: (factor: JsonObject) => void;
  delivery: DeliveryRoutes;
}

/** The metrics `access` calls for (none when off) and the parts that count into them. */
async function countedParts(
  access: MetricsAccess,
  store: Store,
  delivery: DeliveryRoutes,
): Promise<CountedParts> {
  if (access.kind === 'off') return { delivery };
  const metrics = new AppMetrics(await poolState(store));
  return {
    metrics,
    onRefusal: (limit) => metrics.countRefusal(limit),
    onSessionStarted: (factor) => metrics.countSession(factor),
    delivery: meteredDelivery(delivery, (channel, outcome) => metrics.countSend(channel, outcome)),
  };
}
