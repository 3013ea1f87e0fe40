/**
 * Vite for the invitation site (`site/`): the production build into `dist/site`
 * (`vite build --config vite.config.ts`, run by `npm run build`) and the dev server with hot
 * reload (`npm run dev`), which sends API calls on to the Velvet server. The widget's own
 * library build is `widget/vite.config.ts`.
 *
 * The build keeps what is private apart, so the server can refuse it to anyone who is not an
 * invited guest (`server/site/`):
 * - `dist/site/private/`: the invitation's chunks (everything under `site/invitation/`); the
 *   server serves them at `/private/…`. The invitation's content is not in them: the server keeps
 *   it in its database and makes `/private/invitation.json` and the `.ics` calendar files from it
 *   per request (`server/site/content/`), which the dev server asks the Velvet server for.
 * - `dist/site/host/`: the hosts' page (everything under `site/host/`, its JS and its CSS); the
 *   server serves it at `/host/…` to signed-in hosts only. Its public door (`site/host-gate/`,
 *   the sign-in at `/host` and the check that the visitor is a host) stays public.
 * - `dist/site/photos/`: the photos from `site/photos/`; the server serves them at the site root.
 * - everything else (`index.html`, `assets/`, `site/public/`) is public and holds nothing private.
 *
 * `index.html` gets the site theme (`site/theme/site-theme.ts`) as CSS custom properties.
 *
 * The site is written against React's API and runs on Preact's compatibility layer
 * (`preact/compat`, aliased below), which has that API at about a sixth of React DOM's size:
 * the gate, the first thing every guest downloads, stays within its budget
 * (`e2e/site-size-budget.e2e.ts`). The widget's React wrapper (`@lit/react`) runs on it too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { phoneMetadataVitePlugin } from './scripts/phone-metadata.mjs';
import { precompressFiles } from './scripts/precompress.js';
import { simpleIconsInline } from './scripts/simple-icons-inline.js';
import { siteThemePlugin } from './scripts/site-theme-plugin.js';
import { DEVELOPMENT_PUBLIC_TOKEN } from './server/config/config.js';
import {
  sessionSettingsPart,
  siteGuestSessionMinutes,
} from './server/products/sessions/sessions-settings.js';

/** React's modules as the site imports them, and Preact's that stand in for them. */
export const REACT_ON_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** Where `npm run dev` finds the Velvet server. */
const VELVET_SERVER = process.env.VELVET_SERVER_URL ?? 'http://localhost:8080';

const root = import.meta.dirname;
const siteDir = join(root, 'site');
const photosDir = join(siteDir, 'photos');

/** The output directory, which the server serves (`server/site/site-files.ts`). */
export const SITE_OUT_DIR = join(root, 'dist', 'site');

/**
 * Modules whose code is private: the invitation's components and the content's modules (only
 * their types and date formatting are imported; the content itself comes from the server).
 */
export function isPrivateModule(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  return path.includes('/site/invitation/') || path.includes('/site/content/');
}

/** Modules of the hosts' page, which the server hands to signed-in hosts only. */
export function isHostModule(id: string): boolean {
  return id.replaceAll('\\', '/').includes('/site/host/');
}

/** Where a chunk of JS goes: the invitation's in `private/`, the hosts' in `host/`. */
function chunkFileName(chunk: { moduleIds: readonly string[] }): string {
  if (chunk.moduleIds.some(isPrivateModule)) return 'private/[name]-[hash].js';
  if (chunk.moduleIds.some(isHostModule)) return 'host/[name]-[hash].js';
  return 'assets/[name]-[hash].js';
}

/**
 * Where an asset goes: the hosts' page's stylesheets (named for the host module they come from,
 * relative to the site's root) in `host/`, the rest in `assets/`.
 */
function assetFileName(asset: { originalFileNames: readonly string[] }): string {
  return asset.originalFileNames.some((name) => isHostModule(resolve(siteDir, name)))
    ? 'host/[name]-[hash][extname]'
    : 'assets/[name]-[hash][extname]';
}

/** The photos' content types, for the dev server. */
const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** In `index.html`, what the server replaces with the site project's public token. */
const TOKEN_PLACEHOLDER = '__VELVET_PUBLIC_TOKEN__';
/** In `index.html`, what the server replaces with its public URL (for the preview image). */
const PUBLIC_URL_PLACEHOLDER = '__VELVET_PUBLIC_URL__';
/** In `index.html`, what the server replaces with the minutes a guest's session lasts. */
const GUEST_SESSION_PLACEHOLDER = '__VELVET_GUEST_SESSION_MINUTES__';
/** In `index.html`, what the server replaces with whether the site's project offers passkeys. */
const PASSKEYS_PLACEHOLDER = '__VELVET_PASSKEYS__';
/** In `index.html`, what the server replaces with the site project's passcode channels. */
const PASSCODE_METHODS_PLACEHOLDER = '__VELVET_PASSCODE_METHODS__';

/**
 * The photos: copied into `dist/site/photos/` by the build, and served at the site root by the
 * dev server. The dev server also fills in the development project's token and guests' session.
 */
function sitePhotos(): Plugin {
  const files = () => readdirSync(photosDir).filter((name) => !name.startsWith('.'));
  return {
    name: 'velvet-site-photos',
    generateBundle() {
      for (const name of files()) {
        this.emitFile({
          type: 'asset',
          fileName: `photos/${name}`,
          source: readFileSync(join(photosDir, name)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = decodeURIComponent((request.url ?? '').split('?')[0] ?? '').slice(1);
        if (!files().includes(name)) return next();
        response.setHeader(
          'content-type',
          IMAGE_TYPES[extname(name)] ?? 'application/octet-stream',
        );
        response.end(readFileSync(join(photosDir, name)));
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (!context.server) return html;
        return (
          html
            .replaceAll(TOKEN_PLACEHOLDER, DEVELOPMENT_PUBLIC_TOKEN)
            .replaceAll(PUBLIC_URL_PLACEHOLDER, VELVET_SERVER)
            // The development project's guests' session: `sessions.siteGuestDurationDays`' default.
            .replaceAll(
              GUEST_SESSION_PLACEHOLDER,
              String(siteGuestSessionMinutes(sessionSettingsPart.defaults)),
            )
            // The development project offers passkeys, and passcodes by text and email.
            .replaceAll(PASSKEYS_PLACEHOLDER, 'true')
            .replaceAll(PASSCODE_METHODS_PLACEHOLDER, 'sms,email')
        );
      },
    },
  };
}

/** Writes `.gz` and `.br` copies of the text files, which the server sends as they are. */
function precompress(): Plugin {
  return {
    name: 'velvet-site-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? SITE_OUT_DIR;
      await precompressFiles(Object.keys(bundle).map((fileName) => join(dir, fileName)));
    },
  };
}

export default defineConfig({
  root: siteDir,
  publicDir: join(siteDir, 'public'),
  resolve: { alias: REACT_ON_PREACT },
  plugins: [
    react(),
    siteThemePlugin(),
    phoneMetadataVitePlugin(),
    simpleIconsInline(),
    sitePhotos(),
    precompress(),
  ],
  build: {
    outDir: SITE_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    // Source maps would carry the private sources; the site ships none.
    sourcemap: false,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        assetFileNames: assetFileName,
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/sdk': VELVET_SERVER,
      '/dev': VELVET_SERVER,
      '/docs': VELVET_SERVER,
      '/widget': VELVET_SERVER,
      // The invitation's content and calendar files, which the server makes from its database.
      '/private/invitation.json': VELVET_SERVER,
      '/private/calendar': VELVET_SERVER,
    },
  },
});
