/**
 * The server's configuration: environment variables for the process, one
 * JSON config file for the projects. `loadConfig` validates everything and
 * throws a `ConfigError` naming the first bad setting, so start-up stops
 * with a clear message instead of failing later.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ErrorObject } from 'ajv';
import { OAUTH_PROVIDERS } from '../../widget/client/oauth-provider-names.js';
import type { OAuthProviderSettings } from '../products/oauth/index.js';
import { settingsParts } from '../products/registry.js';
import { withSiteGuestSessions } from '../products/sessions/index.js';
import {
  normalizeOrigin,
  type ProjectConfig,
  type ProjectSettings,
  resolveProjectSettings,
} from '../projects/project-settings.js';
import { ConfigError } from './config-error.js';
import { configFileValidator } from './config-file-validator.js';
import {
  ALLOW_DEV_SURFACES,
  assertDevSurfacesAllowed,
  type Environment,
  readEnvironment,
  readHost,
} from './environment.js';
import { type JsonSource, JsonSourceError, locate, readJsonSource } from './json-source.js';
import { assertSecureAnchors } from './trust-anchors.js';
import { readTrustProxy, type TrustProxy } from './trust-proxy.js';

export { ConfigError } from './config-error.js';
export type { Environment } from './environment.js';

/** The public token of the development project, fixed so the README and the site can name it. */
export const DEVELOPMENT_PUBLIC_TOKEN = 'public-token-test-5f0c9a7e-velvet-development';

/** A project the server serves. */
export interface ConfiguredProject {
  name: string;
  publicToken: string;
  settings: ProjectSettings;
}

/** Everything the server process needs to start. */
export interface ServerConfig {
  /** `NODE_ENV`: `production`, `development` (when unset) or `test` (see `environment.ts`). */
  environment: Environment;
  /** `NODE_ENV=production`: no outbox, real delivery required, secure defaults. */
  production: boolean;
  /** `HOST`: loopback by default outside production; production sets it. */
  host: string;
  port: number;
  /** The origin pages use to reach this server (links, error URLs, the development project). */
  publicUrl: string;
  /** Where the SQLite file and the generated secret live. */
  dataDir: string;
  /** A `postgres://` URL; when set, PostgreSQL replaces SQLite. */
  databaseUrl?: string;
  /** A server secret (at least 32 characters) keying the passcode hashes; generated in development. */
  secret?: string;
  /**
   * `VELVET_SECRET_PREVIOUS`: during a rotation, the secret before `secret`. What it signed,
   * sealed or keyed is still accepted until it expires; nothing new uses it.
   */
  previousSecret?: string;
  /**
   * Which peers may tell the client's address and scheme (`X-Forwarded-For`, `X-Forwarded-Proto`):
   * none, a hop count, or the proxies' addresses and CIDRs (see `trust-proxy.ts`).
   */
  trustProxy: TrustProxy;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The config file read, if any. */
  configFile?: string;
  /**
   * Serve the developers' demo and playground at `/demo/`: `VELVET_DEMO`, by default on outside
   * production and off in it.
   */
  demo: boolean;
  /**
   * `METRICS_TOKEN`: the bearer token `GET /metrics` requires. Unset, `/metrics` is open outside
   * production and off (404) in it.
   */
  metricsToken?: string;
  projects: ConfiguredProject[];
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** How `loadConfig` reads the configuration. */
export interface LoadConfigOptions {
  /**
   * For a command (`npm run guests`, `npm run impersonate`) rather than the server: it listens
   * nowhere and serves no development surface, so production needs no `HOST` and development no
   * `VELVET_ALLOW_DEV_SURFACES` beside a live config.
   */
  command?: boolean;
}

/** Reads the configuration from `env` (normally `process.env`) and the config file it names. */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
  options: LoadConfigOptions = {},
): ServerConfig {
  const environment = readEnvironment(env.NODE_ENV);
  const production = environment === 'production';
  const port = readPort(env.PORT);
  const host = readHost(env.HOST, production && !options.command);
  const publicUrl = readUrl('PUBLIC_URL', env.PUBLIC_URL ?? `http://localhost:${port}`);
  const dataDir = resolve(cwd, env.DATA_DIR ?? 'data');
  const databaseUrl = readDatabaseUrl(env.DATABASE_URL);
  const secret = readSecret(env.VELVET_SECRET, production);
  const previousSecret = readPreviousSecret(env.VELVET_SECRET_PREVIOUS, secret);
  const logLevel = readLogLevel(env.LOG_LEVEL);

  const configFile = findConfigFile(env, cwd);
  const projects = readProjects(env, { production, publicUrl, port, configFile });

  if (production) assertSecureAnchors(publicUrl, projects, configFile ?? 'the config file');
  const allowDevSurfaces = readBoolean(ALLOW_DEV_SURFACES, env[ALLOW_DEV_SURFACES], false);
  if (!options.command) {
    assertDevSurfacesAllowed(env, {
      environment,
      publicTokens: projects.map((project) => project.publicToken),
      configFile,
      allowed: allowDevSurfaces,
    });
  }

  const demo = readBoolean('VELVET_DEMO', env.VELVET_DEMO, !production);
  const metricsToken = readMetricsToken(env.METRICS_TOKEN);

  return {
    environment,
    production,
    demo,
    host,
    port,
    publicUrl,
    dataDir,
    databaseUrl,
    secret,
    previousSecret,
    trustProxy: readTrustProxy(env.TRUST_PROXY, production, host),
    logLevel,
    configFile,
    ...(metricsToken ? { metricsToken } : {}),
    projects,
  };
}

/** The shortest `METRICS_TOKEN` taken: long enough that guessing it is hopeless. */
const METRICS_TOKEN_MIN_LENGTH = 32;

/** `METRICS_TOKEN`: at least 32 characters of printable ASCII without spaces, or unset. */
function readMetricsToken(value: string | undefined): string | undefined {
  const token = value || undefined;
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError('METRICS_TOKEN', 'must be printable ASCII without spaces');
  }
  if (token !== undefined && token.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(
      'METRICS_TOKEN',
      `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long (openssl rand -hex 32)`,
    );
  }
  return token;
}

/**
 * `DATABASE_URL`: a `postgres://` or `postgresql://` URL, or `undefined` (SQLite) when unset.
 * The value is never echoed: it holds the database password.
 */
function readDatabaseUrl(value: string | undefined): string | undefined {
  const databaseUrl = value || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }
  if (databaseUrl && !URL.canParse(databaseUrl)) {
    throw new ConfigError(
      'DATABASE_URL',
      'is not a valid URL: write it as postgres://user:password@host:5432/database, the password percent-encoded',
    );
  }
  return databaseUrl;
}

/** `VELVET_SECRET`: at least 32 characters; required in production, generated elsewhere. */
function readSecret(value: string | undefined, production: boolean): string | undefined {
  const secret = value || undefined;
  if (secret !== undefined && secret.length < 32) {
    throw new ConfigError('VELVET_SECRET', 'must be at least 32 characters long');
  }
  if (production && !secret) {
    throw new ConfigError(
      'VELVET_SECRET',
      'is required when NODE_ENV=production (at least 32 random characters)',
    );
  }
  return secret;
}

/** `VELVET_SECRET_PREVIOUS`: unset, or at least 32 characters and not `VELVET_SECRET` itself. */
function readPreviousSecret(value: string | undefined, secret: string | undefined) {
  const previous = value || undefined;
  if (previous !== undefined && previous.length < 32) {
    throw new ConfigError('VELVET_SECRET_PREVIOUS', 'must be at least 32 characters long');
  }
  if (previous !== undefined && previous === secret) {
    throw new ConfigError('VELVET_SECRET_PREVIOUS', 'is the same as VELVET_SECRET');
  }
  return previous;
}

/** `LOG_LEVEL`: one of `LOG_LEVELS`, `info` when unset. */
function readLogLevel(value: string | undefined): ServerConfig['logLevel'] {
  const logLevel = value ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return logLevel as ServerConfig['logLevel'];
}

/** What `readProjects` needs of the configuration read before it. */
interface ProjectsContext {
  production: boolean;
  publicUrl: string;
  port: number;
  configFile: string | undefined;
}

/**
 * The projects served: the config file's, else (outside production) the development project
 * with the origins of `VELVET_DEV_ORIGINS`. Refuses dev origins beside a config file or in
 * production, no project at all, and public tokens that two projects share or, in production,
 * test tokens.
 */
function readProjects(env: NodeJS.ProcessEnv, context: ProjectsContext): ConfiguredProject[] {
  const { production, publicUrl, port, configFile } = context;
  const devOrigins = readDevOrigins(env.VELVET_DEV_ORIGINS);
  if (devOrigins.length > 0 && (production || configFile)) {
    throw new ConfigError(
      'VELVET_DEV_ORIGINS',
      `adds origins to the development project only; list them in the authorizedOrigins of your project in ${configFile ?? 'the config file'}`,
    );
  }
  const fileProjects = configFile ? readConfigFile(configFile) : undefined;
  const projects =
    fileProjects ?? (production ? [] : [developmentProject(publicUrl, port, devOrigins)]);
  if (projects.length === 0) {
    throw new ConfigError(
      'projects',
      'production needs at least one project in the config file (VELVET_CONFIG or velvet.config.json)',
    );
  }
  assertPublicTokens(projects, production);
  if (production) assertNoDevelopmentProviders(projects, configFile);
  return projects.map((project, index) => (index === 0 ? asSiteProject(project) : project));
}

/**
 * The first project as the invitation site's (the site and the guest list belong to it): its
 * guests' sessions (`sessions.siteGuestDurationDays`, 30 days by default) may outlast its
 * `sessions.maxDurationMinutes`, which is raised to them. The other projects keep the limits
 * they configure.
 */
export function asSiteProject(project: ConfiguredProject): ConfiguredProject {
  const sessions = withSiteGuestSessions(project.settings.sessions);
  if (sessions === project.settings.sessions) return project;
  return { ...project, settings: { ...project.settings, sessions } };
}

/** Refuses a public token two projects share, and a test token in production. */
function assertPublicTokens(projects: readonly ConfiguredProject[], production: boolean): void {
  const tokens = new Set<string>();
  for (const [index, project] of projects.entries()) {
    if (tokens.has(project.publicToken)) {
      throw new ConfigError(`projects[${index}].publicToken`, 'is used by two projects');
    }
    tokens.add(project.publicToken);
    if (production && project.publicToken.startsWith('public-token-test-')) {
      throw new ConfigError(
        `projects[${index}].publicToken`,
        'a test token cannot be used in production: use public-token-live-…',
      );
    }
  }
}

/**
 * The project every development server has, open to its own origin, the Vite dev server and
 * the origins of `VELVET_DEV_ORIGINS`.
 */
function developmentProject(
  publicUrl: string,
  port: number,
  extraOrigins: readonly string[],
): ConfiguredProject {
  const origins = new Set([
    normalizeOrigin(publicUrl),
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    // The Vite dev server of `npm run dev`.
    'http://localhost:5173',
    ...extraOrigins,
  ]);
  const demoOrigins = [
    normalizeOrigin(publicUrl),
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
  ].filter((origin, index, all) => all.indexOf(origin) === index);
  const landings = [
    ...demoOrigins.map((origin) => `${origin}/demo/`),
    ...[...origins].map((origin) => `${origin}/`),
  ];
  return {
    name: 'Velvet (development)',
    publicToken: DEVELOPMENT_PUBLIC_TOKEN,
    settings: resolveProjectSettings(
      {
        name: 'Velvet (development)',
        publicToken: DEVELOPMENT_PUBLIC_TOKEN,
        authorizedOrigins: [...origins],
        // Passkeys need the page on localhost or HTTPS; crypto wallets need no delivery; OAuth and
        // Google One Tap sign in through the development identity provider (`/dev/identity/`).
        products: ['emailMagicLinks', 'otp', 'passwords', 'passkeys', 'crypto', 'oauth'],
        // The demo's sample application signs in with Velvet (OpenID Connect, see demo/oidc-panel.ts).
        idp: {
          clients: [
            {
              clientId: 'velvet-demo-app',
              clientName: 'Velvet Demo App',
              clientDescription: 'The sample application of the demo page.',
              type: 'public',
              redirectUris: demoOrigins.map((origin) => `${origin}/demo/?oidc=callback`),
              postLogoutRedirectUris: demoOrigins.map(
                (origin) => `${origin}/demo/?oidc=signed-out`,
              ),
            },
          ],
        },
        // The demo page signs in with passwords too; its reset links land on it.
        passwords: { resetRedirectUrls: [`${normalizeOrigin(publicUrl)}/demo/`] },
        // Magic links open the demo on the server's own origins, or the root of any other origin.
        emailMagicLinks: { loginRedirectURLs: landings },
        // Every provider, through the development identity provider; OAuth lands as magic links do.
        oauth: {
          providers: developmentProviders(),
          loginRedirectURLs: landings,
          signupRedirectURLs: landings,
        },
      },
      settingsParts,
    ),
  };
}

/**
 * The development project's OAuth providers: all 19, each an app of the development identity
 * provider with development credentials (not secrets: the stand-in serves development only).
 */
function developmentProviders(): Record<string, OAuthProviderSettings> {
  return Object.fromEntries(
    OAUTH_PROVIDERS.map((provider) => [
      provider,
      {
        clientId: `velvet-development-${provider}`,
        clientSecret: `velvet-development-${provider}-secret`,
        development: true,
      },
    ]),
  );
}

/**
 * Refuses, in production, a provider set to the development identity provider (`"development":
 * true`), which only development serves.
 */
function assertNoDevelopmentProviders(
  projects: readonly ConfiguredProject[],
  configFile: string | undefined,
): void {
  for (const [index, project] of projects.entries()) {
    for (const [name, provider] of Object.entries(project.settings.oauth.providers)) {
      if (provider.development === true) {
        throw new ConfigError(
          `projects[${index}].oauth.providers.${name}.development in ${configFile ?? 'the config file'}`,
          `is the development identity provider, which production does not serve: remove it and give ${name}'s real clientId and clientSecret`,
        );
      }
    }
  }
}

function findConfigFile(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  if (env.VELVET_CONFIG) {
    const path = resolve(cwd, env.VELVET_CONFIG);
    if (!existsSync(path)) throw new ConfigError('VELVET_CONFIG', `no file at ${path}`);
    return path;
  }
  const path = resolve(cwd, 'velvet.config.json');
  return existsSync(path) ? path : undefined;
}

function readConfigFile(path: string): ConfiguredProject[] | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new ConfigError('VELVET_CONFIG', `cannot read ${path} (${code})`);
  }
  return parseConfigFile(text, path);
}

/**
 * The projects of a config file's text (`path` names the file in errors): JSON with no key
 * written twice, valid against the config schema. Errors name the file's line and column.
 * @throws ConfigError
 */
export function parseConfigFile(text: string, path: string): ConfiguredProject[] | undefined {
  const source = readConfigJson(text, path);
  const at = (setting: string, pointer: string) => keyPlace(source, text, path, setting, pointer);
  const parsed = source.value;
  const validate = configFileValidator();
  if (!validate(parsed)) {
    const { setting, pointer, detail } = schemaProblem(validate.errors?.[0]);
    throw new ConfigError(at(setting, pointer), detail);
  }
  const file = parsed as { projects?: ProjectConfig[] };
  return file.projects?.map((project, index) => {
    const settings = resolveProjectSettings(project, settingsParts);
    const { defaultDurationMinutes, maxDurationMinutes } = settings.sessions;
    if (defaultDurationMinutes > maxDurationMinutes) {
      throw new ConfigError(
        at(
          `projects[${index}].sessions.defaultDurationMinutes`,
          `/projects/${index}/sessions/defaultDurationMinutes`,
        ),
        `${defaultDurationMinutes} is longer than sessions.maxDurationMinutes (${maxDurationMinutes})`,
      );
    }
    if (index > 0 && project.sessions?.siteGuestDurationDays !== undefined) {
      throw new ConfigError(
        at(
          `projects[${index}].sessions.siteGuestDurationDays`,
          `/projects/${index}/sessions/siteGuestDurationDays`,
        ),
        'is for the invitation site, which belongs to the first project: set it there',
      );
    }
    if (index > 0 && project.hosts !== undefined) {
      throw new ConfigError(
        at(`projects[${index}].hosts`, `/projects/${index}/hosts`),
        'is for the invitation site, which belongs to the first project: set it there',
      );
    }
    if (settings.products.length === 1 && settings.products[0] === 'passkeys') {
      throw new ConfigError(
        at(`projects[${index}].products`, `/projects/${index}/products`),
        PASSKEYS_ALONE,
      );
    }
    return { name: project.name, publicToken: project.publicToken, settings };
  });
}

/** The config file's JSON; a syntax error or a key written twice names the line and column. */
function readConfigJson(text: string, path: string): JsonSource {
  try {
    return readJsonSource(text);
  } catch (error) {
    if (!(error instanceof JsonSourceError)) throw error;
    const { line, column } = locate(text, error.offset);
    throw new ConfigError(`${path}:${line}:${column}`, `is not valid JSON: ${error.problem}`);
  }
}

/** `SETTING in PATH:LINE:COLUMN`: where the key at `pointer` (or its nearest parent) is written. */
function keyPlace(
  source: JsonSource,
  text: string,
  path: string,
  setting: string,
  pointer: string,
): string {
  let key = pointer;
  while (key !== '' && !source.keys.has(key)) key = key.slice(0, key.lastIndexOf('/'));
  const offset = source.keys.get(key);
  if (offset === undefined) return `${setting} in ${path}`;
  const { line, column } = locate(text, offset);
  return `${setting} in ${path}:${line}:${column}`;
}

/** The setting a schema error is about (`projects[0].otp.methods`), its JSON pointer and what is wrong. */
function schemaProblem(problem: ErrorObject | undefined): {
  setting: string;
  pointer: string;
  detail: string;
} {
  const instancePath = problem?.instancePath ?? '';
  const where = instancePath
    ? instancePath
        .replace(/^\//, '')
        .replace(/\/(\d+)/g, '[$1]')
        .replaceAll('/', '.')
    : '(top level)';
  const missing = (problem?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const setting = missing ? `${where === '(top level)' ? '' : `${where}.`}${missing}` : where;
  if (problem?.keyword === 'additionalProperties') {
    const unknown = (problem.params as { additionalProperty: string }).additionalProperty;
    const escaped = unknown.replaceAll('~', '~0').replaceAll('/', '~1');
    return {
      setting,
      pointer: `${instancePath}/${escaped}`,
      detail: `unknown setting "${unknown}"`,
    };
  }
  return { setting, pointer: instancePath, detail: problem?.message ?? 'is invalid' };
}

/**
 * Why passkeys cannot be a project's only product (the spec's widget error 'Cannot use Passkeys
 * by itself'): a passkey is registered by a signed-in user, so nobody could ever sign in, and the
 * authorization page would have no form to show.
 */
const PASSKEYS_ALONE =
  'passkeys cannot be the only product (a passkey is added by a signed-in user, so nobody could sign in): add another product, such as "otp"';

/** `VELVET_DEV_ORIGINS=http://localhost:3000, https://x.test` → the origins, normalized. */
function readDevOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/') {
        throw new ConfigError(
          'VELVET_DEV_ORIGINS',
          `must be origins separated by commas, such as http://localhost:3000, not "${item}"`,
        );
      }
      return url.origin;
    });
}

function readBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, `must be true or false, not "${value}"`);
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError('PORT', `must be a whole number from 0 to 65535, not "${value}"`);
  }
  return port;
}

function readUrl(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url.origin;
  } catch {
    throw new ConfigError(name, `must be an http:// or https:// URL, not "${value}"`);
  }
}
