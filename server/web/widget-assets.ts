/**
 * The widget bundle at `/widget/…` (from `npm run build`), loadable by any
 * page with one script tag: module scripts are fetched with CORS, so every
 * origin may read these public files (without credentials). The build writes
 * a gzip and a Brotli copy beside each file; a browser that accepts one gets
 * it as it is (`Content-Encoding`, `Vary: Accept-Encoding`), no compression
 * per request.
 *
 * Two ways to the same files:
 * - `/widget/velvet.js`, the alias of the current version: its entries are cached five minutes,
 *   so a page follows upgrades.
 * - `/widget/v<version>/velvet.js`, one release's copy (`dist/widget-versions/v<version>/`, kept
 *   by the build across upgrades, `scripts/widget-versions.ts`): cached for a year as immutable,
 *   for a script tag with an `integrity` hash. Its chunks resolve under the same path.
 *
 * A page that loaded the alias's entry before an upgrade asks for that version's chunks at
 * `/widget/chunks/…`: a chunk the current build lacks is looked for in the kept versions, newest
 * first (chunks only, by their content-hashed names; an entry the current build lacks is a 404).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Chunk names carry a content hash (`chunks/name-Ab12Cd34.js`), the phone metadata's folder the
 * version of libphonenumber-js it came from (`chunks/phone-metadata-1.13.16/phone-44.js`); entry
 * files keep stable names.
 */
const HASHED_FILE =
  /(?:-[A-Za-z0-9_-]{8,}|\/phone-metadata-\d+\.\d+\.\d+\/phone-\d+)\.js(?:\.map)?(?:\.gz|\.br)?$/;

/** A version's folder: `v` and a semantic version, e.g. `v0.1.0` or `v1.2.0-rc.1`. */
const VERSION_FOLDER = /^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** The caching of an immutable file (hashed, or under a version's path). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The caching of the alias's stable names. */
const REVALIDATED = 'public, max-age=300, must-revalidate';

/** Where the build keeps the versions of a bundle built into `dir`: its sibling `widget-versions`. */
export function widgetVersionsDir(dir: string): string {
  return join(dirname(dir), 'widget-versions');
}

/** The version folders under `versionsDir`, newest first. */
function versionFolders(versionsDir: string): string[] {
  if (!existsSync(versionsDir)) return [];
  return readdirSync(versionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && VERSION_FOLDER.test(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
}

/**
 * Serves `dir` at `/widget/` and each version kept in `versionsDir` at `/widget/v<version>/`;
 * resolves to false (and serves nothing) when `dir` was not built.
 */
export async function widgetAssetRoutes(
  app: FastifyInstance,
  dir: string,
  versionsDir = widgetVersionsDir(dir),
): Promise<boolean> {
  if (!existsSync(dir)) return false;
  const kept = versionFolders(versionsDir).map((name) => join(versionsDir, name));
  // Looked for in this order: the current bundle, the versions' folder (whose only entries are
  // `v<version>/` folders, so it answers versioned paths only, a version that was not built a
  // 404), then each kept version for a chunk the current bundle lacks.
  const roots = existsSync(versionsDir) ? [dir, versionsDir, ...kept] : [dir];
  await app.register(fastifyStatic, {
    root: roots,
    prefix: '/widget/',
    decorateReply: false,
    index: false,
    // `x.js.br` or `x.js.gz` for `x.js` when the request accepts it; `x.js` otherwise.
    preCompressed: true,
    // A kept version's own folder stands in for hashed chunks only; `dir` and `versionsDir` for all.
    allowedPath: (pathname, root) =>
      root === dir || root === versionsDir || HASHED_FILE.test(pathname),
    setHeaders(reply, path) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header(
        'cache-control',
        path.startsWith(versionsDir + sep) || HASHED_FILE.test(path) ? IMMUTABLE : REVALIDATED,
      );
    },
  });
  return true;
}
