/**
 * Vite for the demo page (`demo/`): the production build into `dist/demo`, which the server
 * serves at `/demo/` (`scripts/build-demo.ts`, run by `npm run build`), and a dev server with
 * hot reload (`npx vite --config demo/vite.config.ts`, beside a running Velvet server), which
 * sends the API, outbox and widget requests on to that server.
 *
 * The demo bundles the widget from source (`widget/`), so the dev server reloads it as it is
 * edited; the embed code it shows points at the server's `/widget/velvet.js`.
 */
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { phoneMetadataVitePlugin } from '../scripts/phone-metadata.mjs';
import { precompressFiles } from '../scripts/precompress.js';
import { simpleIconsInline } from '../scripts/simple-icons-inline.js';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../server/config/config.js';

const root = join(import.meta.dirname, '..');

/** The output directory, which the server serves at `/demo/`. */
export const DEMO_OUT_DIR = join(root, 'dist', 'demo');

/** Where the dev server finds the Velvet server. */
const VELVET_SERVER = process.env.VELVET_SERVER_URL ?? 'http://localhost:8080';

/** In `index.html`, what the build replaces with the development project's public token. */
const TOKEN_PLACEHOLDER = '__VELVET_PUBLIC_TOKEN__';

/** Fills in the public token the demo starts with. */
function defaultToken(): Plugin {
  return {
    name: 'velvet-demo-token',
    transformIndexHtml: (html) => html.replaceAll(TOKEN_PLACEHOLDER, DEVELOPMENT_PUBLIC_TOKEN),
  };
}

/** Writes `.gz` and `.br` copies of the text files, which the server sends as they are. */
function precompress(): Plugin {
  return {
    name: 'velvet-demo-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? DEMO_OUT_DIR;
      await precompressFiles(Object.keys(bundle).map((fileName) => join(dir, fileName)));
    },
  };
}

/**
 * A proxy to the Velvet server as if the page were its own: the dev server's origin is not on
 * the development project's list, the server's own origin always is.
 */
const proxyToVelvet = {
  target: VELVET_SERVER,
  changeOrigin: true,
  headers: { origin: new URL(VELVET_SERVER).origin },
};

export default defineConfig({
  root: join(root, 'demo'),
  base: '/demo/',
  publicDir: false,
  plugins: [defaultToken(), phoneMetadataVitePlugin(), simpleIconsInline(), precompress()],
  build: {
    outDir: DEMO_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: true,
    rolldownOptions: {
      output: { chunkFileNames: 'assets/[name]-[hash].js' },
      onLog(level, log, handler) {
        // The page uses the client library at once, so the element's lazy import of it is moot.
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
        handler(level, log);
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/sdk': proxyToVelvet, '/dev': proxyToVelvet, '/widget': proxyToVelvet },
  },
});
