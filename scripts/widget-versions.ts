/**
 * The widget's versioned copies and their Subresource Integrity hashes, made by `npm run build`
 * after the widget bundle (`scripts/build.ts`):
 * - `dist/widget/integrity.json`: the version (the root `package.json`'s) and the `sha384-…`
 *   hash of each entry file (`velvet.js`, `client.js`, `passkey-registration.js`,
 *   `identity-provider.js`), for a script tag's `integrity` attribute. The server serves it at
 *   `/widget/integrity.json`, where the demo reads it for its embed code.
 * - `dist/widget-versions/v<version>/`: a copy of the whole bundle, which the server serves at
 *   `/widget/v<version>/…` and caches for a year. Each build replaces its own version's folder and
 *   keeps the others, so a page still holding an older entry finds that version's chunks after an
 *   upgrade, as long as the folder is kept across deploys (a fresh checkout has the current
 *   version only).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file beside the entries that names the version and their hashes. */
export const INTEGRITY_FILE = 'integrity.json';

/** What {@link INTEGRITY_FILE} holds. */
export interface WidgetIntegrity {
  /** The release the bundle was built from (the root `package.json`'s `version`). */
  readonly version: string;
  /** Each entry file (`velvet.js`…) and its hash, `sha384-` and the digest in base64. */
  readonly files: Readonly<Record<string, string>>;
}

/** The Subresource Integrity value of `content`: `sha384-` and its SHA-384 digest in base64. */
export function sriHash(content: Buffer): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** The name of a version's folder under `dist/widget-versions/`, and its path under `/widget/`. */
export function versionFolder(version: string): string {
  return `v${version}`;
}

/** The integrity hashes of `widgetDir`'s entry files (the `.js` files at its top). */
export function entryIntegrity(widgetDir: string, version: string): WidgetIntegrity {
  const entries = readdirSync(widgetDir)
    .filter((name) => name.endsWith('.js'))
    .sort();
  return {
    version,
    files: Object.fromEntries(
      entries.map((name) => [name, sriHash(readFileSync(join(widgetDir, name)))]),
    ),
  };
}

/** Reads a bundle's {@link INTEGRITY_FILE}; undefined when there is none. */
export function readIntegrity(dir: string): WidgetIntegrity | undefined {
  const path = join(dir, INTEGRITY_FILE);
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as WidgetIntegrity;
}

/**
 * Writes `widgetDir`'s {@link INTEGRITY_FILE} for `version` and copies the bundle to
 * `versionsDir/v<version>/`, replacing that version's previous copy and keeping the others'.
 * Returns what it wrote and whether an earlier build of the same version had other entry files
 * (which the pages pinning its hashes would now refuse: bump the version to release).
 */
export function recordWidgetVersion(
  widgetDir: string,
  versionsDir: string,
  version: string,
): { integrity: WidgetIntegrity; replacedDifferent: boolean } {
  const integrity = entryIntegrity(widgetDir, version);
  writeFileSync(join(widgetDir, INTEGRITY_FILE), `${JSON.stringify(integrity, null, 2)}\n`);
  const target = join(versionsDir, versionFolder(version));
  const previous = readIntegrity(target);
  const replacedDifferent =
    previous !== undefined && JSON.stringify(previous.files) !== JSON.stringify(integrity.files);
  rmSync(target, { recursive: true, force: true });
  cpSync(widgetDir, target, { recursive: true });
  return { integrity, replacedDifferent };
}

/** The lines the build prints: where the version is served and each entry's hash. */
export function describeIntegrity(integrity: WidgetIntegrity): string {
  const folder = versionFolder(integrity.version);
  const width = Math.max(...Object.keys(integrity.files).map((name) => name.length));
  return [
    `dist/widget/${INTEGRITY_FILE}, dist/widget-versions/${folder}/: served at /widget/${folder}/ (immutable); the entries' integrity:`,
    ...Object.entries(integrity.files).map(
      ([name, hash]) => `  /widget/${folder}/${name.padEnd(width)}  ${hash}`,
    ),
  ].join('\n');
}
