/**
 * The server, compiled for production: `server/main.ts` and what it imports, bundled by esbuild
 * into `dist/server/` (ES modules for Node 20; packages stay in `node_modules` but those of
 * `BUNDLED_PACKAGES`; products and database drivers loaded by `import()` stay separate chunks,
 * loaded when used). `npm start`
 * runs `node dist/server/main.js`; development (`npm run dev`, the tests) runs the TypeScript
 * through tsx. `serverBuildIsStale()` says whether a source changed since the last build.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { CONFIG_AJV_OPTIONS, configFileSchema } from '../server/config/config-file-validator.js';

const root = join(import.meta.dirname, '..');
/** Where the compiled server goes. */
export const SERVER_OUT_DIR = join(root, 'dist', 'server');
/** The compiled entry point. */
export const SERVER_ENTRY = join(SERVER_OUT_DIR, 'main.js');

/** The newest modification time (ms) of the server's sources and of what configures the build. */
function newestSourceTime(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(root, 'server'));
  // The site's modules the server compiles in: the content's seed and types, its calendar files.
  for (const dir of ['content', 'calendar', 'text']) walk(join(root, 'site', dir));
  for (const file of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'scripts/build-server.ts',
    // The one widget file the server reads (the OAuth provider names).
    'widget/client/oauth-provider-names.ts',
  ]) {
    const path = join(root, file);
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether `dist/server/main.js` is missing or older than a source. */
export function serverBuildIsStale(): boolean {
  if (!existsSync(SERVER_ENTRY)) return true;
  return statSync(SERVER_ENTRY).mtimeMs < newestSourceTime();
}

/**
 * Packages compiled into the server instead of imported from `node_modules`: pure ES modules the
 * server loads at start, each hundreds of small files there (kysely alone is 262). Node keeps a
 * module record, a source string and a URL per file, and reads each file's `package.json`;
 * bundled, they are a few chunks with only what the server uses (the idle server is about 7 MiB
 * smaller). Everything else (CommonJS, native addons, libraries a product loads by `import()`)
 * stays in `node_modules`.
 */
const BUNDLED_PACKAGES = new Set(['kysely', 'jose', 'libphonenumber-js', '@oslojs']);

/** The package a bare import names: `kysely`, `@oslojs/otp` → its scope `@oslojs`. */
function packageOf(specifier: string): string {
  const [first = ''] = specifier.split('/');
  return first;
}

/** The package's name in a bare import: `fastify`, `@fastify/static`, `ajv/dist/x` → `ajv`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Whether Node loads the package as CommonJS when an ES module imports it. */
function isCommonJs(name: string): boolean {
  const path = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(path)) return false;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { type?: string; exports?: unknown };
  return manifest.type !== 'module' && !JSON.stringify(manifest.exports ?? {}).includes('"import"');
}

/**
 * Where the compiled server gets `require`: every output file starts with it, so CommonJS
 * packages load through `require` (see `requireCommonJs`).
 */
const REQUIRE_BANNER =
  "import { createRequire as velvetCreateRequire } from 'node:module';\n" +
  'const require = velvetCreateRequire(import.meta.url);';

/**
 * CommonJS packages the server imports at start (fastify, its plugins, ajv, better-sqlite3) are
 * loaded with `require`, as their own `require`s load the rest. Imported as ES modules, Node
 * first scans each one's source for its export names (cjs-module-lexer), work hot enough at
 * start-up that V8 optimizes the scanner on a background thread, whose memory stays with the
 * process (about 7 MiB of the idle server). Libraries loaded later by `import()` stay imports.
 */
const requireCommonJs: Plugin = {
  name: 'require-commonjs',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || BUNDLED_PACKAGES.has(packageOf(args.path))) return;
      if (args.kind === 'import-statement' && isCommonJs(packageName(args.path))) {
        return { path: args.path, namespace: 'require-commonjs' };
      }
      return { path: args.path, external: true };
    });
    builder.onLoad({ filter: /.*/, namespace: 'require-commonjs' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * `server/config/config-file-validator.ts` compiled ahead: Ajv's standalone code of the same
 * schema with the same options, so the server reads its config without generating code at
 * start-up. The code requires Ajv's runtime helpers, through the banner's `require`.
 */
const precompiledConfigValidator: Plugin = {
  name: 'precompiled-config-validator',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]server[\\/]config[\\/]config-file-validator\.ts$/ }, () => ({
      loader: 'js',
      contents: precompiledConfigValidatorModule(),
    }));
  },
};

/** The ES module that replaces `config-file-validator.ts` in the build (it needs a `require`). */
export function precompiledConfigValidatorModule(): string {
  const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true, esm: true } });
  const code = standaloneCode(ajv, ajv.compile(configFileSchema)).replace(/^"use strict";/, '');
  return `${code}\nexport function configFileValidator() { return validate; }`;
}

/** esbuild's options for the compiled server (the tests build with them too). */
export function serverBuildOptions(): BuildOptions {
  return {
    entryPoints: { main: join(root, 'server', 'main.ts') },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // A bare import (not relative, absolute or `node:`) stays external unless bundled.
    plugins: [precompiledConfigValidator, requireCommonJs],
    banner: { js: REQUIRE_BANNER },
    sourcemap: 'linked',
    logLevel: 'warning',
    // No comments or indentation: V8 keeps every module's source in the heap, and one
    // non-ASCII character in a comment made the whole of main.js a two-byte string (about
    // 1.5 MiB of the idle server). Names stay as written, so stack traces read as the sources
    // do; the linked source map gives the lines.
    minifyWhitespace: true,
    minifySyntax: true,
    // Chunks get stable names; stale ones from an older build are harmless (nothing imports them).
    chunkNames: 'chunks/[name]-[hash]',
  };
}

/** Compiles the server into `dist/server/`. */
export async function buildServer(): Promise<void> {
  await build(serverBuildOptions());
  console.log('dist/server/main.js: the compiled server');
}
