/**
 * Vite: the production bundles (`npm run build`) and the dev server with hot
 * reload (`npm run dev`), which sends API calls on to the Velvet server.
 */
import { defineConfig } from 'vite';

/** Where `npm run dev` finds the Velvet server. */
const VELVET_SERVER = process.env.VELVET_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    lib: {
      // The headless client library as one ES module; the element joins it in the widget issue.
      entry: { client: 'widget/client/index.ts' },
      formats: ['es'],
    },
    rolldownOptions: { output: { minify: true } },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/sdk': VELVET_SERVER,
      '/dev': VELVET_SERVER,
      '/docs': VELVET_SERVER,
      '/widget': VELVET_SERVER,
    },
  },
});
