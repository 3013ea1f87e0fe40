/**
 * `npm run site:photos`: draws the site's images and writes them into the repository, where
 * they are committed (so builds need none of these tools):
 *
 * - `site/photos/{name}-photobooth-1.jpg` … `-4.jpg` (800 × 1000) with 400 px wide copies and
 *   WebP and AVIF versions of both sizes, and the footer image `{name}-footer.png` (160 × 160,
 *   shown at 80 px) with a WebP copy. These are private: the server gives them to invited
 *   guests only.
 * - `site/public/preview-card.jpg` (1200 × 630), the generic link-preview image.
 *
 * Chromium renders the SVG art of `site-photo-art.ts`; `cwebp` and `avifenc` (Debian:
 * `apt-get install webp libavif-bin`) make the modern formats.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { PHOTO_NAME } from '../site/content/invitation.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path.mjs';
import { footerArt, photoboothArt, previewCardArt } from './site-photo-art.js';

const root = join(import.meta.dirname, '..');
const photosDir = join(root, 'site', 'photos');
const publicDir = join(root, 'site', 'public');

/** The widths every photobooth photo is written in; the largest is the plain `.jpg`. */
export const PHOTO_WIDTHS = [400, 800] as const;

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

const browser = await chromium.launch({
  executablePath: await chromiumPath(),
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage();
  /** Renders `svg` at `width` × `height` CSS pixels times `scale` into `path`. */
  const render = async (
    svg: string,
    size: { width: number; height: number; scale: number },
    path: string,
    type: 'jpeg' | 'png',
  ) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size.width}px;height:${size.height}px}</style>${svg}`,
    );
    // The viewport's device scale comes from a fresh context; emulate it with CSS zoom instead.
    await page.evaluate((scale) => {
      document.body.style.zoom = String(scale);
    }, size.scale);
    await page.setViewportSize({
      width: size.width * size.scale,
      height: size.height * size.scale,
    });
    await page.screenshot({
      path,
      type,
      omitBackground: type === 'png',
      ...(type === 'jpeg' ? { quality: 82 } : {}),
    });
  };

  rmSync(photosDir, { recursive: true, force: true });
  mkdirSync(photosDir, { recursive: true });
  mkdirSync(publicDir, { recursive: true });

  for (const [index, svg] of photoboothArt().entries()) {
    const base = join(photosDir, `${PHOTO_NAME}-photobooth-${index + 1}`);
    for (const width of PHOTO_WIDTHS) {
      const largest = width === PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
      const stem = largest ? base : `${base}-${width}w`;
      await render(svg, { width: 400, height: 500, scale: width / 400 }, `${stem}.jpg`, 'jpeg');
      run('cwebp', ['-quiet', '-q', '78', `${stem}.jpg`, '-o', `${base}-${width}w.webp`]);
      run('avifenc', [
        '--min',
        '20',
        '--max',
        '34',
        '-s',
        '4',
        `${stem}.jpg`,
        `${base}-${width}w.avif`,
      ]);
    }
  }

  const footer = join(photosDir, `${PHOTO_NAME}-footer`);
  await render(footerArt(), { width: 80, height: 80, scale: 2 }, `${footer}.png`, 'png');
  run('cwebp', ['-quiet', '-q', '85', '-alpha_q', '90', `${footer}.png`, '-o', `${footer}.webp`]);

  await render(
    previewCardArt(),
    { width: 1200, height: 630, scale: 1 },
    join(publicDir, 'preview-card.jpg'),
    'jpeg',
  );
  console.log(`site photos written to ${photosDir} and the preview card to ${publicDir}`);
} finally {
  await browser.close();
}
