/**
 * The npm packages (`packages/*`, the root's workspaces), built by `npm run build` after the
 * widget into each package's `dist/`:
 *
 * - `velvet-login-element` (`packages/element`): `<velvet-login>`, `<velvet-passkey-registration>`
 *   and `<velvet-identity-provider>`, their lazy product chunks and the phone metadata as plain
 *   files loaded with literal `import()` paths (an app's bundler needs no plugin), `lit` and the
 *   client library (`velvet-login-client`) left to the package's dependencies, so a page's own
 *   client and the element's are one class; the declarations, the framework typings
 *   (`dist/frameworks/`, the subpaths `/react-jsx`, `/vue` and `/svelte`) and
 *   `custom-elements.json` naming the package's built modules (`scripts/package-manifest.ts`);
 * - `velvet-login-react` (`packages/react`): the `@lit/react` wrappers (`<VelvetLogin>`,
 *   `<VelvetPasskeyRegistration>`, `<VelvetIdentityProvider>`), each in a module of its own
 *   importing its element from the element package's matching entry, with `react` a peer
 *   dependency;
 * - `velvet-login-client` (`packages/client`): the headless client library, no UI, no Lit.
 *
 * The files stay unminified, without source maps: an app's bundler minifies them, and a map would
 * point at sources the package does not hold. The declarations are the widget build's
 * (`dist/widget/types/`, `widget/tsconfig.types.json`), copied into each package.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Package } from 'custom-elements-manifest/schema';
import { build, type InlineConfig, type Plugin } from 'vite';
import { MANIFEST_PATH, STANDALONE_ELEMENT_MODULES } from './build-manifest.js';
import { writeElementTypings } from './element-typings.js';
import { packageManifest } from './package-manifest.js';
import { phoneMetadataVitePlugin } from './phone-metadata.mjs';
import { simpleIconsInline } from './simple-icons-inline.js';
import { templateLiteralMinify } from './template-literal-minify.js';

const root = join(import.meta.dirname, '..');
const widget = join(root, 'widget');
const widgetTypes = join(root, 'dist', 'widget', 'types');

/** The packages' names, as `npm install` takes them; the folders are `packages/<key>`. */
export const PACKAGE_NAMES = {
  element: 'velvet-login-element',
  react: 'velvet-login-react',
  client: 'velvet-login-client',
} as const;

/** A package's folder under `packages/`. */
export type PackageFolder = keyof typeof PACKAGE_NAMES;

/** The folder of package `folder`. */
export function packageDir(folder: PackageFolder): string {
  return join(root, 'packages', folder);
}

/** Lit and its own packages, which the element package imports rather than bundles. */
const LIT = /^(?:lit|lit-html|lit-element|@lit\/[^/]+)(?:\/.*)?$/;

/** A library build of `entries` into `outDir`, with `external` left as imports. */
function libraryConfig(
  entries: Record<string, string>,
  outDir: string,
  external: (id: string) => boolean,
  plugins: Plugin[] = [],
): InlineConfig {
  return {
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    plugins,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      minify: false,
      lib: {
        entry: entries,
        formats: ['es'],
        fileName: (_format: string, entryName: string) => `${entryName}.js`,
      },
      rolldownOptions: {
        external,
        preserveEntrySignatures: 'strict',
        // Readable code for the app's own bundler, which minifies it; the doc comments live in
        // the declarations (`types/`), and the bundler's hints stay for its tree-shaking.
        output: {
          chunkFileNames: 'chunks/[name]-[hash].js',
          comments: { legal: true, annotation: true, jsdoc: false },
        },
      },
    },
  };
}

/** Writes `<name>.d.ts` in `dir` re-exporting `target`'s declarations. */
function reexportDeclarations(dir: string, name: string, target: string): void {
  writeFileSync(join(dir, `${name}.d.ts`), `export * from '${target}';\n`);
}

/** The element package: the three elements, their chunks, types and manifest. */
async function buildElement(): Promise<void> {
  const dist = join(packageDir('element'), 'dist');
  const entries = {
    velvet: join(widget, 'velvet.ts'),
    'passkey-registration': join(widget, 'passkey-registration.ts'),
    'identity-provider': join(widget, 'identity-provider.ts'),
  };
  const output = await build(
    libraryConfig(entries, dist, (id) => LIT.test(id), [
      packageImport(PACKAGE_NAMES.client, isClientModule),
      phoneMetadataVitePlugin({ staticImports: true }),
      simpleIconsInline(),
      // The CSS and templates without their layout, as the served widget has them: an app's
      // bundler minifies the code but leaves what is inside template literals as it is.
      templateLiteralMinify(),
    ]),
  );
  // The names each entry exports, as `dist/velvet.js` → […], for the package's manifest.
  const exported = new Map(
    (Array.isArray(output) ? output : [output]).flatMap((result) =>
      'output' in result
        ? result.output.flatMap((file) =>
            file.type === 'chunk' && file.isEntry ? [[`dist/${file.fileName}`, file.exports]] : [],
          )
        : [],
    ) as [string, string[]][],
  );
  const types = join(dist, 'types');
  cpSync(widgetTypes, types, {
    recursive: true,
    filter: (source) =>
      !['react', 'client', 'frameworks'].map((name) => join(widgetTypes, name)).includes(source),
  });
  for (const file of declarationFiles(types)) {
    writeFileSync(file, elementDeclarations(readFileSync(file, 'utf8')));
  }
  for (const name of Object.keys(entries)) {
    reexportDeclarations(dist, name, `./types/${name}.js`);
  }
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Package;
  // The typings import the declarations of `dist/types/` (theirs, in the widget's build, are `..`).
  writeElementTypings(manifest, join(dist, 'frameworks'), '../types');
  const [registration, identityProvider] = STANDALONE_ELEMENT_MODULES;
  const packaged = packageManifest(
    manifest,
    new Map(Object.keys(entries).map((name) => [`widget/${name}.ts`, `dist/${name}.js`])),
    new Map([
      [registration, 'dist/passkey-registration.js'],
      [identityProvider, 'dist/identity-provider.js'],
    ]),
    exported,
  );
  writeFileSync(join(dist, 'custom-elements.json'), `${JSON.stringify(packaged, null, 2)}\n`);
}

/** The client package: the headless client library and its lazy chunks, with its types. */
async function buildClient(): Promise<void> {
  const dist = join(packageDir('client'), 'dist');
  const config = libraryConfig({ index: join(widget, 'client', 'index.ts') }, dist, () => false);
  // The entry re-exports every product's client, which the front door also imports lazily: the
  // bundler says so for each, and the app's bundler drops what the app does not import.
  config.build = {
    ...config.build,
    rolldownOptions: {
      ...config.build?.rolldownOptions,
      onLog(level, log, handler) {
        if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
      },
    },
  };
  await build(config);
  cpSync(join(widgetTypes, 'client'), join(dist, 'types'), { recursive: true });
  reexportDeclarations(dist, 'index', './types/index.js');
}

/**
 * Makes the widget's modules that `matches` accepts an import of package `name` instead, so an
 * app holds one copy of them: the React wrapper imports the element from `velvet-login-element`,
 * and the element its client library from `velvet-login-client`.
 */
function packageImport(name: string, matches: (id: string) => boolean): Plugin {
  return {
    name: `velvet-package-import-${name}`,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && matches(resolved.id) ? { id: name, external: true } : undefined;
    },
  };
}

/** Whether `id` is a module of the headless client library (`widget/client/`). */
function isClientModule(id: string): boolean {
  return id.startsWith(join(widget, 'client') + sep) && !id.endsWith('.test.ts');
}

/**
 * The element's declarations with their imports of the client library's made the client
 * package's (`'../client/velvet-client.js'` becomes `'velvet-login-client'`), and the types tsc
 * named from `lit-html` (`import("lit-html").TemplateResult`, for an inferred `svg` template)
 * named from `lit`, which re-exports them: `lit` is the package's dependency, `lit-html` only
 * lit's, which a strict installer (pnpm) does not let the package resolve.
 */
export function elementDeclarations(source: string): string {
  return source
    .replace(/(['"])(?:\.\/|(?:\.\.\/)+)client\/[\w-]+\.js\1/g, `'${PACKAGE_NAMES.client}'`)
    .replace(/\bimport\((['"])lit-html\1\)/g, 'import($1lit$1)');
}

/** Every `.d.ts` under `dir`. */
function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.d.ts'))
    .map((path) => join(dir, path));
}

/**
 * The React package's modules, by the name of their built file: its entry, and each wrapper in a
 * module of its own, so an app's bundler drops the wrappers (and their elements) the app does not
 * use.
 */
const REACT_MODULES = [
  'index',
  'velvet-login-react',
  'velvet-passkey-registration-react',
  'velvet-identity-provider-react',
] as const;

/**
 * The element package's module each of the widget's entries is, as the wrappers import them: each
 * wrapper imports its own element's entry, never the others'.
 */
const ELEMENT_ENTRIES: Record<string, string> = {
  velvet: PACKAGE_NAMES.element,
  'passkey-registration': `${PACKAGE_NAMES.element}/passkey-registration`,
  'identity-provider': `${PACKAGE_NAMES.element}/identity-provider`,
};

/** As {@link ELEMENT_ENTRIES}, for the declarations, which also name the events' types (`../events.js`). */
const ELEMENT_DECLARATIONS: Record<string, string> = {
  ...ELEMENT_ENTRIES,
  events: PACKAGE_NAMES.element,
};

/**
 * The declarations of a wrapper's module, with its imports of the widget's entries made the
 * element package's matching entries (`'../passkey-registration.js'` becomes
 * `'velvet-login-element/passkey-registration'`); its imports of the other wrappers' modules
 * (`./…`) stay, as the package holds them too.
 */
export function reactDeclarations(source: string): string {
  const rewritten = source.replace(
    /(from\s+|import\()'\.\.\/([\w-]+)\.js'/g,
    (whole, before: string, entry: string) =>
      entry in ELEMENT_DECLARATIONS ? `${before}'${ELEMENT_DECLARATIONS[entry]}'` : whole,
  );
  const outside = /(?:from\s+|import\()'\.\.\/[^']*'/.exec(rewritten);
  if (outside) throw new Error(`the React declarations still import ${outside[0]}`);
  return rewritten;
}

/**
 * The React package: the wrappers, each importing its element from the element package's
 * matching entry, and `react` and `@lit/react`.
 */
async function buildReact(): Promise<void> {
  const dist = join(packageDir('react'), 'dist');
  const elementModules = new Set(Object.values(ELEMENT_ENTRIES));
  const external = (id: string) =>
    elementModules.has(id) || /^(?:react|react-dom|@lit\/react)(?:\/.*)?$/.test(id);
  const entries = Object.fromEntries(
    REACT_MODULES.map((name) => [name, join(widget, 'react', `${name}.ts`)]),
  );
  await build(
    libraryConfig(
      entries,
      dist,
      external,
      Object.entries(ELEMENT_ENTRIES).map(([entry, name]) =>
        packageImport(name, (id) => id === join(widget, `${entry}.ts`)),
      ),
    ),
  );
  const types = join(widgetTypes, 'react');
  for (const file of readdirSync(types).filter((name) => name.endsWith('.d.ts'))) {
    writeFileSync(join(dist, file), reactDeclarations(readFileSync(join(types, file), 'utf8')));
  }
}

/** Builds the three packages; the widget's build (types, manifest) must have run. */
export async function buildPackages(): Promise<void> {
  if (!existsSync(widgetTypes) || !existsSync(MANIFEST_PATH)) {
    throw new Error('build the widget first (dist/widget/types, dist/custom-elements.json)');
  }
  for (const folder of Object.keys(PACKAGE_NAMES) as PackageFolder[]) {
    rmSync(join(packageDir(folder), 'dist'), { recursive: true, force: true });
  }
  await buildElement();
  await buildClient();
  await buildReact();
  console.log(`packages/{element,react,client}/dist: ${Object.values(PACKAGE_NAMES).join(', ')}`);
}
