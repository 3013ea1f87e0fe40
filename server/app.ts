/**
 * The identity provider as a Fastify application: `/sdk/v1` (spec section 7),
 * the development outbox, the error catalogue and a health check. `buildApp`
 * takes its storage, delivery and clock from the caller, so tests run the
 * very same server on a real database.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config/config.js';
import type { DeliveryRoutes } from './delivery/delivery.js';
import type { DevOutbox } from './delivery/outbox.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandling,
} from './http/error-handler.js';
import './http/request-context.js';
import { type ProjectDirectory, sdkAuthHook } from './http/sdk-auth.js';
import { OtpService } from './otp/otp-service.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { bootstrapRoutes } from './routes/bootstrap.js';
import { DEFAULT_DEMO_DIR, demoRoutes } from './routes/demo.js';
import { devOutboxRoutes } from './routes/dev-outbox.js';
import { docsRoutes } from './routes/docs.js';
import { eventRoutes } from './routes/events.js';
import { otpRoutes } from './routes/otps.js';
import { sessionRoutes } from './routes/sessions.js';
import { siteRoutes } from './routes/site.js';
import { userRoutes } from './routes/users.js';
import { widgetAssetRoutes } from './routes/widget-assets.js';
import { KeyRing } from './sessions/key-ring.js';
import { SealedJson } from './sessions/sealed-json.js';
import { SessionService } from './sessions/session-service.js';
import type { Project } from './store/projects-repository.js';
import type { Store } from './store/store.js';

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
  /** Milliseconds since the epoch; tests pass a clock they can move. */
  clock?: () => number;
  /** Fastify's logger option; defaults to pino at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** The built widget (`npm run build`), served at `/widget/`; `dist/widget` by default. */
  widgetDir?: string;
  /** The built invitation site (`npm run build`), served at `/`; `dist/site` by default. */
  siteDir?: string;
}

/** Where `npm run build` puts the widget. */
export const DEFAULT_WIDGET_DIR = join(import.meta.dirname, '..', 'dist', 'widget');

/** Where `npm run build` puts the invitation site. */
export const DEFAULT_SITE_DIR = join(import.meta.dirname, '..', 'dist', 'site');

/** The configured projects, stored and indexed. */
class Projects implements ProjectDirectory {
  readonly #byToken = new Map<string, Project>();
  readonly #byId = new Map<string, Project>();

  constructor(projects: readonly Project[]) {
    for (const project of projects) {
      this.#byToken.set(project.publicToken, project);
      this.#byId.set(project.projectId, project);
    }
  }

  byPublicToken(publicToken: string): Project | undefined {
    return this.#byToken.get(publicToken);
  }

  byId(projectId: string): Project | undefined {
    return this.#byId.get(projectId);
  }

  /** Every origin some project authorized. */
  origins(): Set<string> {
    return new Set([...this.#byId.values()].flatMap((p) => p.settings.authorizedOrigins));
  }
}

/** Builds the server; call `listen` on the result. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, store } = options;
  const clock = options.clock ?? Date.now;
  const ownOrigin = config.publicUrl;

  const stored: Project[] = [];
  for (const project of config.projects) stored.push(await store.projects.upsert(project, clock()));
  const projects = new Projects(stored);

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify also takes a hop count here at run time; its types only name the other forms.
    trustProxy: config.trustProxy as boolean | string,
    genReqId: () => `request-id-${randomUUID()}`,
    requestIdHeader: false,
    // Public tokens run to 200 characters; Fastify's default cut-off is 100.
    routerOptions: { maxParamLength: 256 },
    frameworkErrors: frameworkErrorHandler(ownOrigin),
    clientErrorHandler: clientErrorHandler(ownOrigin),
    ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false } },
  });
  installErrorHandling(app, ownOrigin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });

  const limiter = new RateLimiter(store.rateLimits, clock);
  const keys = new KeyRing(
    store.signingKeys,
    new SealedJson(options.secret, 'jwt-signing-keys'),
    KEY_ROTATION_MS,
    clock,
  );
  const sessions = new SessionService(store.sessions, keys, `${ownOrigin}${SDK_PREFIX}`, clock);
  const otp = new OtpService(
    store,
    sessions,
    limiter,
    options.delivery,
    options.secret,
    clock,
    app.log,
  );

  await app.register(
    async (sdk) => {
      const allowed = projects.origins();
      allowed.add(ownOrigin);
      await sdk.register(cors, {
        origin: (origin, callback) => callback(null, origin === undefined || allowed.has(origin)),
        credentials: true,
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'X-Velvet-Client'],
        maxAge: 600,
        // A bare OPTIONS (no browser headers) is answered like any preflight, not with a text 400.
        strictPreflight: false,
      });
      const authenticate = sdkAuthHook({ projects, sessions, ownOrigin });
      sdk.addHook('onRequest', async (request) => {
        if (request.method !== 'OPTIONS') await authenticate(request);
      });
      bootstrapRoutes(sdk, { projects });
      otpRoutes(sdk, { otp, store, ownOrigin });
      sessionRoutes(sdk, { sessions, keys, store, projects });
      userRoutes(sdk, { store, limiter });
      await sdk.register(async (scope) => eventRoutes(scope, { store, clock }));
    },
    { prefix: SDK_PREFIX },
  );

  docsRoutes(app);
  const widgetDir = options.widgetDir ?? DEFAULT_WIDGET_DIR;
  if (!(await widgetAssetRoutes(app, widgetDir))) {
    app.log.warn(`no widget bundle at ${widgetDir}: run \`npm run build\` to serve /widget/`);
  }
  if (!(await demoRoutes(app, DEFAULT_DEMO_DIR)))
    app.log.warn('no demo: `npm run build` serves it at /demo/');
  const siteDir = options.siteDir ?? DEFAULT_SITE_DIR;
  // The site belongs to the first configured project, as the guest list does by default.
  const [siteProject] = stored;
  if (
    !siteProject ||
    !(await siteRoutes(app, {
      dir: siteDir,
      project: siteProject,
      publicUrl: ownOrigin,
      sessions,
      users: store.users,
    }))
  ) {
    app.log.warn(`no site at ${siteDir}: run \`npm run build\` to serve the invitation site at /`);
  }
  app.get('/healthz', async (_request, reply) => {
    await store.db.get('SELECT 1 AS ok');
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  if (options.outbox) devOutboxRoutes(app, { outbox: options.outbox });

  // Expired passcodes and finished rate-limit windows are deleted hourly.
  const housekeeping = setInterval(() => {
    const now = clock();
    Promise.all([
      store.passcodes.purgeExpired(now - 24 * 60 * 60_000),
      store.rateLimits.purge(now - 7 * 24 * 60 * 60_000),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
  }, 60 * 60_000);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));
  return app;
}
