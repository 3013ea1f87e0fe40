/**
 * An upload through the site's photo pipeline on a real server and database: a real JPEG drawn by
 * ImageMagick becomes every file of its slot, stored in `site_photos` and served at the slot's old
 * URLs in place of the built files, to invited guests only; a refused image or missing tools
 * change nothing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PHOTO_NAME } from '../../../site/content/invitation.js';
import { type SiteTestServer, startSiteTestServer, writeSiteFolder } from '../site-test-server.js';
import {
  AVIFENC,
  CWEBP,
  findTool,
  IMAGEMAGICK,
  ImageToolsMissingError,
  PhotoInputError,
  slotFileNames,
} from './photo-pipeline.js';
import { SitePhotoRepository } from './photo-repository.js';
import { PhotoUploads } from './photo-uploads.js';

/** The slots' names, which the site serves stored photos under. */
const NAME = PHOTO_NAME;
const GUEST = '+14155550741';
const STRANGER = '+14155550742';

const found = await Promise.all([IMAGEMAGICK, CWEBP, AVIFENC].map((tool) => findTool(tool)));
const missing = [IMAGEMAGICK, CWEBP, AVIFENC].filter((_tool, i) => !found[i]);
const skip =
  missing.length > 0 &&
  `needs ${missing.map((tool) => tool.debianPackage).join(', ')} (apt-get install)`;

/** A JPEG of `size` drawn by ImageMagick, a gradient between two colours. */
function drawJpeg(size: string, colours: string): Buffer {
  return execFileSync(found[0] ?? 'convert', ['-size', size, `gradient:${colours}`, 'jpeg:-']);
}

describe('photo uploads (server/site/photos/photo-uploads.ts)', { skip }, () => {
  let server: SiteTestServer;
  let guest: Record<string, string>;
  let stranger: Record<string, string>;
  let uploads: PhotoUploads;
  let repository: SitePhotoRepository;
  let env: NodeJS.ProcessEnv = process.env;
  const emptyPath = mkdtempSync(join(tmpdir(), 'velvet-no-image-tools-'));

  before(async () => {
    const index = '<!doctype html><html><head><title>Site</title></head><body></body></html>';
    server = await startSiteTestServer(
      writeSiteFolder({
        'index.html': index,
        [`photos/${NAME}-photobooth-2.jpg`]: 'the built photo',
        [`photos/${NAME}-photobooth-2-400w.avif`]: 'the built avif',
        [`photos/${NAME}-footer.png`]: 'the built footer',
        'preview-card.jpg': 'public card',
      }),
    );
    const cookie = (token: string) => ({ cookie: `velvet_site_session=${token}` });
    guest = cookie(await server.signIn(GUEST));
    await server.setInvited(GUEST, true);
    stranger = cookie(await server.signIn(STRANGER));
    repository = new SitePhotoRepository(server.store.db);
    uploads = new PhotoUploads({
      photos: repository,
      projectId: server.project.projectId,
      name: NAME,
      clock: server.clock.now,
      env: () => env,
    });
  });

  after(async () => {
    await server?.close();
    rmSync(emptyPath, { recursive: true, force: true });
  });

  test('before any upload, guests get the built photo', async () => {
    const response = await server.get(`/${NAME}-photobooth-2.jpg`, guest);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'the built photo');
  });

  test('an upload replaces every file of the slot, served at the old URLs to guests only', async () => {
    const before = await server.get(`/${NAME}-photobooth-2.jpg`, guest);
    const builtEtag = before.headers.get('etag');
    const upload = await uploads.upload('photobooth-2', drawJpeg('1600x1200', '#ff8fc0-#1d1230'));
    assert.deepEqual(
      upload.files.map((file) => file.name).sort(),
      slotFileNames(NAME, 'photobooth-2').sort(),
    );
    assert.deepEqual(upload.warnings, []);

    const response = await server.get(`/${NAME}-photobooth-2.jpg`, guest);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/jpeg');
    assert.equal(response.headers.get('cache-control'), 'private, no-cache');
    const etag = response.headers.get('etag') ?? '';
    assert.match(etag, /^"[0-9a-f]{32}"$/);
    assert.notEqual(etag, builtEtag);
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.equal(Number(response.headers.get('content-length')), bytes.byteLength);
    const size = execFileSync(found[0] ?? 'convert', ['jpeg:-', '-format', '%wx%h', 'info:'], {
      input: bytes,
      encoding: 'utf8',
    });
    assert.equal(size, '800x1000');

    const avif = await server.get(`/${NAME}-photobooth-2-400w.avif`, guest);
    assert.equal(avif.headers.get('content-type'), 'image/avif');
    const avifBytes = Buffer.from(await avif.arrayBuffer());
    assert.equal(avifBytes.subarray(4, 12).toString('latin1'), 'ftypavif');
    const webp = await server.get(`/${NAME}-photobooth-2-800w.webp`, guest);
    assert.equal(webp.status, 200, 'a file the build never had is served too');

    const again = await server.get(`/${NAME}-photobooth-2.jpg`, {
      ...guest,
      'if-none-match': etag,
    });
    assert.equal(again.status, 304);

    for (const headers of [{}, stranger, { cookie: 'velvet_site_session=made-up' }]) {
      const refused = await server.get(`/${NAME}-photobooth-2.jpg`, headers);
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('cache-control'), 'no-store');
      assert.doesNotMatch(await refused.text(), /JFIF|\u00ff\u00d8/);
      assert.equal((await server.get(`/${NAME}-photobooth-2-800w.webp`, headers)).status, 401);
    }
    assert.equal((await server.get('/preview-card.jpg')).status, 200, 'public files stay public');

    // A second upload: the same URL, new bytes, a new ETag.
    await uploads.upload('photobooth-2', drawJpeg('900x1200', '#20c0ff-#000000'));
    const replaced = await server.get(`/${NAME}-photobooth-2.jpg`, guest);
    assert.notEqual(replaced.headers.get('etag'), etag);
    assert.notDeepEqual(Buffer.from(await replaced.arrayBuffer()), bytes);
    const rows = await repository.list(server.project.projectId);
    assert.equal(rows.length, 6, 'the slot has its six files, no more');
  });

  test('the footer slot: a 160 px square PNG (and WebP) in place of the built footer', async () => {
    const upload = await uploads.upload('footer', drawJpeg('150x120', '#ffd700-#1d1230'));
    assert.deepEqual(upload.warnings, [
      'The image is 150×120; it is enlarged to 160×160 and will look soft.',
    ]);
    const png = await server.get(`/${NAME}-footer.png`, guest);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    const size = execFileSync(found[0] ?? 'convert', ['png:-', '-format', '%wx%h', 'info:'], {
      input: bytes,
      encoding: 'utf8',
    });
    assert.equal(size, '160x160');
    const webp = await server.get(`/${NAME}-footer.webp`, guest);
    assert.equal(webp.headers.get('content-type'), 'image/webp');
    assert.equal((await server.get(`/${NAME}-footer.png`, stranger)).status, 401);
  });

  test('a photo is turned upright by its EXIF orientation, which is then stripped', async () => {
    // A landscape JPEG whose EXIF says "turn a quarter clockwise": red on top, blue below.
    const jpeg = drawJpeg('400x200', 'red-blue');
    const tiff = Buffer.from([
      ...[0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0],
      ...[1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0],
    ]);
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(exif.length + 2);
    const turned = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xe1]),
      length,
      exif,
      jpeg.subarray(2),
    ]);
    const upload = await uploads.upload('photobooth-3', turned);
    assert.deepEqual(upload.warnings, [
      'The image is 200×400; it is enlarged to 800×1000 and will look soft.',
    ]);
    const response = await server.get(`/${NAME}-photobooth-3.jpg`, guest);
    const bytes = Buffer.from(await response.arrayBuffer());
    const read = (format: string) =>
      execFileSync(found[0] ?? 'convert', ['jpeg:-', '-format', format, 'info:'], {
        input: bytes,
        encoding: 'utf8',
      });
    assert.equal(read('%wx%h'), '800x1000');
    // Upright, red is on the right and blue on the left.
    const [left = '', right = ''] = read('%[pixel:p{5,500}] %[pixel:p{794,500}]').split(' ');
    assert.match(left, /^srgb\(\d,\d,2[45]\d\)$|blue/, left);
    assert.match(right, /^srgb\(2[45]\d,\d,\d\)$|red/, right);
    assert.equal(read('%[orientation]'), 'Undefined', 'the EXIF is gone');

    // A WebP is taken too.
    const webp = execFileSync(found[0] ?? 'convert', ['-size', '800x1000', 'plasma:', 'webp:-']);
    assert.deepEqual((await uploads.upload('photobooth-4', webp)).warnings, []);
  });

  test('a non-image, or one too large, is refused with a clear message and nothing changes', async () => {
    const before = await repository.list(server.project.projectId);
    const refuses = async (image: Uint8Array, pattern: RegExp, code: string) =>
      assert.rejects(uploads.upload('photobooth-2', image), (error: unknown) => {
        assert.ok(error instanceof PhotoInputError, String(error));
        assert.match(error.message, pattern);
        assert.equal(error.code, code);
        return true;
      });
    await refuses(
      Buffer.from('#!/bin/sh\necho hello\n'),
      /not an image this takes \(JPEG, PNG, WEBP\)/,
      'not_an_image',
    );
    await refuses(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
      /not an image/,
      'not_an_image',
    );
    // A JPEG's first bytes over something else.
    await refuses(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
      /could not be read as a JPEG/,
      'unreadable_image',
    );
    // 8000 × 6000 is 48 megapixels: refused from its header, before any decoding.
    await refuses(
      drawJpeg('8000x6000', '#000000-#ffffff'),
      /48\.0 megapixels\); the most is 40/,
      'image_too_large',
    );
    const big = Buffer.concat([drawJpeg('10x10', '#000-#fff'), Buffer.alloc(16 * 1024 * 1024)]);
    await refuses(big, /is 16 MB; the most is 15 MB/, 'image_too_large');
    assert.deepEqual(await repository.list(server.project.projectId), before);
  });

  test('without the image tools the status names them and an upload stores nothing', async () => {
    env = { ...process.env, PATH: emptyPath };
    try {
      const status = await uploads.toolStatus();
      assert.equal(status.available, false);
      assert.deepEqual(status.missing, ['ImageMagick', 'cwebp', 'avifenc']);
      assert.match(status.advice, /npm run site:photos -- /);
      assert.match(status.advice, /ImageMagick, webp and libavif-bin, then npm run build/);
      const before = await repository.list(server.project.projectId);
      await assert.rejects(
        uploads.upload('photobooth-1', drawJpeg('10x10', '#000-#fff')),
        ImageToolsMissingError,
      );
      assert.deepEqual(await repository.list(server.project.projectId), before);
    } finally {
      env = process.env;
    }
    assert.deepEqual(await uploads.toolStatus(), { available: true, missing: [], advice: '' });
  });
});
