/**
 * What `npm run site:photos` works with: the names of the files the site serves for its four
 * photobooth photos, the command line, the image tools it needs (and a clear message naming the
 * missing ones), and turning a host's own four photos into every file the site serves.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, relative, resolve } from 'node:path';

/** The widths every photobooth photo is written in; the largest is also the plain `.jpg`. */
export const PHOTO_WIDTHS = [400, 800] as const;
/** A photo's shape: 4:5, like a photobooth frame (800 × 1000 at the largest width). */
export const PHOTO_ASPECT = { width: 4, height: 5 } as const;
/** How many photos the hero shows. */
export const PHOTO_COUNT = 4;
/** The image formats a host's photos may come in (by file extension). */
export const PHOTO_INPUT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff'] as const;

/** The height of a photo `width` pixels wide. */
export function photoHeight(width: number): number {
  return (width * PHOTO_ASPECT.height) / PHOTO_ASPECT.width;
}

/** The files of one width of photo `index` (1 to 4): JPEG, WebP and AVIF. */
export interface PhotoSize {
  readonly width: number;
  readonly jpeg: string;
  readonly webp: string;
  readonly avif: string;
}

/**
 * The file names the site serves for photo `index` (1 to 4) of `name`, per width:
 * `{name}-photobooth-{index}.jpg` (the largest width), `…-400w.jpg`, and `…-{width}w.webp` and
 * `…-{width}w.avif` for every width. These are the names `site/invitation/Hero.tsx` asks for.
 */
export function photoSizes(name: string, index: number): PhotoSize[] {
  const base = `${name}-photobooth-${index}`;
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  return PHOTO_WIDTHS.map((width) => ({
    width,
    jpeg: width === largest ? `${base}.jpg` : `${base}-${width}w.jpg`,
    webp: `${base}-${width}w.webp`,
    avif: `${base}-${width}w.avif`,
  }));
}

/** Every file name of the four photos of `name`, in order. */
export function photoFileNames(name: string): string[] {
  const names: string[] = [];
  for (let index = 1; index <= PHOTO_COUNT; index++) {
    for (const size of photoSizes(name, index)) names.push(size.jpeg, size.webp, size.avif);
  }
  return names;
}

/** A mistake on the command line; the message says what to do instead. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** What the command line asks for. */
export type SitePhotosCommand =
  | { readonly kind: 'help' }
  /** Draw the placeholder photos (and the footer image and the preview card). */
  | { readonly kind: 'draw'; readonly photosDir: string; readonly outGiven: boolean }
  /** Turn the host's four photos, in order, into the site's files. */
  | { readonly kind: 'photos'; readonly inputs: readonly string[]; readonly photosDir: string };

/** The help text. */
export const USAGE = `Usage:
  npm run site:photos                                  draw the placeholder photos
  npm run site:photos -- 1.jpg 2.jpg 3.jpg 4.jpg       use your own four photos, in this order
  npm run site:photos -- my-photos/                    use the four images in a folder (by name)

Each photo is cropped to 4:5 around its centre, turned upright, stripped of its metadata, and
written as JPEG, WebP and AVIF at ${PHOTO_WIDTHS.join(' and ')} px wide, with the names the site serves.
Photos may be ${PHOTO_INPUT_EXTENSIONS.join(', ')}.

Options:
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
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--out' || arg.startsWith('--out=')) {
      const value = arg === '--out' ? args[++i] : arg.slice('--out='.length);
      if (!value) throw new UsageError('--out needs a folder, e.g. --out site/photos');
      photosDir = resolve(options.cwd, value);
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unknown option ${arg}. See npm run site:photos -- --help`);
    } else {
      paths.push(resolve(options.cwd, arg));
    }
  }
  if (paths.length === 0) {
    return { kind: 'draw', photosDir, outGiven: photosDir !== options.defaultPhotosDir };
  }

  const shown = (path: string) => relative(options.cwd, path) || '.';
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
  return { kind: 'photos', inputs, photosDir };
}

/** An image tool the script runs. */
export interface ImageTool {
  /** What a person calls it. */
  readonly name: string;
  /** The commands that provide it, tried in order. */
  readonly commands: readonly string[];
  readonly versionArgs: readonly string[];
  /** What its version output must contain (tells ImageMagick from a stand-in `convert`). */
  readonly expect?: RegExp;
  /** What it does here. */
  readonly purpose: string;
  /** The Debian and Ubuntu package that installs it. */
  readonly debianPackage: string;
}

/** ImageMagick: reads the photos, turns them upright, crops and resizes them. */
export const IMAGEMAGICK: ImageTool = {
  name: 'ImageMagick',
  commands: ['magick', 'convert'],
  versionArgs: ['-version'],
  expect: /ImageMagick/,
  purpose: 'reads, crops and resizes your photos',
  debianPackage: 'imagemagick',
};
/** cwebp: writes WebP. */
export const CWEBP: ImageTool = {
  name: 'cwebp',
  commands: ['cwebp'],
  versionArgs: ['-version'],
  purpose: 'writes the WebP versions',
  debianPackage: 'webp',
};
/** avifenc: writes AVIF. */
export const AVIFENC: ImageTool = {
  name: 'avifenc',
  commands: ['avifenc'],
  versionArgs: ['--version'],
  purpose: 'writes the AVIF versions',
  debianPackage: 'libavif-bin',
};

/** The command that provides `tool` here, or `null` when none does. */
export function findTool(tool: ImageTool, env: NodeJS.ProcessEnv = process.env): string | null {
  for (const command of tool.commands) {
    const result = spawnSync(command, [...tool.versionArgs], { encoding: 'utf8', env });
    if (result.error) continue;
    if (!tool.expect || tool.expect.test(`${result.stdout}${result.stderr}`)) return command;
  }
  return null;
}

/**
 * The commands for `tools`.
 * @throws Error naming each missing tool, what it is for and the package that installs it.
 */
export function requireTools(
  tools: readonly ImageTool[],
  env: NodeJS.ProcessEnv = process.env,
): Map<ImageTool, string> {
  const found = new Map<ImageTool, string>();
  const missing: ImageTool[] = [];
  for (const tool of tools) {
    const command = findTool(tool, env);
    if (command) found.set(tool, command);
    else missing.push(tool);
  }
  if (missing.length > 0) {
    const lines = missing.map(
      (tool) =>
        `  - ${tool.name} (${tool.commands.map((c) => `\`${c}\``).join(' or ')}): ${tool.purpose}; Debian/Ubuntu package ${tool.debianPackage}`,
    );
    const packages = missing.map((tool) => tool.debianPackage).join(' ');
    throw new Error(
      `npm run site:photos needs ${missing.length === 1 ? 'a tool that is' : 'tools that are'} not installed:\n${lines.join('\n')}\nInstall with: sudo apt-get install ${packages}   (macOS: brew install imagemagick webp libavif)`,
    );
  }
  return found;
}

/** Runs `command`; on failure, an error that names `what` and carries the tool's message. */
function run(command: string, args: readonly string[], what: string): string {
  try {
    return execFileSync(command, [...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${what} failed (${command}): ${stderr || String(error)}`);
  }
}

/** Writes the WebP and AVIF copies of `jpeg`, as the site serves them. */
export function writeModernFormats(
  tools: { cwebp: string; avifenc: string },
  jpeg: string,
  size: { webp: string; avif: string },
): void {
  run(tools.cwebp, ['-quiet', '-q', '78', '-metadata', 'none', jpeg, '-o', size.webp], size.webp);
  run(tools.avifenc, ['--min', '20', '--max', '34', '-s', '4', jpeg, size.avif], size.avif);
}

/** What {@link convertHostPhotos} did. */
export interface ConvertResult {
  /** The files written, by name, in `photosDir`. */
  readonly written: readonly string[];
  /** Photos smaller than the largest size, which will look soft. */
  readonly warnings: readonly string[];
}

/**
 * Turns the host's four photos (`inputs`, in order) into every file the site serves for them,
 * in `photosDir`: each turned upright (EXIF orientation), cropped to 4:5 around its centre,
 * stripped of its metadata (camera, place), and written at each width as JPEG, WebP and AVIF.
 * Everything is made in a scratch folder first, so a failure leaves `photosDir` as it was.
 * Other files in `photosDir` (the footer image) are left alone.
 */
export function convertHostPhotos(
  inputs: readonly string[],
  photosDir: string,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): ConvertResult {
  const tools = requireTools([IMAGEMAGICK, CWEBP, AVIFENC], env);
  const magick = tools.get(IMAGEMAGICK) ?? 'convert';
  const cwebp = tools.get(CWEBP) ?? 'cwebp';
  const avifenc = tools.get(AVIFENC) ?? 'avifenc';
  const scratch = mkdtempSync(join(tmpdir(), 'velvet-site-photos-'));
  const written: string[] = [];
  const warnings: string[] = [];
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] ?? 800;
  try {
    for (const [i, input] of inputs.entries()) {
      const source = `${input}[0]`; // the first frame or page only
      const [width = 0, height = 0] = run(
        magick,
        [source, '-auto-orient', '-format', '%w %h', 'info:'],
        `reading ${basename(input)}`,
      )
        .trim()
        .split(/\s+/)
        .map(Number);
      if (width < largest || height < photoHeight(largest)) {
        warnings.push(
          `${basename(input)} is ${width}×${height}; it is enlarged to ${largest}×${photoHeight(largest)} and will look soft.`,
        );
      }
      for (const size of photoSizes(name, i + 1)) {
        const box = `${size.width}x${photoHeight(size.width)}`;
        const jpeg = join(scratch, size.jpeg);
        run(
          magick,
          [
            source,
            '-auto-orient',
            '-colorspace',
            'sRGB',
            '-resize',
            `${box}^`,
            '-gravity',
            'center',
            '-extent',
            box,
            '-strip',
            '-quality',
            '82',
            '-sampling-factor',
            '4:2:0',
            '-interlace',
            'JPEG',
            jpeg,
          ],
          size.jpeg,
        );
        writeModernFormats({ cwebp, avifenc }, jpeg, {
          webp: join(scratch, size.webp),
          avif: join(scratch, size.avif),
        });
        written.push(size.jpeg, size.webp, size.avif);
      }
    }
    mkdirSync(photosDir, { recursive: true });
    for (const file of written) copyFileSync(join(scratch, file), join(photosDir, file));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { written, warnings };
}
