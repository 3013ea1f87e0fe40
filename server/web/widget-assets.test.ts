import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { precompressFiles } from '../../scripts/precompress.js';
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
