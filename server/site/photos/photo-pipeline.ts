/**
 * The one photo pipeline of the site, used by `npm run site:photos` and by the hosts' uploads:
 * the photo slots and the names of the files each one is served under, the image tools it runs
 * (ImageMagick, `cwebp`, `avifenc`) and what to say when one is missing, and the conversion of
 * one image into every file of a slot.
 *
 * Each photo is turned upright (EXIF orientation), cropped around its centre to its slot's
 * shape, stripped of its metadata (camera, place) and written in every width and format the site
 * serves. Untrusted input is checked before any tool decodes it: its size in bytes, its type by
 * its first bytes (the tools are told that type, so a file cannot pass for a script or an SVG),
 * its dimensions by `identify` without decoding the pixels. The tools run with `execFile` (no
 * shell), a time limit each, in a scratch folder removed afterwards.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The widths every photobooth photo is written in; the largest is also the plain `.jpg`. */
export const PHOTO_WIDTHS = [400, 800] as const;
/** A photobooth photo's shape: 4:5, like a photobooth frame (800 × 1000 at the largest width). */
export const PHOTO_ASPECT = { width: 4, height: 5 } as const;
/** How many photos the hero shows. */
export const PHOTO_COUNT = 4;
/** The footer image's side in pixels: a square shown at 80 CSS pixels, drawn for 2× screens. */
export const FOOTER_SIDE = 160;

/** The height of a photobooth photo `width` pixels wide. */
export function photoHeight(width: number): number {
  return (width * PHOTO_ASPECT.height) / PHOTO_ASPECT.width;
}

/** The files of one width of a photobooth photo: JPEG, WebP and AVIF. */
export interface PhotoSize {
  readonly width: number;
  readonly jpeg: string;
  readonly webp: string;
  readonly avif: string;
}

/**
 * The file names the site serves for photobooth photo `index` (1 to 4) of `name`, per width:
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

/** Every file name of the four photobooth photos of `name`, in order. */
export function photoFileNames(name: string): string[] {
  const names: string[] = [];
  for (let index = 1; index <= PHOTO_COUNT; index++) {
    for (const size of photoSizes(name, index)) names.push(size.jpeg, size.webp, size.avif);
  }
  return names;
}

/**
 * A photo's place on the site; its files keep their names whatever image fills it, so the
 * hero's and the footer's references never change.
 */
export type PhotoSlot =
  | 'photobooth-1'
  | 'photobooth-2'
  | 'photobooth-3'
  | 'photobooth-4'
  | 'footer';

/** Every slot, the hero's four in order, then the footer's. */
export const PHOTO_SLOTS: readonly PhotoSlot[] = [
  'photobooth-1',
  'photobooth-2',
  'photobooth-3',
  'photobooth-4',
  'footer',
];

/** Whether `value` names a slot. */
export function isPhotoSlot(value: string): value is PhotoSlot {
  return (PHOTO_SLOTS as readonly string[]).includes(value);
}

/** The file name of `slot` without extension, as the content names it: `{name}-photobooth-1`. */
export function slotFile(name: string, slot: PhotoSlot): string {
  return `${name}-${slot}`;
}

/** The footer's files: a PNG (which keeps transparency) and its WebP copy (`Footer.tsx`). */
export function footerFileNames(name: string): { png: string; webp: string } {
  const base = slotFile(name, 'footer');
  return { png: `${base}.png`, webp: `${base}.webp` };
}

/** Every file name of `slot` of `name`. */
export function slotFileNames(name: string, slot: PhotoSlot): string[] {
  if (slot === 'footer') return Object.values(footerFileNames(name));
  const index = Number(slot.slice('photobooth-'.length));
  return photoSizes(name, index).flatMap((size) => [size.jpeg, size.webp, size.avif]);
}

/** The file a page shows for `slot`: the largest JPEG of a photobooth photo, the footer's PNG. */
export function slotMainFile(name: string, slot: PhotoSlot): string {
  return slotFileNames(name, slot)[slot === 'footer' ? 0 : 3] ?? '';
}

/** An image tool the pipeline runs. */
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
/** Every tool a conversion needs. */
export const PHOTO_TOOLS: readonly ImageTool[] = [IMAGEMAGICK, CWEBP, AVIFENC];

/** How long one run of a tool may take before it is stopped. */
const TOOL_TIMEOUT_MS = 60_000;

/** What a tool run printed; rejects with an error carrying the tool's message. */
function execute(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeout = TOOL_TIMEOUT_MS,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      { env, timeout, maxBuffer: 1024 * 1024, encoding: 'utf8', windowsHide: true },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stdout, stderr }));
        else resolve({ stdout, stderr });
      },
    );
  });
}

/** The command that provides `tool` with the `PATH` of `env`, or `null` when none does. */
export async function findTool(
  tool: ImageTool,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  for (const command of tool.commands) {
    try {
      const { stdout, stderr } = await execute(command, tool.versionArgs, env, 10_000);
      if (!tool.expect || tool.expect.test(`${stdout}${stderr}`)) return command;
    } catch (error) {
      // Some tools print their version and exit non-zero; a missing one has no output at all.
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      if (tool.expect?.test(`${stdout}${stderr}`)) return command;
    }
  }
  return null;
}

/** The commands of the pipeline's tools, found. */
export interface PhotoTools {
  /** ImageMagick's converter (`magick` or `convert`). */
  readonly magick: string;
  /** ImageMagick's `identify`, as a command and the arguments before its own. */
  readonly identify: readonly [string, ...string[]];
  readonly cwebp: string;
  readonly avifenc: string;
}

/** Some of the pipeline's tools are not installed. */
export class ImageToolsMissingError extends Error {
  override name = 'ImageToolsMissingError';
  constructor(
    /** The missing tools. */
    readonly missing: readonly ImageTool[],
  ) {
    const lines = missing.map(
      (tool) =>
        `  - ${tool.name} (${tool.commands.map((c) => `\`${c}\``).join(' or ')}): ${tool.purpose}; Debian/Ubuntu package ${tool.debianPackage}`,
    );
    super(
      `npm run site:photos needs ${missing.length === 1 ? 'a tool that is' : 'tools that are'} not installed:\n${lines.join('\n')}\nInstall with: ${installCommand(missing)}`,
    );
  }
}

/** The command that installs `tools` (Debian and Ubuntu, then macOS). */
export function installCommand(tools: readonly ImageTool[]): string {
  const packages = [...new Set(tools.map((tool) => tool.debianPackage))].join(' ');
  return `sudo apt-get install ${packages}   (macOS: brew install imagemagick webp libavif)`;
}

/**
 * The commands for `tools` (ImageMagick's `identify` beside its converter).
 * @throws ImageToolsMissingError naming each missing tool, what it is for and its package.
 */
export async function requireTools(
  tools: readonly ImageTool[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Map<ImageTool, string>> {
  const commands = await Promise.all(tools.map((tool) => findTool(tool, env)));
  const missing = tools.filter((_tool, i) => !commands[i]);
  if (missing.length > 0) throw new ImageToolsMissingError(missing);
  return new Map(tools.map((tool, i) => [tool, commands[i] ?? '']));
}

/** The pipeline's tools with the `PATH` of `env`. @throws ImageToolsMissingError */
export async function requirePhotoTools(env: NodeJS.ProcessEnv = process.env): Promise<PhotoTools> {
  const found = await requireTools(PHOTO_TOOLS, env);
  const magick = found.get(IMAGEMAGICK) ?? 'convert';
  return {
    magick,
    // ImageMagick 7 has one command; 6 has `identify` beside `convert`.
    identify: magick === 'magick' ? ['magick', 'identify'] : ['identify'],
    cwebp: found.get(CWEBP) ?? 'cwebp',
    avifenc: found.get(AVIFENC) ?? 'avifenc',
  };
}

/** Runs a tool; on failure, an error that names `what` and carries the tool's message. */
async function run(
  command: string,
  args: readonly string[],
  what: string,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  try {
    return (await execute(command, args, env)).stdout;
  } catch (error) {
    const { stderr, killed } = error as { stderr?: string; killed?: boolean };
    const reason = killed ? `stopped after ${TOOL_TIMEOUT_MS / 1000} s` : stderr?.trim();
    throw new Error(`${what} failed (${command}): ${reason || String(error)}`);
  }
}

/** Writes the WebP and AVIF copies of a photobooth JPEG, as the site serves them. */
export async function writeModernFormats(
  tools: { cwebp: string; avifenc: string },
  jpeg: string,
  size: { webp: string; avif: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const webp = ['-quiet', '-q', '78', '-metadata', 'none', jpeg, '-o', size.webp];
  await run(tools.cwebp, webp, size.webp, env);
  const avif = ['--min', '20', '--max', '34', '-s', '4', jpeg, size.avif];
  await run(tools.avifenc, avif, size.avif, env);
}

/** Writes the WebP copy of the footer's PNG, its transparency kept. */
export async function writeFooterWebp(
  cwebp: string,
  png: string,
  webp: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const args = ['-quiet', '-q', '85', '-alpha_q', '90', '-metadata', 'none', png, '-o', webp];
  await run(cwebp, args, webp, env);
}

/** The image types the pipeline reads, by their first bytes. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'tiff';

/** What the hosts' page uploads may be. */
export const UPLOAD_IMAGE_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp'];

/** The type of an image by its first bytes, or `undefined` for anything else. */
export function sniffImageType(head: Uint8Array): ImageType | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'tiff';
  return undefined;
}

/** How large an image the pipeline takes. */
export interface PhotoLimits {
  readonly maxBytes: number;
  readonly maxPixels: number;
}

/** The limits of an upload: 15 MB and 40 megapixels. */
export const UPLOAD_LIMITS: PhotoLimits = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 };

/** An image the pipeline refuses (not an image, too large); the message says why. */
export class PhotoInputError extends Error {
  override name = 'PhotoInputError';
  constructor(
    message: string,
    /** `not_an_image`, `image_too_large` or `unreadable_image`. */
    readonly code: 'not_an_image' | 'image_too_large' | 'unreadable_image',
  ) {
    super(message);
  }
}

/** One file of a slot, made by the pipeline. */
export interface PhotoFile {
  /** Its name at the site root, e.g. `juno-felix-photobooth-1-400w.avif`. */
  readonly name: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** What {@link convertPhoto} made. */
export interface PhotoConversion {
  /** Every file of the slot. */
  readonly files: readonly PhotoFile[];
  /** Said when the image is smaller than the slot's largest size (it will look soft). */
  readonly warnings: readonly string[];
}

/** What to convert and how. */
export interface ConvertOptions {
  /** The prefix of the site's photo names (`PHOTO_NAME`). */
  readonly name: string;
  readonly slot: PhotoSlot;
  /** The tools, found beforehand (see {@link requirePhotoTools}). */
  readonly tools: PhotoTools;
  /** What the image is called in messages (its file name, or "The image"). */
  readonly label?: string;
  /** The image types taken; default {@link UPLOAD_IMAGE_TYPES}. */
  readonly accept?: readonly ImageType[];
  readonly limits?: PhotoLimits;
  /** The environment the tools run in (their `PATH`). */
  readonly env?: NodeJS.ProcessEnv;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Orientations in which the stored image is turned a quarter: width and height swap. */
const QUARTER_TURNS = new Set(['LeftTop', 'RightTop', 'RightBottom', 'LeftBottom']);

/**
 * Turns one image (`input`: its bytes, or a file) into every file of `options.slot`: checked
 * (type, bytes, pixels), turned upright, cropped around its centre, stripped of its metadata and
 * written in every width and format. Nothing is written anywhere but a scratch folder, removed
 * before this returns.
 * @throws PhotoInputError for an image it refuses, Error when a tool fails.
 */
export async function convertPhoto(
  input: Uint8Array | { readonly path: string },
  options: ConvertOptions,
): Promise<PhotoConversion> {
  const { name, slot, tools, env = process.env } = options;
  const label = options.label ?? 'The image';
  const limits = options.limits ?? UPLOAD_LIMITS;
  const { type, bytes } = await readChecked(input, label, limits, options.accept);
  const scratch = await mkdtemp(join(tmpdir(), 'velvet-photo-'));
  try {
    const source = join(scratch, `input.${type}`);
    await writeFile(source, bytes);
    // The type is given, so the tools never guess it from the contents; the first frame only.
    const typed = `${type}:${source}[0]`;
    const { width, height } = await measure(typed, { tools, label, limits, env });
    const made =
      slot === 'footer'
        ? await convertFooter(typed, scratch, name, tools, env)
        : await convertPhotobooth(typed, scratch, name, Number(slot.slice(-1)), tools, env);
    const warnings: string[] = [];
    if (width < made.minWidth || height < made.minHeight) {
      warnings.push(
        `${label} is ${width}×${height}; it is enlarged to ${made.minWidth}×${made.minHeight} and will look soft.`,
      );
    }
    const files: PhotoFile[] = [];
    for (const file of made.names) {
      const extension = file.slice(file.lastIndexOf('.') + 1);
      files.push({
        name: file,
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        bytes: await readFile(join(scratch, file)),
      });
    }
    return { files, warnings };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The bytes of `input` and their image type, once both pass. @throws PhotoInputError */
async function readChecked(
  input: Uint8Array | { readonly path: string },
  label: string,
  limits: PhotoLimits,
  accept: readonly ImageType[] = UPLOAD_IMAGE_TYPES,
): Promise<{ type: ImageType; bytes: Uint8Array }> {
  const head = 'path' in input ? await readHead(input.path) : input.subarray(0, 16);
  const type = sniffImageType(head);
  if (!type || !accept.includes(type)) {
    const names = accept.map((t) => t.toUpperCase()).join(', ');
    throw new PhotoInputError(`${label} is not an image this takes (${names}).`, 'not_an_image');
  }
  const bytes = 'path' in input ? await readFile(input.path) : input;
  if (bytes.byteLength > limits.maxBytes) {
    throw new PhotoInputError(
      `${label} is ${megabytes(bytes.byteLength)} MB; the most is ${megabytes(limits.maxBytes)} MB. Save it smaller and try again.`,
      'image_too_large',
    );
  }
  return { type, bytes };
}

/**
 * The upright size of the image `typed` (`type:path[0]`), read by `identify` from its header
 * without decoding its pixels. @throws PhotoInputError when unreadable or too many pixels.
 */
async function measure(
  typed: string,
  context: { tools: PhotoTools; label: string; limits: PhotoLimits; env: NodeJS.ProcessEnv },
): Promise<{ width: number; height: number }> {
  const { tools, label, limits, env } = context;
  const [identify, ...identifyArgs] = tools.identify;
  const format = typed.slice(0, typed.indexOf(':')).toUpperCase();
  let measured: string;
  try {
    const args = [...identifyArgs, '-ping', '-format', '%w %h %[orientation]', typed];
    measured = (await execute(identify, args, env)).stdout;
  } catch {
    throw new PhotoInputError(
      `${label} could not be read as a ${format} image.`,
      'unreadable_image',
    );
  }
  const [w = '0', h = '0', orientation = ''] = measured.trim().split(/\s+/);
  const [width, height] = QUARTER_TURNS.has(orientation)
    ? [Number(h), Number(w)]
    : [Number(w), Number(h)];
  if (!(width > 0 && height > 0)) {
    throw new PhotoInputError(`${label} has no pixels to show.`, 'unreadable_image');
  }
  if (width * height > limits.maxPixels) {
    throw new PhotoInputError(
      `${label} is ${width}×${height} (${((width * height) / 1e6).toFixed(1)} megapixels); the most is ${limits.maxPixels / 1e6}. Make it smaller and try again.`,
      'image_too_large',
    );
  }
  return { width, height };
}

/** The first bytes of the file at `path`. */
async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
}

/**
 * ImageMagick's resource limits, given before the image is read: where its own policy sets none
 * (Homebrew's), a photo within the pixel limit still cannot take the server's memory or disk.
 */
const MAGICK_LIMITS = [
  '-limit',
  'memory',
  '256MiB',
  '-limit',
  'map',
  '512MiB',
  '-limit',
  'disk',
  '1GiB',
];

/** ImageMagick's arguments that turn `source` upright and crop it to `box` around its centre. */
function uprightCrop(source: string, box: string): string[] {
  return [
    ...MAGICK_LIMITS,
    source,
    '-auto-orient',
    '-colorspace',
    'sRGB',
    '-resize',
    `${box}^`,
    '-gravity',
    'center',
    '-background',
    'none',
    '-extent',
    box,
    '-strip',
  ];
}

/** Writes the files of photobooth photo `index` into `dir`. */
async function convertPhotobooth(
  source: string,
  dir: string,
  name: string,
  index: number,
  tools: PhotoTools,
  env: NodeJS.ProcessEnv,
): Promise<{ names: string[]; minWidth: number; minHeight: number }> {
  const names: string[] = [];
  for (const size of photoSizes(name, index)) {
    const box = `${size.width}x${photoHeight(size.width)}`;
    const jpeg = join(dir, size.jpeg);
    const args = [
      ...uprightCrop(source, box),
      '-quality',
      '82',
      '-sampling-factor',
      '4:2:0',
      '-interlace',
      'JPEG',
      `jpeg:${jpeg}`,
    ];
    await run(tools.magick, args, size.jpeg, env);
    await writeModernFormats(
      tools,
      jpeg,
      { webp: join(dir, size.webp), avif: join(dir, size.avif) },
      env,
    );
    names.push(size.jpeg, size.webp, size.avif);
  }
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] ?? 800;
  return { names, minWidth: largest, minHeight: photoHeight(largest) };
}

/** Writes the footer's files into `dir`: a square PNG (transparency kept) and its WebP copy. */
async function convertFooter(
  source: string,
  dir: string,
  name: string,
  tools: PhotoTools,
  env: NodeJS.ProcessEnv,
): Promise<{ names: string[]; minWidth: number; minHeight: number }> {
  const files = footerFileNames(name);
  const box = `${FOOTER_SIDE}x${FOOTER_SIDE}`;
  const png = join(dir, files.png);
  await run(tools.magick, [...uprightCrop(source, box), `png:${png}`], files.png, env);
  await writeFooterWebp(tools.cwebp, png, join(dir, files.webp), env);
  return { names: [files.png, files.webp], minWidth: FOOTER_SIDE, minHeight: FOOTER_SIDE };
}
