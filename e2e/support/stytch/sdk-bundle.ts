/**
 * Bundles the Stytch-SDK test pages with esbuild, in memory, once per test process: the real
 * `@stytch/vanilla-js` and `@stytch/react` (with React) from node_modules (their development
 * builds, as a bundler's dev server picks them), and the clientside-services stand-in with
 * libphonenumber-js.
 */
import { basename, join } from 'node:path';
import { build } from 'esbuild';

/** The scripts the page server serves, by name (`headless.js`, `ui.js`, …). */
export type StytchBundles = ReadonlyMap<string, string>;

const ENTRIES = {
  headless: 'headless-page.ts',
  ui: 'ui-page.ts',
  'react-ui': 'react-ui-page.ts',
  'clientside-services': 'clientside-services.ts',
};

let bundles: Promise<StytchBundles> | undefined;

/** The bundled page scripts (built on the first call). */
export function stytchBundles(): Promise<StytchBundles> {
  bundles ??= buildBundles();
  return bundles;
}

async function buildBundles(): Promise<StytchBundles> {
  const result = await build({
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, file]) => [name, join(import.meta.dirname, file)]),
    ),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['development'],
    write: false,
    outdir: join(import.meta.dirname, 'out'),
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((file) => [basename(file.path), file.text]));
}
