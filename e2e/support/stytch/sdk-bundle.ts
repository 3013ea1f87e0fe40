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

const bundles = new Map<'development' | 'production', Promise<StytchBundles>>();

/**
 * The bundled page scripts (built on the first call): the SDK's development builds, as the tests
 * use them, or its production builds minified, as a real site ships them (`npm run bench`
 * compares the time to the phone form with them).
 */
export function stytchBundles(
  build: 'development' | 'production' = 'development',
): Promise<StytchBundles> {
  let built = bundles.get(build);
  if (!built) {
    built = buildBundles(build === 'production');
    bundles.set(build, built);
  }
  return built;
}

async function buildBundles(production: boolean): Promise<StytchBundles> {
  const result = await build({
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, file]) => [name, join(import.meta.dirname, file)]),
    ),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: production ? ['production'] : ['development'],
    minify: production,
    define: production ? { 'process.env.NODE_ENV': '"production"' } : {},
    write: false,
    outdir: join(import.meta.dirname, 'out'),
    logLevel: 'silent',
  });
  return new Map((result.outputFiles ?? []).map((file) => [basename(file.path), file.text]));
}
