/**
 * A real Velvet server for tests: the production `buildApp` on a real
 * database (SQLite, or PostgreSQL with `--pg`), listening on a loopback port,
 * with the development outbox and a clock the test can move. Tests talk to it
 * over HTTP only.
 */
import type { FastifyInstance } from 'fastify';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { ALL_USER_PARTS } from '../all-user-parts.js';
import { buildApp } from '../app.js';
import type { ConfiguredProject, ServerConfig } from '../config/config.js';
import type { DeliveryRoutes } from '../delivery/delivery.js';
import { DevOutbox } from '../delivery/outbox.js';
import { loggerOptions } from '../http/log-options.js';
import { HOUSEKEEPING_INTERVAL_MS, type HousekeepingSchedule } from '../ops/housekeeping.js';
import type { ServerLifecycle } from '../ops/lifecycle.js';
import { settingsParts } from '../products/registry.js';
import { type ProjectConfig, resolveProjectSettings } from '../projects/project-settings.js';
import { Store } from '../store.js';
import { unwrapSuccess } from './api-assertions.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** The public token of the test project. */
export const TEST_PUBLIC_TOKEN = 'public-token-test-00000000-0000-4000-8000-velvettests';
/** An origin the test project authorizes. */
export const TEST_ORIGIN = 'http://app.velvet.test';

/** A clock that only moves when told. */
export class FakeClock {
  constructor(public current = Date.parse('2025-07-26T18:00:00Z')) {}
  now = (): number => this.current;
  advance(ms: number): void {
    this.current += ms;
  }
}

/** What a test may change about the server. */
export interface TestServerOptions {
  /** Overrides for the test project's config. */
  project?: Partial<ProjectConfig>;
  /** More projects. */
  extraProjects?: ProjectConfig[];
  /** Delivery routes other than the outbox. */
  delivery?: DeliveryRoutes;
  /** Reuse a database (to restart a server on the same data). */
  database?: TestDatabase;
  /** A fixed server secret. */
  secret?: string;
  /** The secret before `secret`, as `VELVET_SECRET_PREVIOUS` gives it during a rotation. */
  previousSecret?: string;
  /** Overrides of the server configuration (`production`, `demo`, …). */
  config?: Partial<Omit<ServerConfig, 'projects'>>;
  /** The built demo to serve (see `AppOptions.demoDir`). */
  demoDir?: string;
  /** Collects the server's log lines (JSON, level `warn` and up) here. */
  logLines?: string[];
  /** Receives every log line (JSON, level trace), for tests of what is logged. */
  logLine?: (line: string) => void;
  /** The process's life cycle, for tests of draining (see `AppOptions.lifecycle`). */
  lifecycle?: ServerLifecycle;
  /**
   * When housekeeping runs by itself: an hour after start and hourly by default, so it never
   * runs in the middle of a test that moved the clock (a test runs it with `app.housekeeping`).
   */
  housekeeping?: HousekeepingSchedule;
}

/** An answer from the server. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** A success's `data` (its envelope checked), or the whole body of anything else. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON fields.
  body: any;
  /** The whole body as sent, envelope included. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON fields.
  raw?: any;
}

/** A call to make. */
export interface ApiCall {
  method?: string;
  body?: unknown;
  /** The Basic secret: a session token or JWT; the public token when omitted. */
  secret?: string;
  publicToken?: string;
  /** Replaces the Authorization header entirely (`null` sends none). */
  authorization?: string | null;
  headers?: Record<string, string>;
}

/** A running test server. */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  store: Store;
  outbox: DevOutbox;
  clock: FakeClock;
  database: TestDatabase;
  project: { projectId: string; publicToken: string };
  /** Calls `/sdk/v1{path}` with JSON and Basic auth. */
  api(path: string, call?: ApiCall): Promise<ApiAnswer>;
  /** The newest passcode the outbox holds for `to`. */
  lastCode(to: string): string;
  /** Stops the server; `keepDatabase` leaves the data for a restart. */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

/** Basic auth for `publicToken:secret`. */
export function basicAuth(publicToken: string, secret: string): string {
  return `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;
}

/**
 * The fetch options of `call`: Basic auth with the test project's token unless the call says
 * otherwise (`authorization: null` for none), a JSON body, and POST when there is a body.
 */
function requestOf(call: ApiCall): RequestInit {
  const publicToken = call.publicToken ?? TEST_PUBLIC_TOKEN;
  const headers: Record<string, string> = { ...call.headers };
  if (call.authorization !== null) {
    headers.authorization =
      call.authorization ?? basicAuth(publicToken, call.secret ?? publicToken);
  }
  let body: string | undefined;
  if (call.body !== undefined) {
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  return { method: call.method ?? (call.body === undefined ? 'GET' : 'POST'), headers, body };
}

/** `text` parsed as JSON, or left as text when it is not JSON. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function configured(config: ProjectConfig): ConfiguredProject {
  return {
    name: config.name,
    publicToken: config.publicToken,
    settings: resolveProjectSettings(config, settingsParts),
  };
}

/** Starts a server on a fresh database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const clock = new FakeClock();
  const outbox = new DevOutbox({ log: () => undefined });
  const projectConfig: ProjectConfig = {
    name: 'Velvet tests',
    publicToken: TEST_PUBLIC_TOKEN,
    authorizedOrigins: [TEST_ORIGIN],
    ...options.project,
  };
  const config: ServerConfig = {
    environment: options.config?.production ? 'production' : 'test',
    production: false,
    host: '127.0.0.1',
    port: 0,
    publicUrl: 'http://velvet.test',
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    trustProxy: false,
    logLevel: 'silent',
    demo: true,
    ...options.config,
    projects: [configured(projectConfig), ...(options.extraProjects ?? []).map(configured)],
  };
  const store = await Store.open(
    {
      databaseUrl: database.databaseUrl,
      sqlitePath: database.sqlitePath,
    },
    ALL_MIGRATIONS,
    ALL_USER_PARTS,
  );
  const app = await buildApp({
    config,
    store,
    delivery: options.delivery ?? { sms: outbox, whatsapp: outbox, email: outbox },
    outbox,
    secret: options.secret ?? 'test-secret-0123456789abcdef0123456789',
    ...(options.previousSecret ? { previousSecret: options.previousSecret } : {}),
    clock: clock.now,
    // The server's own logger options (what is redacted), writing where the test reads.
    logger: options.logLine
      ? loggerOptions('trace', { write: (line: string) => options.logLine?.(line) })
      : options.logLines
        ? loggerOptions('warn', { write: (line: string) => void options.logLines?.push(line) })
        : false,
    ...(options.demoDir ? { demoDir: options.demoDir } : {}),
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
    housekeeping: options.housekeeping ?? { firstRunMs: HOUSEKEEPING_INTERVAL_MS },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  const project = await store.projects.findByPublicToken(projectConfig.publicToken);
  if (!project) throw new Error('test project missing');

  return {
    url,
    app,
    store,
    outbox,
    clock,
    database,
    project: { projectId: project.projectId, publicToken: project.publicToken },
    async api(path, call = {}) {
      const response = await fetch(`${url}/sdk/v1${path}`, requestOf(call));
      const parsed = jsonOrText(await response.text());
      // Every success but the JWK Set document comes in the SDK envelope.
      const enveloped = response.ok && !path.startsWith('/sessions/jwks/');
      const data = enveloped ? unwrapSuccess(parsed) : parsed;
      return { status: response.status, headers: response.headers, body: data, raw: parsed };
    },
    lastCode(to) {
      const [message] = outbox.list({ to });
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no passcode in the outbox for ${to}`);
      return code;
    },
    async close({ keepDatabase = false } = {}) {
      await app.close();
      await store.close();
      if (!keepDatabase) await database.drop();
    },
  };
}

/** Signs in `phone` by SMS through the API and returns the authenticate answer's body. */
export async function signInBySms(
  server: TestServer,
  phone: string,
  // biome-ignore lint/suspicious/noExplicitAny: the authenticate body.
): Promise<any> {
  const sent = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
  if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
  const answer = await server.api('/otps/authenticate', {
    body: {
      token: server.lastCode(phone),
      method_id: sent.body.method_id,
      session_duration_minutes: 60,
    },
  });
  if (answer.status !== 200) throw new Error(`authenticate failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
