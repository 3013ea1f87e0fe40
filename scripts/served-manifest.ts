/**
 * The Custom Elements Manifest the server serves with the widget (`/widget/custom-elements.json`,
 * and each version's copy at `/widget/v<version>/custom-elements.json`): the widget's manifest
 * (`scripts/build-manifest.ts`, which names the sources, `widget/…ts`) made the served bundle's,
 * as `scripts/package-manifest.ts` makes the package's. Its modules are the entries beside it
 * (`velvet.js`, `passkey-registration.js`, `identity-provider.js`), named relative to the
 * manifest, so a version's copy names that version's entries; each lists the public elements the
 * entry defines and the names it exports.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Package } from 'custom-elements-manifest/schema';
import { ENTRY_MODULE, STANDALONE_ELEMENT_MODULES } from './build-manifest.js';
import { moduleExports } from './module-imports.js';
import { packageManifest } from './package-manifest.js';
import { precompressFiles } from './precompress.js';

/** The bundle's manifest file, beside its entries. */
export const SERVED_MANIFEST_FILE = 'custom-elements.json';

/** The served entry of each entry source (`widget/vite.config.ts` names them so). */
export const SERVED_ENTRIES = new Map([
  [ENTRY_MODULE, 'velvet.js'],
  ['widget/passkey-registration.ts', 'passkey-registration.js'],
  ['widget/identity-provider.ts', 'identity-provider.js'],
]);

/** The module of each standalone element (`STANDALONE_ELEMENT_MODULES`) → its served entry. */
const SERVED_ELEMENT_MODULES = new Map([
  [STANDALONE_ELEMENT_MODULES[0], 'passkey-registration.js'],
  [STANDALONE_ELEMENT_MODULES[1], 'identity-provider.js'],
]);

/** The served bundle's manifest from the widget's `manifest`, reading the entries in `widgetDir`. */
export function servedManifest(manifest: Package, widgetDir: string): Package {
  const exported = new Map(
    [...SERVED_ENTRIES.values()].map((entry) => {
      const path = join(widgetDir, entry);
      if (!existsSync(path)) throw new Error(`the widget bundle has no ${entry}`);
      return [entry, moduleExports(path)];
    }),
  );
  return packageManifest(manifest, SERVED_ENTRIES, SERVED_ELEMENT_MODULES, exported);
}

/**
 * Writes the served bundle's manifest into `widgetDir` ({@link SERVED_MANIFEST_FILE}, with its
 * `.gz` and `.br` copies, which the server sends as they are).
 */
export async function writeServedManifest(manifest: Package, widgetDir: string): Promise<Package> {
  const served = servedManifest(manifest, widgetDir);
  const path = join(widgetDir, SERVED_MANIFEST_FILE);
  writeFileSync(path, `${JSON.stringify(served, null, 2)}\n`);
  await precompressFiles([path]);
  return served;
}
