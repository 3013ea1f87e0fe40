import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  AVIFENC,
  CWEBP,
  findTool,
  IMAGEMAGICK,
  photoFileNames,
} from '../server/site/photos/photo-pipeline.js';
import { PHOTO_NAME } from '../site/content/invitation.js';
import { parseSitePhotosArgs, UsageError } from './site-photo-files.js';

const root = join(import.meta.dirname, '..');
const script = join(root, 'scripts', 'site-photos.ts');

/** Runs `npm run site:photos -- …args` as npm would (from the root, `INIT_CWD` the caller's). */
function sitePhotos(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, INIT_CWD: options.cwd, ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const found = await Promise.all([IMAGEMAGICK, CWEBP, AVIFENC].map((tool) => findTool(tool)));
/** The image tools this machine lacks (the real conversion is skipped without them). */
const tools = [IMAGEMAGICK, CWEBP, AVIFENC].filter((_tool, i) => !found[i]);

describe('npm run site:photos (scripts/site-photos.ts)', () => {
  let dir: string;
  const defaults = () => ({ cwd: dir, defaultPhotosDir: join(dir, 'site-photos') });

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'velvet-site-photos-test-'));
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.webp', 'notes.txt', 'e.gif']) {
      writeFileSync(join(dir, name), 'not really an image');
    }
    mkdirSync(join(dir, 'four'));
    // File-name order with numbers as numbers: 2 before 10.
    for (const name of ['10.jpg', '2.jpg', '3.png', '1.jpg', 'readme.md', '.hidden.jpg']) {
      writeFileSync(join(dir, 'four', name), '');
    }
    mkdirSync(join(dir, 'three'));
    for (const name of ['1.jpg', '2.jpg', '3.jpg']) writeFileSync(join(dir, 'three', name), '');
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the files it writes are the ones the site serves: 4 photos × 2 widths × 3 formats', () => {
    const names = photoFileNames('juno-felix');
    assert.equal(names.length, 24);
    assert.deepEqual(
      names.filter((name) => name.startsWith('juno-felix-photobooth-1')),
      [
        'juno-felix-photobooth-1-400w.jpg',
        'juno-felix-photobooth-1-400w.webp',
        'juno-felix-photobooth-1-400w.avif',
        'juno-felix-photobooth-1.jpg',
        'juno-felix-photobooth-1-800w.webp',
        'juno-felix-photobooth-1-800w.avif',
      ],
    );
    for (const index of [2, 3, 4]) {
      assert.ok(names.includes(`juno-felix-photobooth-${index}.jpg`));
      assert.ok(names.includes(`juno-felix-photobooth-${index}-800w.avif`));
    }
  });

  test('no photo draws the placeholders; --out picks the folder; --help helps', () => {
    assert.deepEqual(parseSitePhotosArgs([], defaults()), {
      kind: 'draw',
      photosDir: join(dir, 'site-photos'),
      outGiven: false,
    });
    assert.deepEqual(parseSitePhotosArgs(['--out', 'x'], defaults()), {
      kind: 'draw',
      photosDir: join(dir, 'x'),
      outGiven: true,
    });
    assert.deepEqual(parseSitePhotosArgs(['a.jpg', '--help'], defaults()), { kind: 'help' });
  });

  test('four photos are taken in the order given, relative to where the command was typed', () => {
    const command = parseSitePhotosArgs(
      ['d.webp', 'a.jpg', '--out=out', 'c.png', 'b.JPEG'],
      defaults(),
    );
    assert.deepEqual(command, {
      kind: 'photos',
      inputs: ['d.webp', 'a.jpg', 'c.png', 'b.JPEG'].map((name) => join(dir, name)),
      photosDir: join(dir, 'out'),
    });
  });

  test('--footer takes the footer image, alone or with the four photos', () => {
    assert.deepEqual(parseSitePhotosArgs(['--footer', 'c.png'], defaults()), {
      kind: 'photos',
      inputs: [],
      photosDir: join(dir, 'site-photos'),
      footer: join(dir, 'c.png'),
    });
    const both = parseSitePhotosArgs(['four', '--footer=d.webp'], defaults());
    assert.equal(both.kind === 'photos' && both.inputs.length, 4);
    assert.equal(both.kind === 'photos' && both.footer, join(dir, 'd.webp'));
  });

  test('a folder gives its four photos in file-name order, numbers counted as numbers', () => {
    const command = parseSitePhotosArgs(['four'], defaults());
    assert.equal(command.kind, 'photos');
    assert.deepEqual(
      command.kind === 'photos' ? command.inputs : [],
      ['1.jpg', '2.jpg', '3.png', '10.jpg'].map((name) => join(dir, 'four', name)),
    );
  });

  test('anything else is a usage error that says what is wrong', () => {
    const fails = (args: string[], message: RegExp) =>
      assert.throws(
        () => parseSitePhotosArgs(args, defaults()),
        (error: unknown) => {
          assert.ok(error instanceof UsageError, String(error));
          assert.match(error.message, message);
          return true;
        },
      );
    fails(['a.jpg', 'b.JPEG', 'c.png'], /Give 4 photos.*not 3/);
    fails(['a.jpg', 'b.JPEG', 'c.png', 'd.webp', 'a.jpg'], /not 5/);
    fails(['a.jpg', 'b.JPEG', 'c.png', 'missing.jpg'], /No such file or folder: missing\.jpg/);
    fails(['a.jpg', 'b.JPEG', 'c.png', 'e.gif'], /e\.gif is not a photo/);
    fails(['three'], /three has 3 photos \(1\.jpg, 2\.jpg, 3\.jpg\); it needs exactly 4/);
    fails(['four', 'a.jpg'], /either four photos or one folder/);
    fails(['--out'], /--out needs a folder/);
    fails(['--colour'], /Unknown option --colour/);
    fails(['--footer'], /--footer needs an image/);
    fails(['--footer', 'missing.png'], /No such image: missing\.png/);
    fails(['--footer', 'e.gif'], /e\.gif is not an image this script reads/);
  });

  test('the command line: a usage error exits 2 with the help; missing tools are named', () => {
    const usage = sitePhotos(['a.jpg'], { cwd: dir });
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /Give 4 photos/);
    assert.match(usage.stderr, /npm run site:photos -- 1\.jpg 2\.jpg 3\.jpg 4\.jpg/);

    // No image tool on the PATH: each is named with the package that installs it.
    const emptyPath = mkdtempSync(join(tmpdir(), 'velvet-no-tools-'));
    try {
      const out = join(dir, 'untouched');
      const missing = sitePhotos(['four', '--out', out], { cwd: dir, env: { PATH: emptyPath } });
      assert.equal(missing.status, 1);
      assert.match(missing.stderr, /ImageMagick \(`magick` or `convert`\).*imagemagick/);
      assert.match(missing.stderr, /cwebp.*package webp/);
      assert.match(missing.stderr, /avifenc.*package libavif-bin/);
      assert.match(missing.stderr, /apt-get install imagemagick webp libavif-bin/);
      assert.throws(() => readdirSync(out), /ENOENT/, 'nothing was written');
    } finally {
      rmSync(emptyPath, { recursive: true, force: true });
    }
  });

  test('a real run turns four photos of any shape into every file the site serves', {
    skip:
      tools.length > 0 &&
      `needs ${tools.map((tool) => tool.debianPackage).join(', ')} (apt-get install)`,
  }, async () => {
    const magick = (await findTool(IMAGEMAGICK)) ?? 'convert';
    const photos = join(dir, 'real');
    mkdirSync(photos);
    // Landscape, portrait, square and a PNG, smaller than the largest size.
    const shapes = ['640x480', '300x600', '500x500', '900x300'];
    for (const [i, shape] of shapes.entries()) {
      const file = join(photos, `${i + 1}.${i === 3 ? 'png' : 'jpg'}`);
      const made = spawnSync(magick, ['-size', shape, 'gradient:#ff8fc0-#1d1230', file]);
      assert.equal(made.status, 0, String(made.stderr));
    }
    const out = join(dir, 'real-out');
    mkdirSync(out);
    writeFileSync(join(out, `${PHOTO_NAME}-footer.png`), 'the footer stays');

    const run = sitePhotos(['real', '--out', 'real-out'], { cwd: dir });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Wrote 24 files to real-out/);
    assert.match(run.stderr, /1\.jpg is 640×480; it is enlarged/);

    assert.deepEqual(
      readdirSync(out).sort(),
      [...photoFileNames(PHOTO_NAME), `${PHOTO_NAME}-footer.png`].sort(),
    );
    assert.equal(readFileSync(join(out, `${PHOTO_NAME}-footer.png`), 'utf8'), 'the footer stays');
    const size = (file: string) =>
      spawnSync(magick, [`${join(out, file)}[0]`, '-format', '%wx%h', 'info:'], {
        encoding: 'utf8',
      }).stdout.trim();
    for (let index = 1; index <= 4; index++) {
      const base = `${PHOTO_NAME}-photobooth-${index}`;
      assert.equal(size(`${base}.jpg`), '800x1000');
      assert.equal(size(`${base}-400w.jpg`), '400x500');
      const webp = readFileSync(join(out, `${base}-800w.webp`));
      assert.equal(webp.subarray(0, 4).toString('latin1'), 'RIFF');
      assert.equal(webp.subarray(8, 12).toString('latin1'), 'WEBP');
      const avif = readFileSync(join(out, `${base}-400w.avif`));
      assert.equal(avif.subarray(4, 12).toString('latin1'), 'ftypavif');
    }
  });

  test('a real run of --footer writes the footer image alone, square, PNG and WebP', {
    skip:
      tools.length > 0 &&
      `needs ${tools.map((tool) => tool.debianPackage).join(', ')} (apt-get install)`,
  }, async () => {
    const magick = (await findTool(IMAGEMAGICK)) ?? 'convert';
    const image = join(dir, 'footer-source.jpg');
    const made = spawnSync(magick, ['-size', '600x300', 'gradient:#ffd700-#1d1230', image]);
    assert.equal(made.status, 0, String(made.stderr));
    const out = join(dir, 'footer-out');
    mkdirSync(out);
    writeFileSync(join(out, `${PHOTO_NAME}-photobooth-1.jpg`), 'the photo stays');

    const run = sitePhotos(['--footer', 'footer-source.jpg', '--out', 'footer-out'], { cwd: dir });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Wrote 2 files to footer-out/);
    assert.match(run.stdout, /footer: footer-source\.jpg → juno-felix-footer\.\*/);
    assert.deepEqual(readdirSync(out).sort(), [
      `${PHOTO_NAME}-footer.png`,
      `${PHOTO_NAME}-footer.webp`,
      `${PHOTO_NAME}-photobooth-1.jpg`,
    ]);
    const png = readFileSync(join(out, `${PHOTO_NAME}-footer.png`));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    const size = spawnSync(
      magick,
      [join(out, `${PHOTO_NAME}-footer.png`), '-format', '%wx%h', 'info:'],
      {
        encoding: 'utf8',
      },
    ).stdout.trim();
    assert.equal(size, '160x160');
    const webp = readFileSync(join(out, `${PHOTO_NAME}-footer.webp`));
    assert.equal(webp.subarray(8, 12).toString('latin1'), 'WEBP');
    assert.equal(
      readFileSync(join(out, `${PHOTO_NAME}-photobooth-1.jpg`), 'utf8'),
      'the photo stays',
    );
  });
});
