/**
 * The manifest the server serves with the widget (`scripts/served-manifest.ts`), as an editor or
 * a tool fetching `/widget/custom-elements.json` gets it: after the widget's build
 * (`scripts/build.ts --widget`, run here when `dist/` lacks it), served by the server's widget routes, each module it
 * names is a served entry beside it (also under the version's path) that exports what the
 * manifest says, and no source path is left.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { Package } from 'custom-elements-manifest/schema';
import Fastify, { type FastifyInstance } from 'fastify';
import { widgetAssetRoutes } from '../server/web/widget-assets.js';
import { moduleExports } from './module-imports.js';
import { ensureWidgetBuild } from './widget-build.js';

const root = join(import.meta.dirname, '..');

describe('/widget/custom-elements.json (scripts/served-manifest.ts)', () => {
  let app: FastifyInstance;
  let version: string;

  before(async () => {
    ensureWidgetBuild();
    ({ version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    });
    app = Fastify();
    assert.equal(await widgetAssetRoutes(app, join(root, 'dist', 'widget')), true);
    await app.ready();
  });
  after(() => app?.close());

  /** The body served at `url`, asked for with gzip as a browser would; fails on anything but 200. */
  async function served(url: string): Promise<string> {
    const answer = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(answer.statusCode, 200, url);
    const body =
      answer.headers['content-encoding'] === 'gzip'
        ? gunzipSync(answer.rawPayload)
        : answer.rawPayload;
    return body.toString('utf8');
  }

  for (const base of ['/widget/', 'versioned']) {
    test(`${base === '/widget/' ? 'the current' : "the version's"} manifest names served entries that export what it says`, async () => {
      const dir = base === '/widget/' ? base : `/widget/v${version}/`;
      const text = await served(`${dir}custom-elements.json`);
      assert.doesNotMatch(text, /widget\/|\.ts"/, 'no source path left');
      const manifest = JSON.parse(text) as Package;
      const paths = manifest.modules.map((module) => module.path);
      assert.deepEqual(paths.sort(), [
        'identity-provider.js',
        'passkey-registration.js',
        'velvet.js',
      ]);
      const tags = manifest.modules.flatMap((module) =>
        (module.declarations ?? []).flatMap((d) =>
          'tagName' in d && d.tagName ? [d.tagName] : [],
        ),
      );
      assert.deepEqual(tags.sort(), [
        'velvet-identity-provider',
        'velvet-login',
        'velvet-passkey-registration',
      ]);
      for (const module of manifest.modules) {
        const exported = moduleExports(module.path, await served(`${dir}${module.path}`));
        const named = (module.exports ?? []).flatMap((e) => (e.kind === 'js' ? [e.name] : []));
        assert.ok(named.length > 0, `${module.path} lists its exports`);
        for (const name of named) assert.ok(exported.includes(name), `${module.path} ${name}`);
      }
      // Every reference (a definition's class, a superclass) names a served module or none.
      const references = [...text.matchAll(/"module": "([^"]+)"/g)].map((match) => match[1]);
      assert.ok(references.length > 0);
      for (const reference of new Set(references)) {
        assert.ok(paths.includes(reference ?? ''), `${reference} is served beside the manifest`);
      }
    });
  }

  test("the manifest keeps <velvet-login>'s contract: attributes, events, parts, custom properties", async () => {
    const manifest = JSON.parse(await served('/widget/custom-elements.json')) as Package;
    const login = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .find((d) => 'tagName' in d && d.tagName === 'velvet-login');
    assert.ok(login && login.kind === 'class');
    const fields = login as unknown as Record<string, unknown[] | undefined>;
    for (const key of ['attributes', 'events', 'cssParts', 'cssProperties']) {
      assert.ok((fields[key] ?? []).length > 0, `velvet-login lists its ${key}`);
    }
  });
});
