/**
 * The import rules of `.dependency-cruiser.cjs` (run by `npm run lint`) catch what they forbid:
 * each rule is run over a small tree of planted files, one breaking it and one keeping it, so
 * a rule that no longer matches (a path moved, a pattern mistyped) fails here rather than
 * letting every import through.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';

const root = join(import.meta.dirname, '..');

/** The planted files, by path: what each imports. */
const PLANTED: Readonly<Record<string, string>> = {
  'server/products/beta/beta-repository.ts': 'export const beta = 1;',
  'server/products/beta/index.ts': "export { beta } from './beta-repository.js';",
  'server/products/beta/beta-product.ts':
    "import { beta } from './beta-repository.js';\nexport const betaProduct = { beta };",
  'server/products/alpha/alpha-own.ts': 'export const own = 1;',
  'server/products/alpha/alpha-service.ts':
    "import { own } from './alpha-own.js';\nimport { beta } from '../beta/index.js';\nexport const alpha = own + beta;",
  'server/products/alpha/alpha-internals.ts':
    "import { beta } from '../beta/beta-repository.js';\nexport const reach = beta;",
  'server/products/alpha/alpha.test.ts':
    "import { beta } from '../beta/beta-repository.js';\nexport const tested = beta;",
  'server/all-products.ts':
    "import { betaProduct } from './products/beta/beta-product.js';\nexport const products = [betaProduct];",
  'server/site/site-page.ts':
    "import { beta } from '../products/beta/index.js';\nexport const page = beta;",
  'server/http/auth-hook.ts':
    "import { beta } from '../products/beta/beta-repository.js';\nexport const hook = beta;",
  'server/http/auth-hook.test.ts':
    "import { beta } from '../products/beta/beta-repository.js';\nexport const tested = beta;",
  'server/db/storage.ts':
    "import { beta } from '../products/beta/index.js';\nexport const s = beta;",
  'server/db/database.ts': 'export const database = 1;',
  'server/projects/project-lookup.ts':
    "import { beta } from '../products/beta/index.js';\nexport const lookup = beta;",
  'server/projects/project-lookup.test.ts':
    "import { beta } from '../products/beta/beta-repository.js';\nexport const tested = beta;",
  'widget/products/shared/strings.ts': 'export const shared = 1;',
  'widget/products/gamma/gamma-flow.ts': 'export const gamma = 1;',
  'widget/products/gamma/index.ts': "export { gamma } from './gamma-flow.js';",
  'widget/products/delta/delta-screen.ts':
    "import { shared } from '../shared/strings.js';\nexport const screen = () => Promise.all([import('../gamma/index.js'), shared]);",
  'widget/products/delta/delta-lazy.ts':
    "export const lazy = () => import('../gamma/gamma-flow.js');",
  'widget/client/client.ts': "import { html } from 'lit';\nexport const client = html;",
  'widget/client/http.ts': "import { client } from './client.js';\nexport const http = client;",
  'widget/element/element.ts':
    "import { database } from '../../server/db/database.js';\nexport const element = database;",
  'widget/client/oauth-provider-names.ts':
    "export const OAUTH_PROVIDERS = ['google'];\nexport const later = () => import('./http.js');",
  'server/projects/settings.ts':
    "import { OAUTH_PROVIDERS } from '../../widget/client/oauth-provider-names.js';\nexport const providers = OAUTH_PROVIDERS;",
  'server/web/page.ts':
    "import { element } from '../../widget/element/element.js';\nexport const page = element;",
};

let tree: string;

before(() => {
  tree = mkdtempSync(join(tmpdir(), 'velvet-import-rules-'));
  for (const [path, text] of Object.entries(PLANTED)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), `${text}\n`);
  }
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  copyFileSync(join(root, 'tsconfig.json'), join(tree, 'tsconfig.json'));
});
after(() => rmSync(tree, { recursive: true, force: true }));

describe('the import rules of npm run lint', () => {
  test('each rule catches its planted violation and lets the allowed imports through', () => {
    // The command line as `npm run lint:imports` runs it (in a process of its own: under the
    // test's TypeScript loader, dependency-cruiser does not find SWC's visitor).
    const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
    const config = join(root, '.dependency-cruiser.cjs');
    const run = spawnSync(
      process.execPath,
      [cli, '--config', config, '--output-type', 'json', 'server', 'widget'],
      { cwd: tree, encoding: 'utf8' },
    );
    assert.equal(run.stderr, '');
    const output = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
    const found = output.summary.violations
      // A package's path is wherever node_modules resolves to: keep its part from node_modules on.
      .map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`)
      .map((line) => line.replace(/-> .*?node_modules\//, '-> node_modules/'))
      .sort();
    assert.deepEqual(found, [
      'client-imports-no-ui: widget/client/client.ts -> node_modules/lit/index.js',
      'core-uses-product-index: server/http/auth-hook.ts -> server/products/beta/beta-repository.ts',
      'db-imports-no-product: server/db/storage.ts -> server/products/beta/index.ts',
      'product-internals: server/products/alpha/alpha-internals.ts -> server/products/beta/beta-repository.ts',
      'product-internals: widget/products/delta/delta-lazy.ts -> widget/products/gamma/gamma-flow.ts',
      'projects-import-no-product: server/projects/project-lookup.ts -> server/products/beta/index.ts',
      'server-reads-only-shared-widget-lists: server/web/page.ts -> widget/element/element.ts',
      'shared-widget-list-imports-nothing: widget/client/oauth-provider-names.ts -> widget/client/http.ts',
      'widget-imports-no-server: widget/element/element.ts -> server/db/database.ts',
    ]);
  });
});

/** The part of a dependency-cruiser violation the test reads. */
interface Violation {
  readonly rule: { readonly name: string };
  readonly from: string;
  readonly to: string;
}
