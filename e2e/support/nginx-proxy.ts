/**
 * nginx in front of Velvet servers for end-to-end tests, terminating TLS with a self-signed
 * certificate for `localhost`. The site it serves is `deploy/nginx/velvet.conf`, the file the
 * production page (docs/production.md) installs, with only its certificate paths and ports replaced, so
 * the file a host copies is the one the test runs. nginx comes from the system (Debian:
 * `apt-get install nginx`); without it the test fails and says so.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { acceptsConnections, freePort } from '../../server/test/ports.js';

const root = join(import.meta.dirname, '..', '..');

/** A running nginx. */
export interface NginxProxy {
  /** Its https origin, e.g. `https://localhost:41234`. */
  url: string;
  port: number;
  /** Its plain http origin, which redirects to https. */
  httpUrl: string;
  /** The access log's lines so far, in the site's own `log_format`. */
  accessLog(): string[];
  /** nginx's error log so far: why it answered 502 or passed a request to the other process. */
  errorLog(): string;
  /** Stops nginx and removes its files. */
  stop(): Promise<void>;
}

/** The nginx executable: `NGINX_PATH`, else `nginx` on the `PATH`, else Debian's `/usr/sbin/nginx`. */
export function nginxPath(): string {
  const candidates = process.env.NGINX_PATH
    ? [process.env.NGINX_PATH]
    : [
        ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nginx')),
        '/usr/sbin/nginx',
      ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      process.env.NGINX_PATH
        ? `NGINX_PATH=${process.env.NGINX_PATH} does not exist.`
        : 'nginx is not installed: the https proxy test runs the nginx site of docs/production.md in front of the server. Install it (Debian/Ubuntu: `apt-get install nginx`) or set NGINX_PATH.',
    );
  }
  return found;
}

/** The nginx site of `deploy/nginx/velvet.conf`. */
export function deployedNginxSite(): string {
  return readFileSync(join(root, 'deploy', 'nginx', 'velvet.conf'), 'utf8');
}

/** `site` with each key of `replacements` (which must occur exactly once) replaced. */
function substitute(site: string, replacements: Record<string, string>): string {
  let result = site;
  for (const [from, to] of Object.entries(replacements)) {
    const count = result.split(from).length - 1;
    if (count !== 1) throw new Error(`deploy/nginx/velvet.conf should hold "${from}" once`);
    result = result.replace(from, to);
  }
  return result;
}

/** How long nginx may take to accept connections: generous, for a busy machine. */
const LISTENING_TIMEOUT_MS = 60_000;

/**
 * Resolves once nginx accepts connections on `port`; rejects with its error log if it exits, or
 * if it still does not accept after {@link LISTENING_TIMEOUT_MS}.
 */
async function listening(port: number, child: ChildProcess, errorLog: string): Promise<void> {
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  const deadline = performance.now() + LISTENING_TIMEOUT_MS;
  while (!(await acceptsConnections(port))) {
    const log = () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
    if (exited !== undefined) throw new Error(`nginx exited (${exited}):\n${log()}`);
    if (performance.now() > deadline) {
      throw new Error(
        `nginx did not accept connections on port ${port} within ${LISTENING_TIMEOUT_MS / 1000} s:\n${log()}`,
      );
    }
    // Asks again shortly: nginx reads its configuration and binds in a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts the deployed nginx site on free ports, forwarding to the server processes on
 * `upstreamPorts` (the site's two: with one given, the other is a free port where nothing
 * listens, as when one process runs).
 */
export async function startNginx(
  ...upstreamPorts: [number] | [number, number]
): Promise<NginxProxy> {
  const nginx = nginxPath();
  const dir = mkdtempSync(join(tmpdir(), 'velvet-nginx-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  const httpPort = await freePort();
  const [first, second = await freePort()] = upstreamPorts;
  const site = substitute(deployedNginxSite(), {
    'listen 443 ssl http2;': `listen 127.0.0.1:${port} ssl http2;`,
    'listen 80;': `listen 127.0.0.1:${httpPort};`,
    '/etc/letsencrypt/live/party.example/fullchain.pem': cert,
    '/etc/letsencrypt/live/party.example/privkey.pem': key,
    'server 127.0.0.1:8080 ': `server 127.0.0.1:${first} `,
    'server 127.0.0.1:8081 ': `server 127.0.0.1:${second} `,
    '/var/log/nginx/velvet.access.log': join(dir, 'access.log'),
  });
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const errorLog = join(dir, 'error.log');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${errorLog};
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
${site}
}
`,
  );
  const child = spawn(nginx, ['-e', errorLog, '-p', dir, '-c', conf], { stdio: 'ignore' });
  await listening(port, child, errorLog);
  return {
    url: `https://localhost:${port}`,
    port,
    httpUrl: `http://localhost:${httpPort}`,
    accessLog() {
      const path = join(dir, 'access.log');
      return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
    },
    errorLog() {
      return existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '';
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
