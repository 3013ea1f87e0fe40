/**
 * Fresh apps made from the packed npm packages, as another team would make them: the packages
 * built (`scripts/build-packages.ts`) and packed with `npm pack`, then an app written into a new
 * directory under the system's temporary directory (outside the repository, so nothing resolves
 * to its `node_modules`), installed from the tarballs and the registry with `npm install`, built
 * with its own Vite and served as static files from an origin of its own.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { listenOnLoopback } from '../../server/test/ports.js';
import type { VelvetServer } from '../../server/test/velvet-process.js';
import { buildWidget } from './widget-bundle.js';

const root = join(import.meta.dirname, '..', '..');

/** The packages by name, as `scripts/build-packages.ts` names them. */
const PACKAGES = {
  'velvet-login-element': 'element',
  'velvet-login-react': 'react',
  'velvet-login-client': 'client',
} as const;

/** A package's name. */
export type PackageName = keyof typeof PACKAGES;

/** The tarball of each package, by name. */
export type Tarballs = Record<PackageName, string>;

/** What a command printed, and how it ended. */
export interface RunResult {
  status: number | null;
  output: string;
}

/**
 * The environment for a command in an app: this process's, without the `npm_*` variables that an
 * `npm test` around the test run sets (its prefix is the repository, not the app's directory).
 */
function appEnvironment(): NodeJS.ProcessEnv {
  const kept = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('npm_') || kept.has(key)),
  );
}

/** Runs `command` with `args` in `cwd`; resolves with its output once it exits. */
export function run(command: string, args: string[], cwd: string): Promise<RunResult> {
  const child = spawn(command, args, { cwd, env: appEnvironment() });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}

/** Runs `command`, and throws with its output when it fails. */
async function runOrThrow(command: string, args: string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.output}`);
  }
  return result.output;
}

/**
 * Builds the widget (its declarations and manifest, which the packages take) and the three
 * packages, as `npm run build` does, and packs each into `into`; their tarballs.
 */
export async function packPackages(into: string): Promise<Tarballs> {
  buildWidget();
  await runOrThrow(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "await (await import('./scripts/build-packages.ts')).buildPackages();",
    ],
    root,
  );
  mkdirSync(into, { recursive: true });
  const tarballs: Partial<Tarballs> = {};
  for (const [name, folder] of Object.entries(PACKAGES) as [PackageName, string][]) {
    const out = await runOrThrow(
      'npm',
      ['pack', '--json', `--pack-destination=${into}`],
      join(root, 'packages', folder),
    );
    const [packed] = JSON.parse(out) as { filename: string }[];
    if (!packed) throw new Error(`npm pack answered nothing for ${name}`);
    tarballs[name] = join(into, packed.filename);
  }
  return tarballs as Tarballs;
}

/** The app a test writes: its name, dependencies and files. */
export interface AppSource {
  /** A word for its directory's name (`react`, `vue`…). */
  name: string;
  /** The packed packages it installs (with the others they depend on). */
  packages: PackageName[];
  /** Its registry dependencies, name to version range. */
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  /** Its files, path (relative to the app) to content. */
  files: Record<string, string>;
}

/** An app written and installed by {@link createApp}. */
export interface App {
  dir: string;
  /** Seconds each step took (`install`, `build`…), for the test's report. */
  seconds: Record<string, number>;
  /** Runs one of the app's own binaries (`node_modules/.bin/<bin>`) in its directory. */
  bin(bin: string, args: string[]): Promise<RunResult>;
  /** Builds the app with its own Vite into `dist/`. */
  build(): Promise<void>;
  /** Writes (or replaces) a file of the app. */
  write(path: string, content: string): void;
  /** Deletes the app's directory. */
  remove(): void;
}

/** Seconds since `start` (a `performance.now()`), to one decimal. */
export function secondsSince(start: number): number {
  return Math.round((performance.now() - start) / 100) / 10;
}

/**
 * Writes `source` into a fresh directory under the system's temporary directory and installs
 * it with npm: the tarballs as `file:` dependencies (every package, so that one's dependency on
 * another resolves to its tarball rather than to the registry), the rest from the registry
 * (through the machine's npm cache, shared by the apps).
 */
export async function createApp(source: AppSource, tarballs: Tarballs): Promise<App> {
  const dir = mkdtempSync(join(tmpdir(), `velvet-app-${source.name}-`));
  const write = (path: string, content: string) => {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  const packages = new Set<PackageName>(source.packages);
  if (packages.has('velvet-login-react')) packages.add('velvet-login-element');
  if (packages.has('velvet-login-element')) packages.add('velvet-login-client');
  const packed = Object.fromEntries([...packages].map((name) => [name, `file:${tarballs[name]}`]));
  write(
    'package.json',
    `${JSON.stringify(
      {
        name: `velvet-${source.name}-app`,
        private: true,
        type: 'module',
        dependencies: { ...packed, ...source.dependencies },
        devDependencies: source.devDependencies,
      },
      null,
      2,
    )}\n`,
  );
  for (const [path, content] of Object.entries(source.files)) write(path, content);
  const seconds: Record<string, number> = {};
  const bin = (name: string, args: string[]) =>
    run(join(dir, 'node_modules', '.bin', name), args, dir);
  const started = performance.now();
  try {
    await runOrThrow('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  seconds.install = secondsSince(started);
  return {
    dir,
    seconds,
    bin,
    async build() {
      const start = performance.now();
      const result = await bin('vite', ['build']);
      if (result.status !== 0) throw new Error(`vite build failed:\n${result.output}`);
      seconds.build = secondsSince(start);
    },
    write,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A static site on its own origin whose files are set once it listens. */
export interface AppSite {
  origin: string;
  /** Serves the files of `dir` (an app's `dist/`) from now on. */
  serve(dir: string): void;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * A static file server on 127.0.0.1 and a free port, started before the app is built (the
 * Velvet project must list its origin): each path is a file of the directory given to `serve`,
 * any other path its `index.html`.
 */
export async function startAppSite(): Promise<AppSite> {
  let dir = '';
  const server: Server = createServer((request, response) => {
    if (!dir) {
      response.writeHead(503).end();
      return;
    }
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(dir, path);
    if (!file.startsWith(dir + sep) || !existsSync(file) || !extname(file)) {
      file = join(dir, 'index.html');
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    });
    response.end(readFileSync(file));
  });
  return {
    origin: await listenOnLoopback(server),
    serve(distDir) {
      dir = distDir;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Signs a guest in by SMS in the `<velvet-login>` on `page` (configured for the passcode by SMS,
 * the country the US): types the number, reads the passcode from the server's development
 * outbox and types it, and waits for the success screen.
 */
export async function signInBySms(page: Page, velvet: VelvetServer, phone: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Phone number' });
  await expect(field).toBeVisible();
  await field.fill(phone.replace(/^\+1/, ''));
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  const passcode = page.getByRole('group', { name: 'One-time passcode' });
  await expect(passcode).toBeVisible();
  await expect.poll(() => velvet.outbox(phone).then((messages) => messages.length)).toBe(1);
  const code = await velvet.lastCode(phone);
  await passcode.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await expect(page.getByText('Success!')).toBeVisible();
}
