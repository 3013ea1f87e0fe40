/**
 * The invitation site for end-to-end tests: the site built as `npm run build` builds it (into
 * `dist/site`, once per test process), the real server process on a port chosen up front (so
 * the development project authorizes the page's own origin), the guest list edited with
 * `npm run guests`, and the API calls a test makes on a session's behalf.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../../server/config/config.js';
import { unwrapSuccess } from '../../server/test/api-assertions.js';
import { freePort } from '../../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../../server/test/velvet-process.js';

const root = join(import.meta.dirname, '..', '..');

let built = false;

/** Builds the site into `dist/site` with the top-level `vite.config.ts`, once per process. */
export function buildSiteOnce(): void {
  if (built) return;
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'vite.config.ts',
      '--logLevel',
      'warn',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`site build failed:\n${result.stdout}\n${result.stderr}`);
  built = true;
}

/** A running site with its server. */
export interface SiteServer {
  /** The site's origin, e.g. `http://localhost:41234`. */
  url: string;
  velvet: VelvetServer;
  /** `npm run guests -- <args>` against this server's data; its output. */
  guests(...args: string[]): string;
  /** `POST /sdk/v1{path}` as the development project, with `secret` (a session token) or none. */
  api(path: string, secret?: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

/**
 * Builds the site if needed and starts the real server serving it, on `port` (a free one when
 * omitted) with `env` added to its environment (and the guest list's), on the database
 * `postgresUrl` picks.
 */
export async function startSite(
  options: {
    port?: number;
    env?: Record<string, string>;
    /** A PostgreSQL server to use, or `''` for SQLite; the suite's choice when omitted. */
    postgresUrl?: string;
    /**
     * The server's `velvet.config.json` (its first project is the site's), which the guest list
     * reads too; the development project when omitted.
     */
    config?: unknown;
  } = {},
): Promise<SiteServer> {
  buildSiteOnce();
  const port = options.port ?? (await freePort());
  const velvet = await startVelvet({
    env: { ...options.env, PORT: String(port) },
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.postgresUrl === undefined ? {} : { postgresUrl: options.postgresUrl }),
  });
  const url = `http://localhost:${port}`;
  return {
    url,
    velvet,
    guests(...args) {
      const result = spawnSync('npm', ['run', '--silent', 'guests', '--', ...args], {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: velvet.database.dataDir,
          DATABASE_URL: velvet.database.databaseUrl ?? '',
          VELVET_CONFIG:
            options.config === undefined ? '' : join(velvet.database.dataDir, 'velvet.config.json'),
          ...options.env,
        },
      });
      if (result.status !== 0) {
        throw new Error(`npm run guests -- ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`);
      }
      return result.stdout;
    },
    async api(path, secret = DEVELOPMENT_PUBLIC_TOKEN, body = {}) {
      const auth = Buffer.from(`${DEVELOPMENT_PUBLIC_TOKEN}:${secret}`).toString('base64');
      const response = await fetch(`${url}/sdk/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = await response.json();
      return { status: response.status, body: response.ok ? unwrapSuccess(json) : json };
    },
    stop: () => velvet.stop(),
  };
}
