/**
 * The widget's library build (`npm run build`, from `scripts/build.ts`): `dist/widget/velvet.js`
 * (the `<velvet-login>` element, one script tag for any page) and `dist/widget/client.js` (the
 * headless client library), ES2022 modules with stable names. Everything loaded later (the
 * products, libphonenumber-js, the client library from the element) stays a lazy `import()`
 * chunk under `chunks/` with a content hash in its name, so the server may cache it forever.
 * Each file gets a `.gz` and a `.br` copy beside it for the server to send as they are.
 */
import { join } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { phoneMetadataVitePlugin } from '../scripts/phone-metadata.mjs';
import { precompressFiles } from '../scripts/precompress.js';
import { simpleIconsInline } from '../scripts/simple-icons-inline.js';
import { templateLiteralMinify } from '../scripts/template-literal-minify.js';

const root = join(import.meta.dirname, '..');

/** The output directory, which the server serves at `/widget/`. */
export const WIDGET_OUT_DIR = join(root, 'dist', 'widget');

/** Writes the `.gz` and `.br` copies of every file of the bundle once it is on disk. */
function precompress(): Plugin {
  return {
    name: 'velvet-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? WIDGET_OUT_DIR;
      await precompressFiles(Object.keys(bundle).map((fileName) => join(dir, fileName)));
    },
  };
}

/**
 * The passkey registration component's own build (`mode: 'registration'`, run after the main
 * one): `dist/widget/passkey-registration.js` with its own copy of Lit, and beside it
 * `identity-provider.js` (the consent and logout screen) for the same reason. In the main build it
 * made the bundler move Lit and the element's shared modules out of `velvet.js` into chunks
 * every sign-in page would fetch before first render; a page that shows the registration
 * component after sign-in pays the copy instead.
 */
const REGISTRATION_MODE = 'registration';

/**
 * The client library's own modules outside its core: each product's client (`<name>-client.ts`
 * other than the front door and the core's HTTP, session, user and passcode clients), which
 * `velvet-client.ts` loads lazily (`lazyClient`), with what only they use (`webauthn-json.ts`,
 * the OAuth flows, the OAuth provider names); Turnstile's loader, imported when a project asks for a captcha; the mapping
 * of the bootstrap answer, imported when the client first asks the server for it; the entry;
 * and the clock, which the element's screens share with it.
 */
const CLIENT_OUTSIDE_CORE =
  /[\\/]widget[\\/]client[\\/](?:(?!velvet-|http-|session-|users-|otp-)[a-z-]+-client|webauthn-json|oauth-flows|oauth-provider-names|turnstile-captcha|bootstrap-data|index|clock)\.ts$/;

/**
 * Whether `id` is a module of the client library's core (the session, user, passcode, bootstrap
 * and telemetry clients and what they share with the products' clients). They make one chunk,
 * which the products' clients import from, rather than a common chunk of the pieces they share
 * that the passcode flow would fetch as well.
 */
function isClientCore(id: string): boolean {
  return /[\\/]widget[\\/]client[\\/][^\\/]+\.ts$/.test(id) && !CLIENT_OUTSIDE_CORE.test(id);
}

export default defineConfig(({ mode }): UserConfig => {
  const registration = mode === REGISTRATION_MODE;
  return {
    root,
    // The widget has no public folder and no HTML: only what its entries import.
    publicDir: false,
    plugins: [
      phoneMetadataVitePlugin(),
      simpleIconsInline(),
      templateLiteralMinify(),
      precompress(),
    ],
    build: {
      outDir: WIDGET_OUT_DIR,
      emptyOutDir: !registration,
      target: 'es2022',
      sourcemap: true,
      minify: true,
      reportCompressedSize: true,
      lib: {
        entry: registration
          ? {
              'passkey-registration': join(root, 'widget', 'passkey-registration.ts'),
              'identity-provider': join(root, 'widget', 'identity-provider.ts'),
            }
          : {
              velvet: join(root, 'widget', 'velvet.ts'),
              client: join(root, 'widget', 'client', 'index.ts'),
            },
        formats: ['es'],
        fileName: (_format: string, entryName: string) => `${entryName}.js`,
      },
      rolldownOptions: {
        // Lets what the element shares with its lazy chunks (Lit, the pieces) stay in velvet.js
        // instead of a common chunk the page would fetch as a second request before first render.
        preserveEntrySignatures: 'allow-extension',
        output: {
          // Library mode leaves whitespace in without this (TOOLCHAIN.md).
          minify: true,
          // The files go to browsers, not to another bundler: no `@__PURE__` hints, but licences.
          comments: { legal: true, annotation: false, jsdoc: false },
          codeSplitting: { groups: [{ name: 'velvet-client', test: isClientCore }] },
          chunkFileNames: registration
            ? 'chunks/registration-[name]-[hash].js'
            : 'chunks/[name]-[hash].js',
        },
      },
    },
  };
});

export { REGISTRATION_MODE };
