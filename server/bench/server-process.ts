/**
 * The servers the bench measures, each in its own process on a scratch database: Velvet as
 * `npm start` runs it (compiled, plain `node`), Velvet from another checkout (its sources with
 * tsx, as its own `npm start` ran them before the server was compiled), and a bare Fastify
 * route under plain `node`, the baseline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/** The kernel's clock ticks per second (`getconf CLK_TCK`), 100 on Linux everywhere. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The bench project's public token. */
export const BENCH_PUBLIC_TOKEN = 'public-token-test-00000000-0000-4000-8000-velvetbench1';

/** A limit so high the bench never meets it. */
const UNLIMITED = { max: 1_000_000, windowMinutes: 1 };

/** The bench project: passcodes by SMS with no limit the bench would meet. */
const BENCH_CONFIG = {
  projects: [
    {
      name: 'Bench',
      publicToken: BENCH_PUBLIC_TOKEN,
      products: ['otp'],
      otp: {
        methods: ['sms'],
        sendLimits: { perDestination: UNLIMITED, perIp: UNLIMITED },
        authenticateLimit: { perIp: UNLIMITED },
      },
      sms: { maxPerHour: 1_000_000 },
    },
  ],
};

/** How to start a server. */
export type ServerKind =
  /** This checkout, compiled (`dist/server/main.js`), as `npm start` runs it. */
  | { kind: 'velvet-compiled'; root: string; nodeFlags: readonly string[] }
  /** A checkout's TypeScript sources under tsx (`node --import tsx server/main.ts`). */
  | { kind: 'velvet-tsx'; root: string }
  /** One Fastify route, `POST /bare`, answering `{ok: true}`. */
  | { kind: 'bare'; root: string };

/**
 * How another checkout's `npm start` runs its server: compiled (its `scripts/build-server.ts`
 * builds it into its own `dist/server/`, run with `nodeFlags`), or, in a checkout from before the
 * server was compiled, its sources under tsx.
 */
export async function checkoutServer(
  root: string,
  nodeFlags: readonly string[],
): Promise<ServerKind> {
  if (!existsSync(join(root, 'scripts', 'build-server.ts'))) return { kind: 'velvet-tsx', root };
  const build = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "await (await import('./scripts/build-server.ts')).buildServer();",
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const [code] = (await once(build, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`building the server of ${root} failed (exit ${code})`);
  return { kind: 'velvet-compiled', root, nodeFlags };
}

/** A running server process. */
export interface ServerProcess {
  url: string;
  /** The server's process id (for a profiler or `strace -p`). */
  pid: number;
  /** Resident memory now, in MiB. */
  rssMiB(): number;
  /** CPU time (user and system) the process has used so far, in microseconds. */
  cpuMicros(): number;
  /** The scratch database (none for the bare server). */
  database?: TestDatabase;
  stop(): Promise<void>;
}

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
app.post('/bare', async () => ({ ok: true }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

/** A free loopback port. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The node arguments that start `server`. */
function nodeArgs(server: ServerKind): string[] {
  if (server.kind === 'bare') return ['--input-type=module', '-e', BARE_SERVER];
  if (server.kind === 'velvet-tsx') return ['--import', 'tsx', 'server/main.ts'];
  return [...server.nodeFlags, 'dist/server/main.js'];
}

/** Starts a server and waits until it answers `/healthz`. */
export async function startServer(
  server: ServerKind,
  postgresUrl: string | undefined,
): Promise<ServerProcess> {
  const port = await freePort();
  const database = server.kind === 'bare' ? undefined : await createTestDatabase(postgresUrl ?? '');
  const args = nodeArgs(server);
  let configPath = '';
  if (database) {
    configPath = join(database.dataDir, 'velvet.config.json');
    writeFileSync(configPath, JSON.stringify(BENCH_CONFIG));
  }
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: server.root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: database?.dataDir ?? '',
      DATABASE_URL: database?.databaseUrl ?? '',
      VELVET_CONFIG: configPath,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() - started > 180_000) throw new Error(`the server did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid ?? 0,
    database,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kib / 1024;
    },
    cpuMicros() {
      // Fields 14 and 15 of /proc/PID/stat, after the command name in parentheses, in ticks.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await database?.drop();
    },
  };
}
