/**
 * A real Velvet server for the site's tests: `buildApp` on a fresh database (SQLite, or
 * PostgreSQL with `--pg`) listening on a loopback port, serving a site folder the test writes,
 * with the development outbox and a clock the test can move. Tests talk to it over HTTP only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { ALL_USER_PARTS } from '../all-user-parts.js';
import { buildApp } from '../app.js';
import { asSiteProject, type ConfiguredProject } from '../config/config.js';
import { DevOutbox } from '../delivery/outbox.js';
import { settingsParts } from '../products/registry.js';
import { type ProjectConfig, resolveProjectSettings } from '../projects/project-settings.js';
import type { Project } from '../projects/projects-repository.js';
import { Store } from '../store.js';
import { unwrapSuccess } from '../test/api-assertions.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { basicAuth, FakeClock } from '../test/test-server.js';

/** The site project's public token in these tests. */
export const SITE_TEST_TOKEN = 'public-token-test-00000000-0000-4000-8000-sitetests000';
/** A second project, whose sessions must not open the site. */
export const OTHER_TEST_TOKEN = 'public-token-test-00000000-0000-4000-8000-othertests00';

/** A running server with a site. */
export interface SiteTestServer {
  url: string;
  app: FastifyInstance;
  store: Store;
  clock: FakeClock;
  project: Project;
  /** A GET of `path` with the given `Cookie` header and other headers. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /**
   * `method path` as the browser of `token`'s session sends it from the site's own page: the
   * session cookie, `Origin` on a change, the body as JSON (or as it is, of `options.type`, for
   * bytes); the status, the text, its JSON when it is JSON, and the headers.
   */
  send(
    method: string,
    path: string,
    token: string | undefined,
    options?: { body?: unknown; type?: string; headers?: Record<string, string> },
  ): Promise<SentRequest>;
  /** Signs `phone` in by SMS (with `publicToken`, the site's by default); the session token. */
  signIn(phone: string, publicToken?: string): Promise<string>;
  /** Sets `trusted_metadata.invited` of the user of `phone` in the site's project. */
  setInvited(phone: string, invited: boolean | undefined): Promise<void>;
  /**
   * A POST to `/sdk/v1{path}` with the site's public token and `secret` (the public token, or a
   * session token); the status and the body (unwrapped from the envelope on success).
   */
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON bodies.
  call(path: string, body: unknown, secret?: string): Promise<{ status: number; body: any }>;
  /** The newest passcode sent to `to`. */
  lastCode(to: string): string;
  /** Revokes a session through the API, as a signed-in page would. */
  revoke(sessionToken: string): Promise<void>;
  close(): Promise<void>;
}

/** What `SiteTestServer.send` answers. */
export interface SentRequest {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON bodies.
  json: any;
  headers: Headers;
}

/** The `Cookie` header of the site's session cookie holding `token`, or none without one. */
export function siteCookie(token: string | undefined): Record<string, string> {
  return token ? { cookie: `velvet_site_session=${encodeURIComponent(token)}` } : {};
}

/** A request body as `send` sends it: bytes and text as they are, anything else as JSON. */
function requestBody(body: unknown): string | Uint8Array<ArrayBuffer> | undefined {
  if (body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return new Uint8Array(body);
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** Writes `files` (path relative to a fresh folder → content) and returns the folder. */
export function writeSiteFolder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'velvet-site-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function configured(config: ProjectConfig): ConfiguredProject {
  return {
    name: config.name,
    publicToken: config.publicToken,
    settings: resolveProjectSettings(config, settingsParts),
  };
}

/**
 * Starts a server on a fresh database, serving the site in `siteDir`; `siteProject` adds to the
 * site project's settings (products, for instance).
 */
export async function startSiteTestServer(
  siteDir: string,
  siteProject: Omit<Partial<ProjectConfig>, 'name' | 'publicToken'> = {},
): Promise<SiteTestServer> {
  const database: TestDatabase = await createTestDatabase();
  const clock = new FakeClock();
  const outbox = new DevOutbox({ log: () => undefined });
  const store = await Store.open(
    {
      databaseUrl: database.databaseUrl,
      sqlitePath: database.sqlitePath,
    },
    ALL_MIGRATIONS,
    ALL_USER_PARTS,
  );
  const app = await buildApp({
    config: {
      environment: 'test',
      production: false,
      host: '127.0.0.1',
      port: 0,
      publicUrl: 'http://party.velvet.test',
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      trustProxy: true,
      logLevel: 'silent',
      demo: false,
      // The first project is the site's, as `loadConfig` makes it.
      projects: [
        asSiteProject(
          configured({ ...siteProject, name: 'Site tests', publicToken: SITE_TEST_TOKEN }),
        ),
        configured({ name: 'Another project', publicToken: OTHER_TEST_TOKEN }),
      ],
    },
    store,
    delivery: { sms: outbox, whatsapp: outbox, email: outbox },
    outbox,
    secret: 'test-secret-0123456789abcdef0123456789',
    clock: clock.now,
    logger: false,
    siteDir,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  const project = await store.projects.findByPublicToken(SITE_TEST_TOKEN);
  if (!project) throw new Error('site project missing');

  const post = async (path: string, publicToken: string, secret: string, body: unknown) => {
    const response = await fetch(`${url}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(publicToken, secret),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the API's JSON bodies.
    const json = (await response.json()) as any;
    return { status: response.status, json };
  };
  const api = async (path: string, publicToken: string, secret: string, body: unknown) => {
    const { status, json } = await post(path, publicToken, secret, body);
    if (status !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return unwrapSuccess(json);
  };
  const lastCode = (to: string) => {
    const code = outbox.list({ to })[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no passcode for ${to}`);
    return code;
  };

  return {
    url,
    app,
    store,
    clock,
    project,
    get: (path, headers = {}) => fetch(`${url}${path}`, { headers }),
    async send(method, path, token, options = {}) {
      const hasBody = options.body !== undefined;
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...siteCookie(token),
          ...(method === 'GET' ? {} : { origin: url }),
          ...(hasBody ? { 'content-type': options.type ?? 'application/json' } : {}),
          ...options.headers,
        },
        body: requestBody(options.body),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, text, json, headers: response.headers };
    },
    async signIn(phone, publicToken = SITE_TEST_TOKEN) {
      const sent = await api('/otps/sms/login_or_create', publicToken, publicToken, {
        phone_number: phone,
      });
      const code = lastCode(phone);
      const session = await api('/otps/authenticate', publicToken, publicToken, {
        token: code,
        method_id: sent.method_id,
        session_duration_minutes: 60,
      });
      return session.session_token as string;
    },
    async setInvited(phone, invited) {
      const method = await store.users.findByDestination(project.projectId, 'phone', phone);
      if (!method) throw new Error(`no user for ${phone}`);
      const user = await store.users.findById(project.projectId, method.userId);
      if (!user) throw new Error(`no user for ${phone}`);
      const { invited: _old, ...rest } = user.trustedMetadata;
      await store.users.setTrustedMetadata(
        user.userId,
        invited === undefined ? rest : { ...rest, invited },
      );
    },
    async call(path, body, secret = SITE_TEST_TOKEN) {
      const { status, json } = await post(path, SITE_TEST_TOKEN, secret, body);
      return { status, body: status === 200 ? unwrapSuccess(json) : json };
    },
    lastCode,
    async revoke(sessionToken) {
      await api('/sessions/revoke', SITE_TEST_TOKEN, sessionToken, {});
    },
    async close() {
      await app.close();
      await store.close();
      await database.drop();
      rmSync(siteDir, { recursive: true, force: true });
    },
  };
}
