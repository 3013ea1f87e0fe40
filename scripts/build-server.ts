/**
 * The server, compiled for production: `server/main.ts` and what it imports, bundled by esbuild
 * into `dist/server/` (ES modules for Node 20; packages stay in `node_modules` but those of
 * `BUNDLED_PACKAGES`; products and database drivers loaded by `import()` stay separate chunks,
 * loaded when used). `npm start`
 * runs `node dist/server/main.js`; development (`npm run dev`, the tests) runs the TypeScript
 * through tsx. `serverBuildIsStale()` says whether a source changed since the last build.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

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
  for (const file of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'scripts/build-server.ts',
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

/** Compiles the server into `dist/server/`. */
export async function buildServer(): Promise<void> {
  await build({
    entryPoints: { main: join(root, 'server', 'main.ts') },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          // A bare import (not relative, absolute or `node:`) stays external unless bundled.
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('node:') || BUNDLED_PACKAGES.has(packageOf(args.path))
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
    sourcemap: 'linked',
    logLevel: 'warning',
    // Chunks get stable names; stale ones from an older build are harmless (nothing imports them).
    chunkNames: 'chunks/[name]-[hash]',
  });
  console.log('dist/server/main.js: the compiled server');
}
