/**
 * `npm run test:production-install`: the production install of docs/production.md, checked on a copy of this
 * tree. It builds here what is stale (as `npm start` does), copies the tree's files (what git
 * tracks or would, no `node_modules`) and `dist/` into a temporary folder, installs there with
 * `npm ci --omit=dev --offline` (from the npm cache: no dev dependencies, no network), and then:
 *
 * - without `dist/`, `npm start` stops with one line saying to build;
 * - with it, `npm start` runs the built server under `NODE_ENV=production` with a live config on
 *   SQLite, which answers `/healthz`, serves the site and has no `/dev/outbox`.
 *
 * Slow (a native module compiles during the install), so CI runs it after `npm test` rather than
 * in it. Exits 1 with the failing step's output on any failure.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../server/test/ports.js';

const root = join(import.meta.dirname, '..');
const started = Date.now();

/** Prints a step with the seconds since the start. */
function step(message: string): void {
  console.log(`production install [${Math.round((Date.now() - started) / 1000)} s]: ${message}`);
}

/** Runs `command` in `cwd`, stopping the check with its output when it fails. */
function run(command: string, args: readonly string[], cwd: string, env = process.env): void {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** The tree's files: what git tracks, and what it would (not ignored), as paths from `root`. */
function treeFiles(): string[] {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout.split('\0').filter((path) => path !== '' && existsSync(join(root, path)));
}

/** Copies the tree and its `dist/` into `target`. */
function copyTree(target: string): void {
  for (const path of treeFiles()) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    cpSync(join(root, path), join(target, path), { verbatimSymlinks: true });
  }
  cpSync(join(root, 'dist'), join(target, 'dist'), { recursive: true });
}

/** Stops `npm start` and the server under it (their process group). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  process.kill(-child.pid, 'SIGTERM');
  await once(child, 'exit');
}

/** `npm start` without `dist/`: exit code 1 and the line saying to build. */
function checkNoBuild(dir: string, env: NodeJS.ProcessEnv): void {
  renameSync(join(dir, 'dist'), join(dir, 'dist.away'));
  try {
    const result = spawnSync('npm', ['start', '--silent'], { cwd: dir, env, encoding: 'utf8' });
    const line = 'velvet: no build in dist/ and no dev dependencies to build it';
    if (result.status !== 1 || !result.stderr.includes(line)) {
      throw new Error(
        `npm start without a build: expected exit 1 and "${line}…", got ${result.status}:\n${result.stderr}`,
      );
    }
  } finally {
    renameSync(join(dir, 'dist.away'), join(dir, 'dist'));
  }
}

/** Waits (up to 3 minutes, a busy machine) until `url` answers 200; the server must stay up. */
async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`no answer at ${url} in 3 minutes:\n${output()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `npm start` on the production install: health, the site, and no development outbox. */
async function checkStart(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const port = await freePort();
  const config = join(dir, 'velvet.production.json');
  // A live project whose products need no delivery vendor (none can be reached here).
  writeFileSync(
    config,
    JSON.stringify({
      projects: [
        {
          name: 'Production install',
          publicToken: `public-token-live-${randomBytes(8).toString('hex')}`,
          products: ['passwords'],
        },
      ],
    }),
  );
  const child = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      VELVET_SECRET: randomBytes(32).toString('base64url'),
      VELVET_CONFIG: config,
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${url}/healthz`, child, () => output);
    step('npm start: /healthz answers 200');
    const site = await fetch(`${url}/`);
    if (site.status !== 200) throw new Error(`GET / answered ${site.status}`);
    const outbox = await fetch(`${url}/dev/outbox`);
    if (outbox.status !== 404) throw new Error(`GET /dev/outbox answered ${outbox.status}`);
    step('the site answers 200 and /dev/outbox 404');
  } finally {
    await stop(child);
  }
  step('npm start stopped (SIGTERM)');
}

async function main(): Promise<void> {
  step('building what is stale (npm start does the same)');
  run(process.execPath, ['--import', 'tsx', 'scripts/prepare-start.ts'], root);
  const dir = mkdtempSync(join(tmpdir(), 'velvet-production-install-'));
  try {
    copyTree(dir);
    step(`copied the tree and dist/ to ${dir}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      npm_config_nodedir: process.env.npm_config_nodedir || '/usr',
    };
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'VELVET_TEST_DATABASE_URL']) delete env[name];
    run('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund'], dir, env);
    const devOnly = ['esbuild', 'vite', '@biomejs/biome', 'knip'].filter((name) =>
      existsSync(join(dir, 'node_modules', name)),
    );
    if (devOnly.length > 0) throw new Error(`dev dependencies installed: ${devOnly.join(', ')}`);
    step('npm ci --omit=dev --offline: installed, no dev dependency');
    checkNoBuild(dir, env);
    step('npm start without dist/: one line saying to build, exit 1');
    await checkStart(dir, env);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  step('passed');
}

main().catch((error: unknown) => {
  console.error(`production install: ${(error as Error).message}`);
  process.exit(1);
});
