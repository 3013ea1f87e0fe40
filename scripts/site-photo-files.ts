/**
 * What `npm run site:photos` works with: its command line, and turning a host's own photos into
 * every file the site serves for them through the site's one photo pipeline
 * (`server/site/photos/photo-pipeline.ts`, which the hosts' page uploads go through too).
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative, resolve } from 'node:path';
import {
  convertPhoto,
  PHOTO_COUNT,
  PHOTO_WIDTHS,
  type PhotoFile,
  type PhotoLimits,
  type PhotoSlot,
  requirePhotoTools,
} from '../server/site/photos/photo-pipeline.js';

/** The image formats a host's photos may come in (by file extension). */
export const PHOTO_INPUT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff'] as const;

/** A mistake on the command line; the message says what to do instead. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** What the command line asks for. */
export type SitePhotosCommand =
  | { readonly kind: 'help' }
  /** Draw the placeholder photos (and the footer image and the preview card). */
  | { readonly kind: 'draw'; readonly photosDir: string; readonly outGiven: boolean }
  /**
   * Turn the host's four photos (in order; none when only the footer is given) and the footer
   * image, when given, into the site's files.
   */
  | {
      readonly kind: 'photos';
      readonly inputs: readonly string[];
      readonly photosDir: string;
      readonly footer?: string;
    };

/** The help text. */
export const USAGE = `Usage:
  npm run site:photos                                  draw the placeholder photos
  npm run site:photos -- 1.jpg 2.jpg 3.jpg 4.jpg       use your own four photos, in this order
  npm run site:photos -- my-photos/                    use the four images in a folder (by name)
  npm run site:photos -- --footer me.png               use your own footer image (alone or
                                                       with the four photos)

Each photo is cropped to 4:5 around its centre, turned upright, stripped of its metadata, and
written as JPEG, WebP and AVIF at ${PHOTO_WIDTHS.join(' and ')} px wide, with the names the site serves.
The footer image is cropped to a square and written as PNG and WebP, 160 px wide.
Photos may be ${PHOTO_INPUT_EXTENSIONS.join(', ')}.

Options:
  --footer <file>  the footer image
  --out <folder>   where to write them (default: site/photos; drawing also writes the
                   preview card there instead of site/public)
  --help           this text`;

function isPhoto(path: string): boolean {
  return (PHOTO_INPUT_EXTENSIONS as readonly string[]).includes(extname(path).toLowerCase());
}

function kindOf(path: string): 'file' | 'folder' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

/**
 * Reads the command line (the arguments after `--`). Paths are resolved against `cwd`.
 * @throws UsageError for anything but no photo, four photos or one folder of four photos.
 */
export function parseSitePhotosArgs(
  args: readonly string[],
  options: { cwd: string; defaultPhotosDir: string },
): SitePhotosCommand {
  let photosDir = options.defaultPhotosDir;
  let footer: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--out' || arg.startsWith('--out=')) {
      const value = arg === '--out' ? args[++i] : arg.slice('--out='.length);
      if (!value) throw new UsageError('--out needs a folder, e.g. --out site/photos');
      photosDir = resolve(options.cwd, value);
    } else if (arg === '--footer' || arg.startsWith('--footer=')) {
      const value = arg === '--footer' ? args[++i] : arg.slice('--footer='.length);
      if (!value) throw new UsageError('--footer needs an image, e.g. --footer footer.png');
      footer = resolve(options.cwd, value);
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unknown option ${arg}. See npm run site:photos -- --help`);
    } else {
      paths.push(resolve(options.cwd, arg));
    }
  }
  const shown = (path: string) => relative(options.cwd, path) || '.';
  if (footer !== undefined) {
    if (kindOf(footer) !== 'file') throw new UsageError(`No such image: ${shown(footer)}`);
    if (!isPhoto(footer)) {
      throw new UsageError(
        `${shown(footer)} is not an image this script reads (${PHOTO_INPUT_EXTENSIONS.join(', ')}).`,
      );
    }
    if (paths.length === 0) return { kind: 'photos', inputs: [], photosDir, footer };
  }
  if (paths.length === 0) {
    return { kind: 'draw', photosDir, outGiven: photosDir !== options.defaultPhotosDir };
  }

  for (const path of paths) {
    if (kindOf(path) === 'missing') throw new UsageError(`No such file or folder: ${shown(path)}`);
  }
  const folders = paths.filter((path) => kindOf(path) === 'folder');
  let inputs: string[];
  if (folders.length > 0) {
    const folder = folders[0] ?? '';
    if (paths.length > 1) {
      throw new UsageError('Give either four photos or one folder of four photos, not both.');
    }
    inputs = readdirSync(folder)
      .filter((entry) => !entry.startsWith('.') && isPhoto(entry))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .map((entry) => join(folder, entry))
      .filter((path) => kindOf(path) === 'file');
    if (inputs.length !== PHOTO_COUNT) {
      const found = inputs.map((path) => basename(path)).join(', ') || 'none';
      throw new UsageError(
        `${shown(folder)} has ${inputs.length} photos (${found}); it needs exactly ${PHOTO_COUNT}.`,
      );
    }
  } else {
    inputs = paths;
    if (inputs.length !== PHOTO_COUNT) {
      throw new UsageError(
        `Give ${PHOTO_COUNT} photos, one for each frame of the hero, not ${inputs.length}.`,
      );
    }
    for (const path of inputs) {
      if (!isPhoto(path)) {
        throw new UsageError(
          `${shown(path)} is not a photo this script reads (${PHOTO_INPUT_EXTENSIONS.join(', ')}).`,
        );
      }
    }
  }
  return { kind: 'photos', inputs, photosDir, ...(footer ? { footer } : {}) };
}

/** What {@link convertHostPhotos} did. */
export interface ConvertResult {
  /** The files written, by name, in `photosDir`. */
  readonly written: readonly string[];
  /** Photos smaller than their largest size, which will look soft. */
  readonly warnings: readonly string[];
}

/** Files on the host's own machine may be larger than an upload to the hosts' page. */
const LOCAL_LIMITS: PhotoLimits = { maxBytes: 200 * 1024 * 1024, maxPixels: 150_000_000 };

/**
 * Turns the host's photos (`inputs`, the hero's four in order, or none) and the footer image
 * (when given) into every file the site serves for them, in `photosDir`, through the site's
 * photo pipeline. Everything is made in memory first, so a failure leaves `photosDir` as it was;
 * other files in it (the slots not given) are left alone.
 * @throws ImageToolsMissingError, PhotoInputError, Error (a tool failed)
 */
export async function convertHostPhotos(
  inputs: readonly string[],
  photosDir: string,
  name: string,
  options: { footer?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ConvertResult> {
  const env = options.env ?? process.env;
  const tools = await requirePhotoTools(env);
  const jobs: { path: string; slot: PhotoSlot }[] = inputs.map((path, i) => ({
    path,
    slot: `photobooth-${i + 1}` as PhotoSlot,
  }));
  if (options.footer) jobs.push({ path: options.footer, slot: 'footer' });
  const files: PhotoFile[] = [];
  const warnings: string[] = [];
  for (const job of jobs) {
    const made = await convertPhoto(
      { path: job.path },
      {
        name,
        slot: job.slot,
        tools,
        env,
        label: basename(job.path),
        accept: ['jpeg', 'png', 'webp', 'tiff'],
        limits: LOCAL_LIMITS,
      },
    );
    files.push(...made.files);
    warnings.push(...made.warnings);
  }
  mkdirSync(photosDir, { recursive: true });
  for (const file of files) writeFileSync(join(photosDir, file.name), file.bytes);
  return { written: files.map((file) => file.name), warnings };
}
