/**
 * The site's drawn placeholder images, the default until hosts bring their own photos: Chromium
 * renders the SVG art of `site-photo-art.ts` into the four photobooth photos (every size and
 * format the site serves), the footer image `{name}-footer.png` (160 × 160, shown at 80 px)
 * with a WebP copy, and the generic link-preview card `site/public/preview-card.jpg`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import {
  AVIFENC,
  CWEBP,
  footerFileNames,
  PHOTO_WIDTHS,
  photoHeight,
  photoSizes,
  requireTools,
  writeFooterWebp,
  writeModernFormats,
} from '../server/site/photos/photo-pipeline.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path.mjs';
import { footerArt, photoboothArt, previewCardArt } from './site-photo-art.js';

/** Draws every placeholder image of `name` into `photosDir` and the preview card into `publicDir`. */
export async function drawSitePhotos(
  name: string,
  dirs: { photosDir: string; publicDir: string },
): Promise<void> {
  const tools = await requireTools([CWEBP, AVIFENC]);
  const cwebp = tools.get(CWEBP) ?? 'cwebp';
  const avifenc = tools.get(AVIFENC) ?? 'avifenc';
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

    mkdirSync(dirs.photosDir, { recursive: true });
    mkdirSync(dirs.publicDir, { recursive: true });
    const base = PHOTO_WIDTHS[0];
    for (const [index, svg] of photoboothArt().entries()) {
      for (const size of photoSizes(name, index + 1)) {
        const jpeg = join(dirs.photosDir, size.jpeg);
        const viewport = { width: base, height: photoHeight(base), scale: size.width / base };
        await render(svg, viewport, jpeg, 'jpeg');
        await writeModernFormats({ cwebp, avifenc }, jpeg, {
          webp: join(dirs.photosDir, size.webp),
          avif: join(dirs.photosDir, size.avif),
        });
      }
    }

    const footer = footerFileNames(name);
    const png = join(dirs.photosDir, footer.png);
    await render(footerArt(), { width: 80, height: 80, scale: 2 }, png, 'png');
    await writeFooterWebp(cwebp, png, join(dirs.photosDir, footer.webp));

    await render(
      previewCardArt(),
      { width: 1200, height: 630, scale: 1 },
      join(dirs.publicDir, 'preview-card.jpg'),
      'jpeg',
    );
  } finally {
    await browser.close();
  }
}
