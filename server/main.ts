/**
 * Starts Velvet: reads the configuration, opens the database, picks the
 * delivery adapters and serves. `npm start` runs this.
 */
import { join } from 'node:path';
import { ALL_MIGRATIONS } from './all-migrations.js';
import { ALL_USER_PARTS } from './all-user-parts.js';
import { buildApp } from './app.js';
import {
  ConfigError,
  DEVELOPMENT_PUBLIC_TOKEN,
  loadConfig,
  type ServerConfig,
} from './config/config.js';
import { loadOrCreateSecret } from './config/secret.js';
import { dataOpenError, listenError } from './config/start-errors.js';
import { logMigrations } from './db/migration-log.js';
import { DatabaseAheadError } from './db/migrator.js';
import { deliveryRoutesFromEnv, missingChannels } from './delivery/delivery-routes.js';
import { DevOutbox } from './delivery/outbox.js';
import {
  handleShutdownSignals,
  outboundController,
  shutDown,
  shutdownSettingsFromEnv,
} from './ops/graceful-shutdown.js';
import { ServerLifecycle } from './ops/lifecycle.js';
import { serverCloser } from './ops/server-close.js';
import { testClockFromEnv } from './ops/test-clock.js';
import { Store } from './store.js';

/** The channels some project enables. */
function enabledChannels(config: ServerConfig) {
  return [
    ...new Set(
      config.projects
        .filter((p) => p.settings.products.includes('otp'))
        .flatMap((p) => p.settings.otp.methods),
    ),
  ];
}

/**
 * The server secret and the database, opened; a setting that keeps them from opening (an
 * unreachable or missing database, a data folder that cannot be written) is a `ConfigError`.
 */
async function openData(config: ServerConfig): Promise<{ secret: string; store: Store }> {
  try {
    const secret = loadOrCreateSecret(config.secret, config.dataDir);
    const store = await Store.open(
      {
        databaseUrl: config.databaseUrl,
        sqlitePath: join(config.dataDir, 'velvet.db'),
      },
      ALL_MIGRATIONS,
      ALL_USER_PARTS,
    );
    return { secret, store };
  } catch (error) {
    throw dataOpenError(error, config) ?? error;
  }
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const shutdownSettings = shutdownSettingsFromEnv(process.env, config.production);
  const outbox = config.production ? undefined : new DevOutbox();
  // Aborted on shutdown when a vendor call outlives the drain (see graceful-shutdown.ts).
  const outbound = outboundController();
  const delivery = deliveryRoutesFromEnv(process.env, {
    production: config.production,
    outbox,
    signal: outbound.signal,
  });
  const missing = missingChannels(delivery.routes, enabledChannels(config));
  if (missing.length > 0) {
    throw new ConfigError(
      missing.includes('email') ? 'SMTP_URL' : 'TWILIO_ACCOUNT_SID',
      `production needs a delivery adapter for every enabled channel; none for ${missing.join(', ')}`,
    );
  }
  // End-to-end tests only (NODE_ENV=test): a clock they move; refused elsewhere.
  const clock = testClockFromEnv(process.env, config.environment);
  const { secret, store } = await openData(config);
  const lifecycle = new ServerLifecycle();
  const app = await buildApp({
    config,
    store,
    delivery: delivery.routes,
    outbox,
    secret,
    previousSecret: config.previousSecret,
    lifecycle,
    ...(clock && { clock }),
  });
  if (store.migrated) logMigrations(app.log, store.migrated);

  await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
    throw listenError(error, config.host, config.port) ?? error;
  });
  // Only now: a signal during startup ends the process (nothing to drain yet), rather than
  // closing the app under `listen` and racing main's failure path.
  const exit = (code: number) => process.exit(code);
  handleShutdownSignals(
    (signal) =>
      void shutDown(
        {
          lifecycle,
          server: serverCloser(app),
          outbound,
          release: async () => {
            await Promise.all(delivery.adapters.map((adapter) => adapter.close?.()));
            await store.close();
          },
          log: app.log,
          exit,
          settings: shutdownSettings,
        },
        signal,
      ),
    { log: app.log, exit },
  );
  app.log.info(
    {
      url: config.publicUrl,
      database: config.databaseUrl ? 'postgres' : join(config.dataDir, 'velvet.db'),
      delivery: Object.fromEntries(
        Object.entries(delivery.routes).map(([channel, adapter]) => [channel, adapter?.name]),
      ),
    },
    'Velvet is running',
  );
  if (
    !config.production &&
    config.projects.some((p) => p.publicToken === DEVELOPMENT_PUBLIC_TOKEN)
  ) {
    app.log.info(
      `development project: public token ${DEVELOPMENT_PUBLIC_TOKEN}; the development outbox prints each message (passcodes, links) here and lists them at ${config.publicUrl}/dev/outbox; OAuth and Google One Tap sign in through the development identity provider at ${config.publicUrl}/dev/identity/ (docs/development-identity-provider.md)`,
    );
  }
}

main().catch((error: unknown) => {
  // A setting or a database the server must not run with: one line, no stack trace.
  if (error instanceof ConfigError || error instanceof DatabaseAheadError) {
    console.error(`velvet: ${error.message}`);
  } else {
    console.error('velvet: could not start:', error);
  }
  process.exit(1);
});
