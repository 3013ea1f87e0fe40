/**
 * Builds the demo page (`demo/vite.config.ts`) into `dist/demo`, which the server serves at
 * `/demo/`. `npm run build` calls {@link buildDemo}; `node --import tsx scripts/build-demo.ts`
 * builds the demo alone.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = join(import.meta.dirname, '..');

/** The demo's Vite config. */
export const DEMO_CONFIG_FILE = join(root, 'demo', 'vite.config.ts');

/** Builds the demo into `dist/demo`. */
export async function buildDemo(options: { logLevel?: 'info' | 'warn' | 'silent' } = {}) {
  await build({ configFile: DEMO_CONFIG_FILE, logLevel: options.logLevel ?? 'info' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildDemo({ logLevel: process.argv.includes('--quiet') ? 'warn' : 'info' });
}
