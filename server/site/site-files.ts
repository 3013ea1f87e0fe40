/**
 * The built site (`dist/site`, from `vite.config.ts`) as a table of URL paths, read once (on
 * the first request for a file). Who may fetch a file follows from where the build put it, so anything new in the
 * private folders is private without a second list to keep in step:
 *
 * - `private/…` (the invitation's chunks and its `.ics` calendar files), at `/private/…`:
 *   invited guests only;
 * - `photos/…` (the photobooth photos and the footer image), at the site root: invited guests only
 *   (a photo a host uploaded since, `photos/photo-repository.ts`, is served in its place);
 * - `host/…` (the hosts' page's chunks), at `/host/…`: the site's hosts only;
 * - everything else, at its own path: public (`index.html` is served at `/`).
 *
 * `.gz` and `.br` copies beside a file are its compressed encodings, not files of their own.
 */
import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** Who may fetch a file: anyone, invited guests (and hosts), or hosts only. */
export type SiteAccess = 'public' | 'invited' | 'host';

/** One file the site serves. */
export interface SiteFile {
  /** The file on disk. */
  path: string;
  access: SiteAccess;
  contentType: string;
  size: number;
  /** A strong validator from size and modification time. */
  etag: string;
  /** Whether the name carries a content hash (cacheable forever). */
  hashed: boolean;
  /** The precompressed copies present beside the file. */
  encodings: { br: boolean; gzip: boolean };
}

/** The served files by URL path, and the page template. */
export interface SiteFiles {
  /** The public page (`index.html`) on disk, or `undefined` when the build has none. */
  indexPath: string | undefined;
  byUrl: Map<string, SiteFile>;
}

/** The folder of the invitation's chunks, served at `/private/`. */
export const PRIVATE_DIR = 'private';
/** The folder of the photos, served at the site root. */
export const PHOTOS_DIR = 'photos';
/** The folder of the hosts' page's chunks, served at `/host/` to hosts only. */
export const HOST_DIR = 'host';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.ics': 'text/calendar; charset=utf-8',
};

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : entry.isFile() ? [path] : [];
  });
}

/**
 * Who may read the file at `rel` (a path in the built site) and its URL: the photos folder's
 * files are invited-only and served from the root, the private folder's invited-only in place,
 * the host folder's hosts-only in place, every other file public.
 */
function placeOf(rel: string): { access: SiteAccess; url: string } {
  const [top, ...rest] = rel.split('/');
  const inPhotos = top === PHOTOS_DIR && rest.length > 0;
  const access: SiteAccess =
    top === HOST_DIR && rest.length > 0
      ? 'host'
      : inPhotos || top === PRIVATE_DIR
        ? 'invited'
        : 'public';
  const url = inPhotos ? `/${rest.join('/')}` : `/${rel}`;
  return { access, url };
}

/** Reads the table of `dir` (a built `dist/site`). */
export function readSiteFiles(dir: string): SiteFiles {
  const byUrl = new Map<string, SiteFile>();
  const all = new Set(listFiles(dir));
  let indexPath: string | undefined;
  for (const path of all) {
    if (path.endsWith('.gz') || path.endsWith('.br')) continue;
    const rel = relative(dir, path).split(sep).join('/');
    if (rel === 'index.html') {
      indexPath = path;
      continue;
    }
    const { access, url } = placeOf(rel);
    // A public file never shadows a private one at the same URL.
    if (byUrl.get(url) && byUrl.get(url)?.access !== 'public' && access === 'public') continue;
    const stats = statSync(path);
    byUrl.set(url, {
      path,
      access,
      contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      size: stats.size,
      etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      hashed: /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(rel),
      encodings: { br: all.has(`${path}.br`), gzip: all.has(`${path}.gz`) },
    });
  }
  return { indexPath, byUrl };
}
