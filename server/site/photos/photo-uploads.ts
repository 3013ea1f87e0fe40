/**
 * The hosts' photo uploads: whether this server has the image tools, and an upload turned by the
 * site's one photo pipeline (`photo-pipeline.ts`) into every file of its slot, stored in the
 * database (`photo-repository.ts`) in place of the slot's previous files. One conversion runs at
 * a time per server, so uploads cannot starve the server of its cores.
 */
import {
  convertPhoto,
  ImageToolsMissingError,
  installCommand,
  PHOTO_TOOLS,
  type PhotoSlot,
  type PhotoTools,
  requirePhotoTools,
  slotFileNames,
} from './photo-pipeline.js';
import type { SitePhotoRepository, StoredPhoto } from './photo-repository.js';

/** Whether uploads can be converted here, and what to do when not. */
export interface PhotoToolStatus {
  available: boolean;
  /** The missing tools' names (`ImageMagick`, `cwebp`, `avifenc`). */
  missing: string[];
  /** What a host does instead (empty when every tool is there). */
  advice: string;
}

/** What a host reads when this server lacks the image tools. */
export function photoToolAdvice(missing: readonly string[]): string {
  if (missing.length === 0) return '';
  return `This server cannot convert photos: it lacks ${missing.join(', ')}. Install them on the server (${installCommand(PHOTO_TOOLS)}), or run \`npm run site:photos -- 1.jpg 2.jpg 3.jpg 4.jpg --footer footer.png\` on a machine with ImageMagick, webp and libavif-bin, then npm run build.`;
}

/** How long a look for the tools is trusted: installing them takes effect within a minute. */
const TOOL_CHECK_MS = 60_000;

/** What an upload stored. */
export interface PhotoUpload {
  /** Every file of the slot, as stored. */
  files: StoredPhoto[];
  /** Said when the image is smaller than the slot's largest size. */
  warnings: readonly string[];
}

/** The uploads of one project's site. */
export class PhotoUploads {
  private checked: { at: number; path: string; tools: Promise<PhotoTools> } | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      photos: SitePhotoRepository;
      projectId: string;
      /** The prefix of the site's photo names (`PHOTO_NAME`). */
      name: string;
      clock: () => number;
      /** The environment the tools are looked up and run in (its `PATH`); read at each use. */
      env?: () => NodeJS.ProcessEnv;
    },
  ) {}

  private env(): NodeJS.ProcessEnv {
    return this.deps.env?.() ?? process.env;
  }

  /** The tools, looked up at most once a minute per `PATH`. @throws ImageToolsMissingError */
  private tools(): Promise<PhotoTools> {
    const env = this.env();
    const path = env.PATH ?? '';
    const now = Date.now();
    if (!this.checked || this.checked.path !== path || now - this.checked.at > TOOL_CHECK_MS) {
      const tools = requirePhotoTools(env);
      this.checked = { at: now, path, tools };
      // A failed look is not kept: the next request looks again.
      tools.catch(() => {
        if (this.checked?.tools === tools) this.checked = undefined;
      });
    }
    return this.checked.tools;
  }

  /** Whether every tool is here; the missing ones and the advice otherwise. */
  async toolStatus(): Promise<PhotoToolStatus> {
    try {
      await this.tools();
      return { available: true, missing: [], advice: '' };
    } catch (error) {
      if (!(error instanceof ImageToolsMissingError)) throw error;
      const missing = error.missing.map((tool) => tool.name);
      return { available: false, missing, advice: photoToolAdvice(missing) };
    }
  }

  /**
   * Converts `image` into every file of `slot` and stores them in place of the slot's files, in
   * one transaction; nothing is stored when the image is refused or a tool fails.
   * @throws ImageToolsMissingError, PhotoInputError, Error (a tool failed)
   */
  upload(slot: PhotoSlot, image: Uint8Array): Promise<PhotoUpload> {
    const run = async (): Promise<PhotoUpload> => {
      const tools = await this.tools();
      const { name } = this.deps;
      const made = await convertPhoto(image, { name, slot, tools, env: this.env() });
      const files = await this.deps.photos.replaceSlot(
        this.deps.projectId,
        slotFileNames(name, slot),
        made.files,
        this.deps.clock(),
      );
      return { files, warnings: made.warnings };
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
