/**
 * Which environment the server runs in (`NODE_ENV`), where it listens (`HOST`), and the guard that
 * keeps development's surfaces away from live settings. A typo such as `NODE_ENV=prod` once
 * started a live deployment in development, listing live passcodes at `/dev/outbox`: now only
 * the three names below are taken, and development refuses to start beside a live project or a
 * real delivery vendor unless `VELVET_ALLOW_DEV_SURFACES` says so.
 */
import { isIP } from 'node:net';
import { ConfigError } from './config-error.js';

/** The environments `NODE_ENV` may name; unset is `development`. */
export const ENVIRONMENTS = ['production', 'development', 'test'] as const;

/**
 * `production`: no development outbox or demo, real delivery, a secret, live tokens and an
 * explicit `HOST` required. `development` and `test` (what test runners set) serve the
 * development surfaces: the outbox at `/dev/outbox`, codes printed to the console, the demo.
 */
export type Environment = (typeof ENVIRONMENTS)[number];

/** The variable that lets development's surfaces run beside live settings. */
export const ALLOW_DEV_SURFACES = 'VELVET_ALLOW_DEV_SURFACES';

/**
 * Reads `NODE_ENV`: `production`, `development` or `test`, `development` when unset or empty.
 * @throws ConfigError for any other value
 */
export function readEnvironment(value: string | undefined): Environment {
  if (value === undefined || value === '') return 'development';
  if ((ENVIRONMENTS as readonly string[]).includes(value)) return value as Environment;
  throw new ConfigError(
    'NODE_ENV',
    `must be production, development or test (unset is development), not "${value}"`,
  );
}

/**
 * Reads `HOST`, the address to listen on: loopback (`127.0.0.1`) by default outside production;
 * a production server names it (`127.0.0.1` behind a proxy on the same machine, `0.0.0.0` for
 * every interface), so it is never reachable from the network by accident. `required` is false
 * for a command (`npm run guests`), which listens nowhere.
 * @throws ConfigError when unset but required, or not an IP address or host name
 */
export function readHost(value: string | undefined, required: boolean): string {
  const host = value?.trim() ?? '';
  if (host === '') {
    if (!required) return '127.0.0.1';
    throw new ConfigError(
      'HOST',
      'must be set when NODE_ENV=production: 127.0.0.1 behind a proxy on this machine, or 0.0.0.0 to listen on every interface',
    );
  }
  if (isIP(host) === 0 && !isHostName(host)) {
    throw new ConfigError(
      'HOST',
      `must be an IP address or a host name (127.0.0.1, ::1, 0.0.0.0), not "${host}"`,
    );
  }
  return host;
}

/** Whether `host` is a DNS name: dot-separated labels of letters, digits and inner hyphens. */
function isHostName(host: string): boolean {
  return (
    host.length <= 253 &&
    host.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label))
  );
}

/** What `assertDevSurfacesAllowed` needs to know. */
export interface DevSurfacesContext {
  environment: Environment;
  /** The projects' public tokens, in the config file's order. */
  publicTokens: readonly string[];
  /** The config file they come from, if any. */
  configFile: string | undefined;
  /** Whether `VELVET_ALLOW_DEV_SURFACES` is on. */
  allowed: boolean;
}

/**
 * Refuses to start development (or test) whenever the configuration looks live: a project with a
 * live public token (`public-token-live-…`), or a real delivery vendor (any `TWILIO_*` variable,
 * `SMTP_URL`). Development serves the outbox (every code and link it sends, listed at
 * `/dev/outbox` and printed to the console) and the demo, which must never meet real guests.
 * `VELVET_ALLOW_DEV_SURFACES=1` starts anyway (a developer trying a real vendor).
 * @throws ConfigError naming `NODE_ENV` and the live setting found
 */
export function assertDevSurfacesAllowed(
  env: NodeJS.ProcessEnv,
  context: DevSurfacesContext,
): void {
  if (context.environment === 'production' || context.allowed) return;
  const live = liveSetting(env, context);
  if (live === undefined) return;
  const environment = env.NODE_ENV ? context.environment : 'unset (development)';
  throw new ConfigError(
    'NODE_ENV',
    `${environment} serves the development outbox (codes at /dev/outbox and on the console) and the demo, but ${live}: set NODE_ENV=production, or ${ALLOW_DEV_SURFACES}=1 to serve them anyway`,
  );
}

/** The first live setting of the configuration, described, or `undefined` when none is. */
function liveSetting(env: NodeJS.ProcessEnv, context: DevSurfacesContext): string | undefined {
  const index = context.publicTokens.findIndex((token) => token.startsWith('public-token-live-'));
  if (index >= 0) {
    return `projects[${index}] in ${context.configFile ?? 'the config file'} has a live public token`;
  }
  const vendor = Object.keys(env)
    .filter((name) => name.startsWith('TWILIO_') || name === 'SMTP_URL')
    .sort()
    .find((name) => env[name]?.trim());
  return vendor === undefined ? undefined : `${vendor} sets up real delivery`;
}
