import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { precompressFiles } from '../../scripts/precompress.js';
import { recordWidgetVersion, type WidgetIntegrity } from '../../scripts/widget-versions.js';
import { widgetAssetRoutes } from './widget-assets.js';

/** A built widget in miniature: an entry with a stable name and a hashed lazy chunk. */
const ENTRY = `import('../routes/chunks/otp-Ab12Cd34.js');${'customElements.define("velvet-login", class extends HTMLElement {});\n'.repeat(40)}`;
const CHUNK = `export const otp = ${JSON.stringify('passcode '.repeat(200))};`;

describe('GET /widget/… (the built widget)', () => {
  let dir: string;
  let app: FastifyInstance;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'velvet-widget-'));
    mkdirSync(join(dir, 'chunks'));
    writeFileSync(join(dir, 'velvet.js'), ENTRY);
    writeFileSync(join(dir, 'chunks', 'otp-Ab12Cd34.js'), CHUNK);
    mkdirSync(join(dir, 'chunks', 'phone-metadata-1.13.16'));
    writeFileSync(join(dir, 'chunks', 'phone-metadata-1.13.16', 'phone-44.js'), CHUNK);
    await precompressFiles([join(dir, 'velvet.js'), join(dir, 'chunks', 'otp-Ab12Cd34.js')]);
    app = Fastify();
    assert.equal(await widgetAssetRoutes(app, dir), true);
    await app.ready();
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  test('a browser that accepts Brotli gets the .br copy, marked as varying by Accept-Encoding', async () => {
    const answer = await get('/widget/velvet.js', 'gzip, deflate, br, zstd');
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.match(String(answer.headers.vary), /accept-encoding/i);
    assert.match(
      String(answer.headers['content-type']),
      /^text\/javascript|^application\/javascript/,
    );
    assert.ok(answer.rawPayload.length < ENTRY.length / 4, 'the body is compressed');
    assert.equal(brotliDecompressSync(answer.rawPayload).toString(), ENTRY);
  });

  test('a client that accepts only gzip gets the .gz copy', async () => {
    const answer = await get('/widget/velvet.js', 'gzip');
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers['content-encoding'], 'gzip');
    assert.match(String(answer.headers.vary), /accept-encoding/i);
    assert.match(String(answer.headers['content-type']), /javascript/);
    assert.equal(gunzipSync(answer.rawPayload).toString(), ENTRY);
  });

  test('a client that accepts no encoding gets the file itself, still varying', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const answer = await get('/widget/velvet.js', acceptEncoding);
      assert.equal(answer.statusCode, 200);
      assert.equal(answer.headers['content-encoding'], undefined);
      assert.match(String(answer.headers.vary), /accept-encoding/i);
      assert.equal(answer.body, ENTRY);
    }
  });

  test('any origin may load it: CORS * and a cross-origin resource policy, compressed or not', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const answer = await get('/widget/velvet.js', acceptEncoding);
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      assert.equal(answer.headers['cross-origin-resource-policy'], 'cross-origin');
    }
  });

  test('hashed chunks are cached for a year, the stable entry for five minutes', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const chunk = await get('/widget/chunks/otp-Ab12Cd34.js', acceptEncoding);
      assert.equal(chunk.statusCode, 200);
      assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
      const entry = await get('/widget/velvet.js', acceptEncoding);
      assert.equal(entry.headers['cache-control'], 'public, max-age=300, must-revalidate');
      // Phone metadata is named for libphonenumber-js's version, not hashed: as immutable.
      const metadata = await get(
        '/widget/chunks/phone-metadata-1.13.16/phone-44.js',
        acceptEncoding,
      );
      assert.equal(metadata.statusCode, 200);
      assert.equal(metadata.headers['cache-control'], 'public, max-age=31536000, immutable');
    }
  });

  test('a file that was not built is a 404, whatever the encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      assert.equal((await get('/widget/missing.js', acceptEncoding)).statusCode, 404);
    }
  });

  test('no bundle directory: nothing is served and the caller is told', async () => {
    const bare = Fastify();
    assert.equal(await widgetAssetRoutes(bare, join(dir, 'not-built')), false);
    await bare.close();
  });
});

/**
 * A miniature release in `dir`: an entry that loads a chunk, as the build names them, the chunk,
 * and their compressed copies; resolves to the entry's text.
 */
async function writeRelease(dir: string, chunk: string, extraEntry?: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'chunks'), { recursive: true });
  const entry = `import(\`./chunks/${chunk}\`);${'customElements.define("velvet-login", class extends HTMLElement {});\n'.repeat(40)}`;
  writeFileSync(join(dir, 'velvet.js'), entry);
  writeFileSync(join(dir, 'chunks', chunk), `${CHUNK}// ${chunk}\n`);
  const files = [join(dir, 'velvet.js'), join(dir, 'chunks', chunk)];
  if (extraEntry) {
    writeFileSync(join(dir, extraEntry), `export const removed = ${JSON.stringify(extraEntry)};`);
    files.push(join(dir, extraEntry));
  }
  await precompressFiles(files);
  return entry;
}

describe('GET /widget/v<version>/… (the versioned, immutable URLs), over HTTP', () => {
  let root: string;
  let widgetDir: string;
  let app: FastifyInstance;
  let base: string;
  let previousEntry: string;
  let currentEntry: string;
  const PREVIOUS_CHUNK = 'otp-product-Prev1234.js';
  const CURRENT_CHUNK = 'otp-product-Curr5678.js';

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'velvet-widget-versions-'));
    widgetDir = join(root, 'widget');
    const versionsDir = join(root, 'widget-versions');
    // Version 1.9.0 is built and kept; then 1.10.0 (newer, though it sorts before as text).
    previousEntry = await writeRelease(widgetDir, PREVIOUS_CHUNK, 'legacy.js');
    recordWidgetVersion(widgetDir, versionsDir, '1.9.0');
    currentEntry = await writeRelease(widgetDir, CURRENT_CHUNK);
    recordWidgetVersion(widgetDir, versionsDir, '1.10.0');
    app = Fastify();
    assert.equal(await widgetAssetRoutes(app, widgetDir), true);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string, acceptEncoding = 'gzip, deflate, br') =>
    fetch(new URL(path, base), { headers: { 'accept-encoding': acceptEncoding } });

  test('the current version answers with the alias bytes, immutable for a year, open to any origin', async () => {
    const versioned = await get('/widget/v1.10.0/velvet.js');
    assert.equal(versioned.status, 200);
    assert.equal(versioned.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(versioned.headers.get('content-encoding'), 'br');
    assert.equal(versioned.headers.get('access-control-allow-origin'), '*');
    assert.equal(versioned.headers.get('cross-origin-resource-policy'), 'cross-origin');
    const alias = await get('/widget/velvet.js');
    assert.equal(alias.headers.get('cache-control'), 'public, max-age=300, must-revalidate');
    const bytes = await versioned.text();
    assert.equal(bytes, await alias.text());
    assert.equal(bytes, currentEntry);
  });

  test("a chunk the versioned entry imports loads from the version's own path", async () => {
    const entryUrl = new URL('/widget/v1.10.0/velvet.js', base);
    const [, specifier] = /import\(`([^`]+)`\)/.exec(await (await fetch(entryUrl)).text()) ?? [];
    assert.ok(specifier);
    const chunkUrl = new URL(specifier, entryUrl);
    assert.equal(chunkUrl.pathname, `/widget/v1.10.0/chunks/${CURRENT_CHUNK}`);
    const chunk = await fetch(chunkUrl);
    assert.equal(chunk.status, 200);
    assert.match(String(chunk.headers.get('content-type')), /javascript/);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(await chunk.text(), new RegExp(CURRENT_CHUNK));
  });

  test('after the upgrade the previous version is still whole: its entry, chunks and files', async () => {
    const entry = await get('/widget/v1.9.0/velvet.js');
    assert.equal(entry.status, 200);
    assert.equal(entry.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(await entry.text(), previousEntry);
    const chunk = await get(`/widget/v1.9.0/chunks/${PREVIOUS_CHUNK}`);
    assert.equal(chunk.status, 200);
    assert.match(await chunk.text(), new RegExp(PREVIOUS_CHUNK));
    assert.equal((await get('/widget/v1.9.0/legacy.js')).status, 200);
    // Not mixed up with the current version.
    assert.equal((await get(`/widget/v1.9.0/chunks/${CURRENT_CHUNK}`)).status, 404);
    assert.equal((await get(`/widget/v1.10.0/chunks/${PREVIOUS_CHUNK}`)).status, 404);
  });

  test("a page holding the alias's old entry still gets its chunks; an old entry is gone from the alias", async () => {
    const chunk = await get(`/widget/chunks/${PREVIOUS_CHUNK}`);
    assert.equal(chunk.status, 200);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(await chunk.text(), new RegExp(PREVIOUS_CHUNK));
    assert.equal((await get('/widget/legacy.js')).status, 404);
  });

  test('a version that was not built, or a file it lacks, is a 404', async () => {
    for (const path of [
      '/widget/v9.9.9/velvet.js',
      `/widget/v9.9.9/chunks/${CURRENT_CHUNK}`,
      '/widget/v1.10.0/missing.js',
      '/widget/v1.10.0/',
      '/widget/vlatest/velvet.js',
    ]) {
      assert.equal((await get(path)).status, 404, path);
    }
  });

  test('the integrity hashes in integrity.json are those of the bytes served', async () => {
    for (const [version, entry] of [
      ['1.10.0', currentEntry],
      ['1.9.0', previousEntry],
    ] as const) {
      const answer = await get(`/widget/v${version}/integrity.json`);
      assert.equal(answer.status, 200);
      const integrity = (await answer.json()) as WidgetIntegrity;
      assert.equal(integrity.version, version);
      const served = Buffer.from(await (await get(`/widget/v${version}/velvet.js`)).arrayBuffer());
      assert.equal(served.toString(), entry);
      const digest = createHash('sha384').update(served).digest('base64');
      assert.equal(integrity.files['velvet.js'], `sha384-${digest}`);
    }
    // The alias's copy names the current version, for the demo's embed code.
    const alias = (await (await get('/widget/integrity.json')).json()) as WidgetIntegrity;
    assert.equal(alias.version, '1.10.0');
    assert.deepEqual(Object.keys(alias.files), ['velvet.js']);
  });

  test('a rebuild of the same version replaces its copy and says when the entries changed', () => {
    const versionsDir = join(root, 'widget-versions');
    const again = recordWidgetVersion(widgetDir, versionsDir, '1.10.0');
    assert.equal(again.replacedDifferent, false);
    writeFileSync(join(widgetDir, 'velvet.js'), `${currentEntry}// changed\n`);
    const changed = recordWidgetVersion(widgetDir, versionsDir, '1.10.0');
    assert.equal(changed.replacedDifferent, true);
    writeFileSync(join(widgetDir, 'velvet.js'), currentEntry);
    recordWidgetVersion(widgetDir, versionsDir, '1.10.0');
  });
});
