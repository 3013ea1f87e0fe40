/**
 * `npm run site:photos`: the hero's four photobooth photos, in every size and format the site
 * serves (`site/photos/{name}-photobooth-{1..4}.jpg` at 800 × 1000, `-400w.jpg`, and
 * `-{400,800}w.webp` and `.avif`). The files are committed, so builds need none of the tools.
 *
 * - `npm run site:photos -- 1.jpg 2.jpg 3.jpg 4.jpg` (or a folder of four): the hosts' own
 *   photos, cropped to 4:5 around the centre, turned upright and stripped of their metadata.
 *   Needs ImageMagick, `cwebp` and `avifenc` (Debian: `apt-get install imagemagick webp
 *   libavif-bin`); a missing one is named, with its package.
 * - `npm run site:photos -- --footer me.png` (alone or with the four): the footer image, cropped
 *   to a square, as a 160 px PNG and WebP.
 * - `npm run site:photos` alone: draws the placeholder photos again (the default), with the
 *   footer image and the link-preview card (Chromium, `cwebp`, `avifenc`).
 *
 * The photos are private: the server gives them to invited guests only. Exit status: 0 done,
 * 1 a tool or a photo failed, 2 a mistake on the command line.
 */
import { join, relative } from 'node:path';
import { PHOTO_NAME } from '../site/content/invitation.js';
import { convertHostPhotos, parseSitePhotosArgs, USAGE, UsageError } from './site-photo-files.js';

const root = join(import.meta.dirname, '..');
// npm runs scripts from the package root; INIT_CWD is where the host typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();

/** Runs the command line `args`; the exit status. */
async function main(args: readonly string[]): Promise<number> {
  let command: ReturnType<typeof parseSitePhotosArgs>;
  try {
    command = parseSitePhotosArgs(args, { cwd, defaultPhotosDir: join(root, 'site', 'photos') });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`site:photos: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  const shown = (path: string) => relative(cwd, path) || '.';
  try {
    switch (command.kind) {
      case 'help':
        console.log(USAGE);
        return 0;
      case 'draw': {
        const { drawSitePhotos } = await import('./site-photos-drawn.js');
        const publicDir = command.outGiven ? command.photosDir : join(root, 'site', 'public');
        await drawSitePhotos(PHOTO_NAME, { photosDir: command.photosDir, publicDir });
        console.log(
          `The drawn placeholder photos are in ${shown(command.photosDir)}, the preview card in ${shown(publicDir)}.`,
        );
        return 0;
      }
      case 'photos': {
        const result = await convertHostPhotos(command.inputs, command.photosDir, PHOTO_NAME, {
          ...(command.footer ? { footer: command.footer } : {}),
        });
        for (const warning of result.warnings) console.warn(`site:photos: ${warning}`);
        console.log(`Wrote ${result.written.length} files to ${shown(command.photosDir)}:`);
        for (const [i, input] of command.inputs.entries()) {
          console.log(`  photo ${i + 1}: ${shown(input)} → ${PHOTO_NAME}-photobooth-${i + 1}.*`);
        }
        if (command.footer) {
          console.log(`  footer: ${shown(command.footer)} → ${PHOTO_NAME}-footer.*`);
        }
        console.log(
          'Now describe each photo for screen readers (Invitation tab of /host, or photos[].alt in site/content/invitation.ts before the first start), then npm run build.',
        );
        return 0;
      }
    }
  } catch (error) {
    console.error(`site:photos: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
