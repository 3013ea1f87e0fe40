/**
 * `npm run test:production-install`: the production install of docs/production.md, checked on a copy of this
 * tree. It builds here what is stale (as `npm start` does), copies the tree's files (what git
 * tracks or would, no `node_modules`) and `dist/` into a temporary folder, installs there with
 * `npm ci --omit=dev --offline` (from the npm cache: no dev dependencies, no network), and then:
 *
 * - without `dist/`, `npm start` stops with one line saying to build;
 * - with it, `npm start` runs the built server under `NODE_ENV=production` with a live config on
 *   SQLite, which answers `/healthz`, serves the site and has no `/dev/outbox`;
 * - behind the nginx site of `deploy/nginx/velvet.conf` (a self-signed certificate and its own
 *   ports, as the https e2e test runs it) with `TRUST_PROXY=1`, a guest put on the list with
 *   `npm run guests` in the install signs in over https in Chromium, with the passcode texted
 *   through Twilio's API (a stand-in on loopback, `TWILIO_API_BASE_URL`), and sees the invitation.
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
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { startNginx } from '../e2e/support/nginx-proxy.js';
import { freePort } from '../server/test/ports.js';
import { invitation } from '../site/content/invitation.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path.mjs';

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

/** The texts a stand-in for Twilio's Messages API received, and its base URL. */
interface FakeTwilio {
  baseUrl: string;
  texts: { to: string; body: string }[];
  close(): Promise<void>;
}

/** Answers `POST …/Messages.json` as Twilio does (201, a message sid), keeping each text. */
async function startFakeTwilio(): Promise<FakeTwilio> {
  const texts: { to: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          sid: `SM${randomBytes(16).toString('hex')}`,
          status: 'queued',
          to: form.get('To'),
          from: form.get('From'),
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    texts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The passcode last texted to `phone`, once one came (up to a minute). */
async function textedCode(twilio: FakeTwilio, phone: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const text = twilio.texts.findLast((candidate) => candidate.to === phone);
    const code = text && /\b(\d{6})\b/.exec(text.body)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no passcode texted to ${phone} in a minute`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** In Chromium, over https through nginx: a guest asks for a code, types it, sees the invitation. */
async function signInAsGuest(url: string, twilio: FakeTwilio, phone: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  try {
    // The certificate is self-signed: this browser trusts it as a guest's trusts a real one.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const timeout = 60_000;
    await page.goto(url);
    await page.getByRole('button', { name: "Let's check!" }).click({ timeout });
    await page.getByRole('textbox', { name: 'Phone number' }).fill(phone.replace(/^\+1/, ''));
    await page.getByRole('button', { name: 'Continue with text message' }).click();
    await page.getByLabel('Digit 1 of 6').click({ timeout });
    await page.keyboard.type(await textedCode(twilio, phone));
    await page
      .getByRole('heading', { level: 1, name: invitation.names })
      .waitFor({ state: 'visible', timeout });
    const cookie = (await context.cookies()).find(
      (candidate) => candidate.name === '__Host-velvet_site_session',
    );
    if (!cookie?.secure || !cookie.httpOnly) {
      throw new Error(
        `the site's session cookie is not Secure and HttpOnly: ${JSON.stringify(cookie)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

/**
 * `npm start` on the production install: health, the site, and no development outbox; then,
 * behind the deployed nginx site, a guest's sign-in over https.
 */
async function checkStart(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const port = await freePort();
  const proxy = await startNginx(port);
  const twilio = await startFakeTwilio();
  step(`nginx (deploy/nginx/velvet.conf) at ${proxy.url}, forwarding to 127.0.0.1:${port}`);
  const config = join(dir, 'velvet.production.json');
  // The invitation site's live project: passcodes by text to the guests on the list.
  writeFileSync(
    config,
    JSON.stringify({
      projects: [
        {
          name: 'Production install',
          publicToken: `public-token-live-${randomBytes(8).toString('hex')}`,
          authorizedOrigins: [proxy.url],
          products: ['otp'],
          otp: { methods: ['sms'] },
          sms: { guestListOnly: true },
        },
      ],
    }),
  );
  const productionEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: '1',
    VELVET_SECRET: randomBytes(32).toString('base64url'),
    VELVET_CONFIG: config,
    DATA_DIR: join(dir, 'data'),
    TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString('hex')}`,
    TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
    TWILIO_SMS_FROM: '+15005550006',
    TWILIO_API_BASE_URL: twilio.baseUrl,
    LOG_LEVEL: 'warn',
  };
  const child = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: productionEnv,
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
    const phone = '+14155550123';
    run(
      'npm',
      ['run', '--silent', 'guests', '--', 'add', phone, 'Grace Hopper'],
      dir,
      productionEnv,
    );
    step('npm run guests -- add: a guest on the list');
    try {
      await signInAsGuest(proxy.url, twilio, phone);
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\nserver:\n${output}\nnginx:\n${proxy.errorLog()}`,
      );
    }
    step('a guest signed in over https through nginx and sees the invitation');
  } finally {
    await stop(child);
    await proxy.stop();
    await twilio.close();
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
