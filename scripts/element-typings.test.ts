/**
 * The framework typings (`scripts/element-typings.ts`): generated from the manifest of the current
 * sources, they list every property, attribute and event the manifest has; and `tsc` (the
 * project's, 7) compiles the fixtures of `element-typings-fixtures/` against them and the widget's
 * declarations: right use passes, and each `@ts-expect-error` line (a misspelt `confgi`,
 * `public-token={42}`, a detail field the event lacks) is an error, which the fixtures with the
 * directives taken out show one by one. Vue and Svelte are checked through the props types their
 * entries use (vue-tsc and svelte-check are not installed).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { analyzeElements } from './build-manifest.js';
import { elementTypings, publicElements, writeElementTypings } from './element-typings.js';

const root = join(import.meta.dirname, '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const fixtures = join(import.meta.dirname, 'element-typings-fixtures');
const EXPECT_ERROR = '// @ts-expect-error';

/** Runs tsc with `args` in `cwd`; its status and output. */
function runTsc(cwd: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A project compiling `dir/fixtures/*` (strict, React's JSX, as a Vite app is set up). */
function writeTsconfig(dir: string): void {
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    include: ['fixtures'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
}

describe('framework typings (scripts/element-typings.ts)', () => {
  let dir: string;
  let files: Record<string, string>;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'velvet-typings-'));
    // The widget's declarations as the build emits them, and the typings beside them.
    const emitted = runTsc(root, [
      '-p',
      'widget/tsconfig.types.json',
      '--outDir',
      join(dir, 'types'),
    ]);
    assert.equal(emitted.status, 0, emitted.output);
    const manifest = analyzeElements();
    files = elementTypings(manifest);
    writeElementTypings(manifest, join(dir, 'types', 'frameworks'));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    cpSync(fixtures, join(dir, 'fixtures'), { recursive: true });
    writeTsconfig(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('cover the three public elements with every property, attribute and event', () => {
    const elements = publicElements(analyzeElements());
    assert.deepEqual(elements.map((e) => e.tagName).sort(), [
      'velvet-identity-provider',
      'velvet-login',
      'velvet-passkey-registration',
    ]);
    const all = files['elements.d.ts'] ?? '';
    for (const element of elements) {
      assert.match(all, new RegExp(`'${element.tagName}': ${element.className};`));
      for (const property of element.properties) {
        assert.ok(
          all.includes(`${property.name}?: ${element.className}['${property.name}'];`),
          `${element.tagName}.${property.name}`,
        );
      }
      for (const attribute of element.attributes) {
        assert.ok(
          all.includes(`${attribute.fieldName}']`),
          `${element.tagName}[${attribute.name}]`,
        );
      }
      for (const event of element.events) {
        assert.ok(all.includes(`'${event.name}': `), `${element.tagName} ${event.name}`);
      }
      assert.match(files['vue.d.ts'] ?? '', new RegExp(`'${element.tagName}': DefineComponent<`));
      assert.match(files['svelte.d.ts'] ?? '', new RegExp(`'${element.tagName}': import\\(`));
      assert.match(files['react-jsx.d.ts'] ?? '', new RegExp(`'${element.tagName}': Detailed`));
    }
    const login = elements.find((e) => e.tagName === 'velvet-login');
    assert.deepEqual(
      login?.properties.map((p) => p.name).sort(),
      ['apiBase', 'callbacks', 'client', 'clock', 'config', 'publicToken', 'strings'],
      'properties a page sets; not the read-only screen',
    );
  });

  test('the plain and React typings type-check themselves, declarations included', () => {
    // skipLibCheck off: a conflict with the widget's own global declarations would show here.
    // (vue.d.ts and svelte.d.ts import 'vue' and 'svelte/elements', which are not installed.)
    const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'));
    tsconfig.compilerOptions.skipLibCheck = false;
    delete tsconfig.include;
    tsconfig.files = ['types/frameworks/elements.d.ts', 'types/frameworks/react-jsx.d.ts'];
    writeFileSync(join(dir, 'tsconfig.lib.json'), JSON.stringify(tsconfig));
    const { status, output } = runTsc(dir, ['-p', 'tsconfig.lib.json', '--pretty', 'false']);
    assert.equal(status, 0, output);
  });

  test('tsc accepts right use and every @ts-expect-error line is an error', () => {
    const { status, output } = runTsc(dir, ['-p', 'tsconfig.json']);
    assert.equal(status, 0, output);
  });

  test('without the directives, tsc names each wrong prop and nothing else', () => {
    const expected: string[] = [];
    for (const name of readdirSync(fixtures)) {
      const path = join(dir, 'fixtures', name);
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (line.trim().startsWith(EXPECT_ERROR)) expected.push(`${name}(${index + 2})`);
      });
      writeFileSync(path, lines.map((line) => line.replace(EXPECT_ERROR, '//')).join('\n'));
    }
    assert.ok(expected.length >= 10, `only ${expected.length} expected errors`);
    const { status, output } = runTsc(dir, ['-p', 'tsconfig.json', '--pretty', 'false']);
    assert.notEqual(status, 0);
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    const found = [...new Set(errors.map((line) => /([\w-]+\.tsx?)\((\d+),/.exec(line)))]
      .map((match) => (match ? `${match[1]}(${match[2]})` : 'unplaced'))
      .sort();
    assert.deepEqual([...new Set(found)], expected.sort(), output);
    assert.match(output, /confgi/);
    assert.match(output, /'number' is not assignable to type 'string'/);
  });
});
