import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { precompressFiles } from '../../scripts/precompress.js';
import { startTestServer } from '../test/test-server.js';
import { demoRoutes } from './demo.js';

const INDEX = `<!doctype html><html lang="en"><title>Velvet sign-in widget: demo</title>
<script type="module" src="/demo/assets/index-Ab12Cd34.js"></script><main id="demo"></main>`;
const SCRIPT = `console.log(${JSON.stringify('the demo '.repeat(200))});`;

describe('GET /demo/ (the built demo page)', () => {
  let dir: string;
  let app: FastifyInstance;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'velvet-demo-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    await precompressFiles([join(dir, 'index.html'), join(dir, 'assets', 'index-Ab12Cd34.js')]);
    app = Fastify();
    assert.equal(await demoRoutes(app, dir), true);
    await app.ready();
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the page is at /demo/ and revalidated on each visit', async () => {
    const answer = await app.inject({ url: '/demo/' });
    assert.equal(answer.statusCode, 200);
    assert.match(String(answer.headers['content-type']), /^text\/html/);
    assert.equal(answer.headers['cache-control'], 'no-cache');
    assert.equal(answer.body, INDEX);
    const again = await app.inject({
      url: '/demo/',
      headers: { 'if-none-match': String(answer.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  });

  test('a browser that takes Brotli or gzip gets the page compressed', async () => {
    const br = await app.inject({
      url: '/demo/',
      headers: { 'accept-encoding': 'gzip, br, zstd' },
    });
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), INDEX);
    const gzip = await app.inject({ url: '/demo/', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.rawPayload).toString(), INDEX);
  });

  test('/demo with shared settings redirects to /demo/ keeping them', async () => {
    const query = `?config=${encodeURIComponent('{"products":["otp"]}')}`;
    const answer = await app.inject({ url: `/demo${query}` });
    assert.equal(answer.statusCode, 301);
    assert.equal(answer.headers.location, `/demo/${query}`);
    const page = await app.inject({ url: `/demo/${query}` });
    assert.equal(page.statusCode, 200);
    assert.equal(page.body, INDEX);
  });

  test('hashed assets are cached for a year and sent compressed to a browser that takes it', async () => {
    const answer = await app.inject({
      url: '/demo/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(answer.rawPayload).toString(), SCRIPT);
  });

  test('a file the build did not make is a 404', async () => {
    assert.equal((await app.inject({ url: '/demo/assets/missing-Zz99Yy88.js' })).statusCode, 404);
    assert.equal((await app.inject({ url: '/demo/../package.json' })).statusCode, 404);
  });

  test('without a build nothing is registered', async () => {
    const bare = Fastify();
    assert.equal(await demoRoutes(bare, join(dir, 'not-built')), false);
    await bare.ready();
    assert.equal((await bare.inject({ url: '/demo/' })).statusCode, 404);
    await bare.close();
  });
});

describe('the demo in production', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'velvet-demo-'));
    writeFileSync(join(dir, 'index.html'), INDEX);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [label, config, status] of [
    ['is not served in production', { production: true, demo: false }, 404],
    ['is served in production when VELVET_DEMO=true', { production: true, demo: true }, 200],
    ['is served in development', { production: false, demo: true }, 200],
  ] as const) {
    test(`the playground ${label}`, async () => {
      const server = await startTestServer({ config, demoDir: dir });
      try {
        for (const path of ['/demo/', '/demo/index.html']) {
          const answer = await fetch(`${server.url}${path}`);
          assert.equal(answer.status, status, path);
          if (status === 200) assert.equal(await answer.text(), INDEX);
          else assert.doesNotMatch(await answer.text(), /Velvet sign-in widget: demo/);
        }
      } finally {
        await server.close();
      }
    });
  }
});
