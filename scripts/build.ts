/**
 * `npm run build`: the production bundles into `dist/`. First the widget (`widget/vite.config.ts`:
 * `dist/widget/velvet.js`, `client.js` and their lazy chunks, each with `.gz` and `.br` copies),
 * its TypeScript declarations (`velvet.d.ts`, `client.d.ts`, `types/`), its
 * `custom-elements.json` (the sources' in `dist/custom-elements.json`, `scripts/build-manifest.ts`;
 * the served entries' beside them, `scripts/served-manifest.ts`) and the framework typings made
 * from it (`types/frameworks/`, by `scripts/element-typings.ts`), and its versioned copy with the entries' integrity hashes
 * (`scripts/widget-versions.ts`: `dist/widget/integrity.json`, `dist/widget-versions/v<version>/`);
 * then the npm packages into `packages/{element,react,client}/dist/` (`scripts/build-packages.ts`);
 * then the invitation site with the top-level `vite.config.ts`, and the
 * demo page (`demo/vite.config.ts`, served at `/demo/`).
 * Last the server, compiled to `dist/server/` (`scripts/build-server.ts`), which `npm start` runs.
 * `--widget` builds the widget and its manifest only (the end-to-end tests do, before serving it);
 * `--client` (`npm start`, when a source changed) everything but the server and the packages.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, loadConfigFromFile } from 'vite';
import { buildDemo } from './build-demo.js';
import { buildManifest } from './build-manifest.js';
import { buildPackages } from './build-packages.js';
import { buildServer } from './build-server.js';
import { writeElementTypings } from './element-typings.js';
import { writeServedManifest } from './served-manifest.js';
import { describeIntegrity, recordWidgetVersion } from './widget-versions.js';

const root = join(import.meta.dirname, '..');
const widgetDir = join(root, 'dist', 'widget');

/**
 * The declarations of the widget's public modules (`widget/tsconfig.types.json`, tsc 7) into
 * `dist/widget/types/`, and beside each entry a `.d.ts` that re-exports its module's, so
 * TypeScript finds `velvet.d.ts` next to `velvet.js` (and `client.d.ts` next to `client.js`).
 */
function emitDeclarations(): void {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'widget/tsconfig.types.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the widget declarations did not compile');
  writeFileSync(join(widgetDir, 'velvet.d.ts'), "export * from './types/velvet.js';\n");
  writeFileSync(join(widgetDir, 'client.d.ts'), "export * from './types/client/index.js';\n");
  console.log('dist/widget/velvet.d.ts, client.d.ts, types/: the widget declarations');
}

/** The widget bundle, its declarations and its manifest, into `dist/widget`. */
async function buildWidget(): Promise<void> {
  const configFile = join(root, 'widget', 'vite.config.ts');
  await build({ configFile, logLevel: 'info' });
  // The passkey registration component, on its own (see `REGISTRATION_MODE`).
  await build({ configFile, logLevel: 'info', mode: 'registration' });
  emitDeclarations();
  const manifest = buildManifest();
  await writeServedManifest(manifest, widgetDir);
  const typings = writeElementTypings(manifest);
  console.log(`dist/widget/types/frameworks/: ${typings.join(', ')} (from the manifest)`);
  recordVersion();
}

/**
 * Copies the bundle to `dist/widget-versions/v<version>/` (the root package.json's version) and
 * prints its entries' integrity hashes.
 */
function recordVersion(): void {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const versionsDir = join(root, 'dist', 'widget-versions');
  const { integrity, replacedDifferent } = recordWidgetVersion(widgetDir, versionsDir, version);
  console.log(describeIntegrity(integrity));
  if (replacedDifferent) {
    console.warn(
      `dist/widget-versions/v${version} held other entries: bump package.json's version before a release, as pages pin /widget/v${version}/ by its integrity.`,
    );
  }
}

/** The invitation site, with the top-level `vite.config.ts`. */
async function buildSite(): Promise<void> {
  const configFile = join(root, 'vite.config.ts');
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    configFile,
    root,
    'silent',
  );
  if (loaded?.config.build?.lib) {
    // A library build there is the client library again, and it would empty dist/widget.
    console.log(
      'vite.config.ts builds a library, not the site: skipped (the widget build has it).',
    );
    return;
  }
  await build({ configFile, logLevel: 'info' });
}

await buildWidget();
if (!process.argv.includes('--widget')) {
  // `npm start` (`--client`) serves none of the packages: it skips them.
  if (!process.argv.includes('--client')) await buildPackages();
  await buildSite();
  await buildDemo();
  if (!process.argv.includes('--client')) await buildServer();
}
