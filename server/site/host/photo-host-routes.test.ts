/**
 * The photos over the hosts' API on a real server (SQLite, or PostgreSQL with
 * `VELVET_TEST_DATABASE_URL`), with the real image tools: a host uploads a JPEG drawn by
 * ImageMagick, and an invited guest gets the new photo at its old address (a new ETag) while a
 * stranger gets 401; a non-image, a body of another type, an unknown slot, an outsider and a
 * server without the tools (its `PATH` emptied) change nothing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { invitation, PHOTO_NAME } from '../../../site/content/invitation.js';
import { inviteGuest } from '../../cli/guest-list.js';
import { AVIFENC, CWEBP, findTool, IMAGEMAGICK } from '../photos/photo-pipeline.js';
import {
  type SiteTestServer,
  siteCookie,
  startSiteTestServer,
  writeSiteFolder,
} from '../site-test-server.js';

const HOST = '+14155550152';
const GUEST = '+14155550951';
const STRANGER = '+14155550952';
const PHOTO = `/${PHOTO_NAME}-photobooth-1.jpg`;

const found = await Promise.all([IMAGEMAGICK, CWEBP, AVIFENC].map((tool) => findTool(tool)));
const missing = [IMAGEMAGICK, CWEBP, AVIFENC].filter((_tool, i) => !found[i]);
const skip =
  missing.length > 0 &&
  `needs ${missing.map((tool) => tool.debianPackage).join(', ')} (apt-get install)`;

/** An image of `size` drawn by ImageMagick in `format` (`jpeg`, `png`). */
function draw(size: string, format = 'jpeg'): Buffer {
  return execFileSync(found[0] ?? 'convert', ['-size', size, 'plasma:fractal', `${format}:-`]);
}

describe('the photos over the hosts’ API', { skip }, () => {
  let server: SiteTestServer;
  let host: string;
  let guest: string;
  let stranger: string;
  const emptyPath = mkdtempSync(join(tmpdir(), 'velvet-no-image-tools-'));

  /** `PUT /host/api/photos/:slot` with `body` of `type`, as `token`'s browser on the page. */
  const upload = (slot: string, body: Buffer | string, type = 'image/jpeg', token = host) =>
    server.send('PUT', `/host/api/photos/${slot}`, token, { body, type });
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON bodies.
  const photos = async (): Promise<any> => {
    const response = await server.get('/host/api/photos', siteCookie(host));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    return response.json();
  };
  /** What the database holds: the stored files and the audit log. */
  const stored = async () => ({
    photos: await server.store.db
      .selectFrom('site_photos')
      .select(['name', 'hash'])
      .orderBy('name')
      .execute(),
    audit: await server.store.db.selectFrom('site_audit').select('summary').execute(),
  });

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({
        'index.html': '<!doctype html><title>Invitation</title>',
        [`photos${PHOTO}`]: 'the built photo',
        [`photos/${PHOTO_NAME}-footer.png`]: 'the built footer',
      }),
      { hosts: [HOST] },
    );
    await inviteGuest(server.store, server.project, GUEST, 'Ada Lovelace', server.clock.now());
    host = await server.signIn(HOST);
    guest = await server.signIn(GUEST);
    stranger = await server.signIn(STRANGER);
  });

  after(async () => {
    await server?.close();
    rmSync(emptyPath, { recursive: true, force: true });
  });

  test('GET /photos lists the five slots with their fixed names and the tools', async () => {
    const body = await photos();
    assert.deepEqual(body.tools, { available: true, missing: [], advice: '' });
    assert.deepEqual(body.photos[0], {
      slot: 'photobooth-1',
      file: invitation.photos[0]?.file,
      alt: invitation.photos[0]?.alt,
      url: PHOTO,
      uploaded_at: null,
    });
    assert.deepEqual(
      body.photos.map((photo: { slot: string; file: string; url: string }) => [
        photo.slot,
        photo.file,
        photo.url,
      ]),
      [
        ['photobooth-1', `${PHOTO_NAME}-photobooth-1`, `/${PHOTO_NAME}-photobooth-1.jpg`],
        ['photobooth-2', `${PHOTO_NAME}-photobooth-2`, `/${PHOTO_NAME}-photobooth-2.jpg`],
        ['photobooth-3', `${PHOTO_NAME}-photobooth-3`, `/${PHOTO_NAME}-photobooth-3.jpg`],
        ['photobooth-4', `${PHOTO_NAME}-photobooth-4`, `/${PHOTO_NAME}-photobooth-4.jpg`],
        ['footer', invitation.footer.image.file, `/${PHOTO_NAME}-footer.png`],
      ],
    );
  });

  test('a host uploads a photo: guests get it at the old address, strangers never', async () => {
    const built = await server.get(PHOTO, siteCookie(guest));
    assert.equal(await built.text(), 'the built photo');
    const builtEtag = built.headers.get('etag');

    const answer = await upload('photobooth-1', draw('1000x1250'));
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.photo.url, PHOTO);
    assert.equal(answer.json.photo.file, `${PHOTO_NAME}-photobooth-1`);
    assert.match(answer.json.photo.uploaded_at, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(answer.json.warnings, []);

    const fresh = await server.get(PHOTO, siteCookie(guest));
    assert.equal(fresh.status, 200);
    assert.equal(fresh.headers.get('content-type'), 'image/jpeg');
    assert.equal(fresh.headers.get('cache-control'), 'private, no-cache');
    assert.notEqual(fresh.headers.get('etag'), builtEtag);
    const bytes = Buffer.from(await fresh.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
    // The host previews it too.
    assert.equal((await server.get(PHOTO, siteCookie(host))).status, 200);
    for (const outsider of [undefined, stranger]) {
      const refused = await server.get(PHOTO, siteCookie(outsider));
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('cache-control'), 'no-store');
      const avif = await server.get(`/${PHOTO_NAME}-photobooth-1-400w.avif`, siteCookie(outsider));
      assert.equal(avif.status, 401);
    }

    const listed = await photos();
    assert.equal(listed.photos[0].uploaded_at, answer.json.photo.uploaded_at);
    assert.equal(listed.photos[1].uploaded_at, null);
    const { photos: rows, audit } = await stored();
    assert.equal(rows.length, 6, 'every width and format of the slot');
    assert.deepEqual(audit, [{ summary: 'Replaced photobooth photo 1' }]);

    // A PNG for the footer, smaller than its size: stored, with a warning.
    const footer = await upload('footer', draw('100x100', 'png'), 'image/png');
    assert.equal(footer.status, 200, footer.text);
    assert.match(footer.json.warnings[0], /100×100; it is enlarged to 160×160/);
    const png = await server.get(`/${PHOTO_NAME}-footer.png`, siteCookie(guest));
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.notEqual(await png.text(), 'the built footer');
  });

  test('a non-image, another body type, an unknown slot or an outsider changes nothing', async () => {
    const before = await stored();
    const script = await upload('photobooth-2', '#!/bin/sh\necho hi\n', 'image/png');
    assert.equal(script.status, 400);
    assert.equal(script.json.error, 'not_an_image');
    assert.equal(script.json.field, 'image');
    assert.match(script.json.message, /not an image this takes \(JPEG, PNG, WEBP\)/);

    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>';
    assert.equal((await upload('photobooth-2', svg, 'image/svg+xml')).status, 415);
    assert.equal((await upload('photobooth-2', '{"image":1}', 'application/json')).status, 415);
    assert.equal((await upload('photobooth-2', Buffer.alloc(0))).status, 400);
    const unknown = await upload('hero', draw('10x10'));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error, 'unknown_slot');
    const tooLarge = await upload('photobooth-2', Buffer.alloc(15 * 1024 * 1024 + 1, 0xff));
    assert.equal(tooLarge.status, 413);

    // '' sends no cookie at all.
    for (const outsider of ['', guest, stranger]) {
      const refused = await upload('photobooth-2', draw('10x10'), 'image/jpeg', outsider);
      assert.equal(refused.status, 404);
    }
    assert.deepEqual(await stored(), before);
  });

  test('without the image tools: GET says what to run, PUT answers 503 and stores nothing', async () => {
    const before = await stored();
    const image = draw('10x10');
    const path = process.env.PATH;
    process.env.PATH = emptyPath;
    try {
      const { tools } = await photos();
      assert.equal(tools.available, false);
      assert.deepEqual(tools.missing, ['ImageMagick', 'cwebp', 'avifenc']);
      assert.match(
        tools.advice,
        /run `npm run site:photos -- .*` on a machine with ImageMagick, webp and libavif-bin, then npm run build/,
      );
      const answer = await upload('photobooth-3', image);
      assert.equal(answer.status, 503);
      assert.equal(answer.json.error, 'image_tools_missing');
      assert.match(answer.json.message, /npm run site:photos/);
    } finally {
      process.env.PATH = path;
    }
    assert.deepEqual(await stored(), before);
    assert.equal((await photos()).tools.available, true, 'back once the tools are there');
  });
});
