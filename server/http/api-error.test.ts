import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, test } from 'node:test';
import { serverProducts } from '../products/registry.js';
import { ApiError, defineErrors, type ErrorCode, ErrorCodes } from './api-error.js';
import { coreErrors } from './core-errors.js';

const SERVER_DIR = join(import.meta.dirname, '..');
const PRODUCTS_DIR = join(SERVER_DIR, 'products');

/** The server's code, tests and test helpers aside, by path relative to `server/`. */
function serverSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(SERVER_DIR, { recursive: true, withFileTypes: true })) {
    const path = relative(SERVER_DIR, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (!entry.isFile() || !path.endsWith('.ts') || path.endsWith('.test.ts')) continue;
    if (path.startsWith('test/')) continue;
    sources.set(path, readFileSync(join(SERVER_DIR, path), 'utf8'));
  }
  return sources;
}

/** Each product folder's catalogue, from its `<name>-errors.ts`. */
async function productCatalogues(): Promise<Map<string, Readonly<Record<string, ErrorCode>>>> {
  const catalogues = new Map<string, Readonly<Record<string, ErrorCode>>>();
  for (const folder of readdirSync(PRODUCTS_DIR, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const file = join(PRODUCTS_DIR, folder.name, `${folder.name}-errors.ts`);
    if (!readdirSync(join(PRODUCTS_DIR, folder.name)).includes(`${folder.name}-errors.ts`))
      continue;
    const exported = Object.values((await import(file)) as Record<string, unknown>);
    assert.equal(exported.length, 1, `${file} exports its catalogue only`);
    catalogues.set(folder.name, exported[0] as Readonly<Record<string, ErrorCode>>);
  }
  return catalogues;
}

/** Who declares each type: `core` or a product folder's name. */
async function owners(): Promise<Map<string, string>> {
  const owner = new Map<string, string>(Object.keys(coreErrors).map((type) => [type, 'core']));
  for (const [folder, catalogue] of await productCatalogues()) {
    for (const type of Object.keys(catalogue)) {
      assert.equal(owner.get(type), undefined, `${type} is declared once (${folder})`);
      owner.set(type, folder);
    }
  }
  return owner;
}

/** The product folder a source file is in, if any. */
function folderOf(path: string): string | undefined {
  return /^products\/([^/]+)\//.exec(path)?.[1];
}

/** The quoted snake_case words of a text. */
function quotedWords(text: string): string[] {
  return [...text.matchAll(/'([a-z][a-z0-9_]*)'/g)].map((match) => match[1] ?? '');
}

describe('the error catalogue, merged from the core and the products', () => {
  test('no type is declared twice, and every product lists its errors file', async () => {
    const catalogues = await productCatalogues();
    const owner = await owners();
    assert.ok(catalogues.size >= 13, `${catalogues.size} product catalogues`);
    const listed = serverProducts.flatMap((product) => (product.errors ? [product.errors] : []));
    assert.deepEqual(new Set(listed), new Set(catalogues.values()));
    assert.equal(listed.length, catalogues.size);
    assert.deepEqual(Object.keys(ErrorCodes).sort(), [...owner.keys()].sort());
  });

  test('every type thrown in the server is declared by the core or the folder that throws it', async () => {
    const owner = await owners();
    let thrown = 0;
    for (const [path, source] of serverSources()) {
      for (const call of source.matchAll(/new ApiError\(([^,)]*)/g)) {
        // The argument's outcomes: a quoted type, or the branches of a ternary.
        const outcomes = (call[1] ?? '').matchAll(/(?:^|[?:])\s*'([a-z][a-z0-9_]*)'/g);
        for (const [, type = ''] of outcomes) {
          thrown += 1;
          assert.ok(owner.has(type), `${path}: ${type} is declared`);
        }
      }
      // Types handed to ApiError through a variable (a rate limit's errorType, a redirect list's
      // refusals) too: every quoted word that is a type.
      for (const type of quotedWords(source)) {
        const declaredBy = owner.get(type);
        if (declaredBy === undefined || declaredBy === 'core') continue;
        assert.equal(
          declaredBy,
          folderOf(path),
          `${path} names ${type}, declared by ${declaredBy}`,
        );
      }
    }
    assert.ok(thrown > 100, `${thrown} thrown types found`);
  });

  test("a module that names its product's types imports its errors file, so they are defined wherever thrown", async () => {
    const owner = await owners();
    for (const [path, source] of serverSources()) {
      const folder = folderOf(path);
      if (folder === undefined || path === `products/${folder}/${folder}-errors.ts`) continue;
      const own = quotedWords(source).filter((type) => owner.get(type) === folder);
      if (own.length === 0) continue;
      assert.match(
        source,
        new RegExp(`from '\\./${folder}-errors\\.js'|import '\\./${folder}-errors\\.js'`),
        `${path} names ${own[0]}`,
      );
    }
  });

  test('an ApiError takes its status and message from the merged catalogue', () => {
    const core = new ApiError('schema_error');
    assert.equal(core.status, 400);
    assert.equal(core.message, coreErrors.schema_error.message);
    const product = new ApiError('weak_password');
    assert.equal(product.status, 400);
    assert.equal(product.message, ErrorCodes.weak_password.message);
    assert.equal(new ApiError('totp_code_not_found', 'Custom.').message, 'Custom.');
  });

  test('a type defined twice is refused, and nothing of the refused catalogue is added', () => {
    assert.throws(
      () =>
        defineErrors({
          another_new_type: { status: 400, message: 'New.' },
          weak_password: { status: 400, message: 'Again.' },
        }),
      /weak_password is defined twice/,
    );
    assert.equal(Object.hasOwn(ErrorCodes, 'another_new_type'), false);
    assert.equal(
      ErrorCodes.weak_password.message,
      'This password is too weak. Please choose a stronger one.',
    );
  });
});
