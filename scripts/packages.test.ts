/**
 * The npm packages (`scripts/build-packages.ts`) as an app receives them: built, packed with
 * `npm pack`, unpacked into a `node_modules` of their own and imported by Node without a DOM, as a
 * server rendering the page would; an app's code (the snippets of docs/widget-packages.md, plain TypeScript, React's
 * JSX, Vue and Svelte props through the element package's framework typings) type-checked against
 * them with tsc. Builds the widget first when `dist/` lacks it (`scripts/widget-build.ts`).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Package } from 'custom-elements-manifest/schema';
import Fastify from 'fastify';
import { build, minifySync } from 'vite';
import { widgetAssetRoutes } from '../server/web/widget-assets.js';
import { buildPackages, PACKAGE_NAMES, type PackageFolder, packageDir } from './build-packages.js';
import { fencedBlocks } from './docs-markdown.js';
import { moduleImports, packageOf } from './module-imports.js';
import { componentCheck, packageBlocks } from './package-snippets.js';
import { FIRST_RENDER_BUDGET_BYTES } from './size-budgets.js';
import { ensureWidgetBuild } from './widget-build.js';
import { sriHash } from './widget-versions.js';

const root = join(import.meta.dirname, '..');
// Inside node_modules, so the unpacked packages find lit, react and @lit/react in the repository's.
const dir = join(root, 'node_modules', '.cache', `velvet-packages-test-${process.pid}`);
const FOLDERS = Object.keys(PACKAGE_NAMES) as PackageFolder[];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** One file of `npm pack --json`'s answer. */
interface PackedFile {
  path: string;
  size: number;
}

/** `npm pack --json`'s answer for one package. */
interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

/** Packs package `folder` (into {@link dir}, or only listing with `dryRun`). */
function pack(folder: PackageFolder, dryRun: boolean): Packed {
  const args = ['pack', '--json', dryRun ? '--dry-run' : `--pack-destination=${dir}`];
  const out = execFileSync(npm, args, { cwd: packageDir(folder), encoding: 'utf8' });
  const [packed] = JSON.parse(out) as Packed[];
  assert.ok(packed, `npm pack answered nothing for ${folder}`);
  return packed;
}

/** Runs the project's tsc with `args` in `cwd`; its status and output. */
function runTsc(cwd: string, args: string[]): { status: number | null; output: string } {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, ...args, '--pretty', 'false'], {
    cwd,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const EXPECT_ERROR = '// @ts-expect-error';

/**
 * An app using the packed packages, file by file: the imports and framework snippets of the
 * packages page (docs/widget-packages.md) (plain TypeScript, the React wrappers, React's JSX, Vue, Svelte),
 * the typings' and the three React wrappers' with a misspelt or mistyped property that tsc must
 * reject (the React package's README's blocks join them, see {@link readmeBlocks}). Vue and Svelte are not installed,
 * so their files check the props types the packages' `GlobalComponents` and `svelteHTML` entries
 * use; the page's Vue and Svelte components join them as {@link componentCheck} reads them.
 */
const TYPED_APP: Record<string, string[]> = {
  'main.tsx': [
    "import 'velvet-login-element'; // defines <velvet-login>",
    "import { VelvetLogin } from 'velvet-login-react';",
    "import { VelvetClient } from 'velvet-login-client';",
    '',
    "const element = document.createElement('velvet-login');",
    "element.publicToken = 'public-token-test-x';",
    '// @ts-expect-error a misspelt property',
    "element.publicTokn = 'public-token-test-x';",
    "const client = new VelvetClient('public-token-test-x');",
    'export const signIn = (',
    '  <VelvetLogin',
    '    publicToken="public-token-test-x"',
    '    client={client}',
    '    onEvent={(event) => console.log(event.type)}',
    '  />',
    ');',
  ],
  'react-app.tsx': [
    "import { VelvetLogin } from 'velvet-login-react';",
    '',
    'export function SignIn() {',
    '  return (',
    '    <VelvetLogin',
    '      publicToken="public-token-live-…"',
    '      apiBase="https://party.example"',
    "      config={{ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 10 } }}",
    '      onEvent={(event) => {',
    "        if (event.type === 'AUTHENTICATE_FLOW_COMPLETE') location.reload();",
    '      }}',
    '      onError={(error) => console.warn(error.message)}',
    '    />',
    '  );',
    '}',
  ],
  'react-wrappers.tsx': [
    "import { useRef } from 'react';",
    'import {',
    '  VelvetIdentityProvider,',
    '  type VelvetIdentityProviderElement,',
    '  VelvetPasskeyRegistration,',
    '  type VelvetPasskeyRegistrationElement,',
    "} from 'velvet-login-react';",
    '',
    'export function Passkeys() {',
    '  const ref = useRef<VelvetPasskeyRegistrationElement>(null);',
    '  return (',
    '    <VelvetPasskeyRegistration',
    '      ref={ref}',
    '      publicToken="public-token-live-…"',
    '      config={{ sessionOptions: { sessionDurationMinutes: 60 } }}',
    "      onEvent={(event) => event.type === 'PASSKEY_DONE' && ref.current?.remove()}",
    '      onError={(error) => console.warn(error.message)}',
    '    />',
    '  );',
    '}',
    '',
    'export function Consent() {',
    '  const ref = useRef<VelvetIdentityProviderElement>(null);',
    '  return (',
    '    <VelvetIdentityProvider',
    '      ref={ref}',
    '      publicToken="public-token-live-…"',
    "      config={{ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 10 } }}",
    '      onError={(error) => console.warn(error.message)}',
    '    />',
    '  );',
    '}',
    '',
    "import { VelvetLogin } from 'velvet-login-react/login';",
    "import { VelvetPasskeyRegistration as Registration } from 'velvet-login-react/passkey-registration';",
    "import { VelvetIdentityProvider as Provider } from 'velvet-login-react/identity-provider';",
    '',
    'export const misspelt = [',
    '  // @ts-expect-error a misspelt property',
    '  <VelvetLogin key="login" publicTokn="public-token-test-x" />,',
    '  // @ts-expect-error a misspelt property',
    '  <Registration key="registration" confgi={{}} />,',
    '  // @ts-expect-error a property of the wrong type',
    '  <Provider key="provider" search={42} />,',
    '  // @ts-expect-error the ref of another element',
    '  <VelvetPasskeyRegistration key="ref" ref={useRef<VelvetIdentityProviderElement>(null)} />,',
    '];',
  ],
  'plain.ts': [
    "import 'velvet-login-element';",
    "import type {} from 'velvet-login-element/elements';",
    '',
    "const login = document.querySelector('velvet-login');",
    "login?.addEventListener('velvet-error', (event) => console.log(event.detail.message));",
    '// @ts-expect-error a misspelt property',
    "if (login) login.confgi = { products: ['otp'] };",
  ],
  'react-jsx.tsx': [
    "import 'velvet-login-element';",
    "import type {} from 'velvet-login-element/react-jsx';",
    '',
    'export const raw = (',
    '  <velvet-login',
    '    public-token="public-token-test-x"',
    "    config={{ products: ['otp'] }}",
    '    onvelvet-event={(event) => console.log(event.detail.type)}',
    '  />',
    ');',
    '// @ts-expect-error a misspelt property',
    "export const misspelt = <velvet-login confgi={{ products: ['otp'] }} />;",
  ],
  'vue.ts': [
    "import type { VelvetLoginVueProps } from 'velvet-login-element/vue';",
    '',
    'export const props: VelvetLoginVueProps = {',
    "  'public-token': 'public-token-test-x',",
    '  onVelvetEvent: (event) => console.log(event.detail.type),',
    '};',
    '// @ts-expect-error a misspelt property',
    "export const misspelt: VelvetLoginVueProps = { confgi: { products: ['otp'] } };",
  ],
  'svelte.ts': [
    "import type { VelvetLoginSvelteProps } from 'velvet-login-element/svelte';",
    '',
    'export const props: VelvetLoginSvelteProps = {',
    "  'public-token': 'public-token-test-x',",
    "  'onvelvet-event': (event) => console.log(event.detail.type),",
    '};',
    '// @ts-expect-error a misspelt property',
    "export const misspelt: VelvetLoginSvelteProps = { confgi: { products: ['otp'] } };",
  ],
};

/** Runs `code` as an ES module in a fresh Node (no DOM) inside {@link dir}; its output. */
function runInNode(code: string): string {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

/** Every built file (`.js`, `.d.ts`) under the unpacked package `unpacked`. */
function builtFiles(unpacked: string): string[] {
  return readdirSync(join(unpacked, 'dist'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(?:js|d\.ts)$/.test(path))
    .map((path) => join(unpacked, 'dist', path));
}

/** `files` and every file of the package they import statically, relative to each other. */
function staticClosure(files: string[]): string[] {
  const seen = new Set<string>();
  const todo = [...files];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of moduleImports(file).static) {
      if (specifier.startsWith('.')) todo.push(resolve(dirname(file), specifier));
    }
  }
  return [...seen];
}

/** The gzip bytes of each of `files` (as a server sends them one by one), and their sum. */
function gzipBytes(files: string[], transform = (_file: string, code: string) => code) {
  const sizes = files.map((file) => ({
    file,
    gzip: gzipSync(transform(file, readFileSync(file, 'utf8'))).length,
  }));
  return { sizes, total: sizes.reduce((sum, size) => sum + size.gzip, 0) };
}

/** A package's package.json, as the first test reads it. */
interface PackageFields {
  name: string;
  version: string;
  license: string;
  types?: string;
  files?: string[];
  sideEffects?: boolean | string[];
  dependencies?: Record<string, string>;
  exports?: Record<string, { types?: string; import?: string }>;
}

/** A package.json's dependency fields, as the tests read them. */
interface Dependencies {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The packages page's Vue and Svelte components as TypeScript for tsc, by file name. */
function docsComponentChecks(): Record<string, string> {
  const blocks = packageBlocks();
  const checks: Record<string, string> = {};
  for (const { lang, code } of blocks) {
    if (lang === 'vue' || lang === 'svelte') checks[`docs-${lang}.ts`] = componentCheck(code, lang);
  }
  assert.deepEqual(Object.keys(checks).sort(), ['docs-svelte.ts', 'docs-vue.ts']);
  return checks;
}

/**
 * The `lang` blocks of package `folder`'s README by file name for the typed app
 * (`readme-react-1.tsx`, …), which tsc compiles against the packed packages; `count` of them.
 */
function readmeBlocks(folder: PackageFolder, lang: string, count: number): Record<string, string> {
  const readme = join(packageDir(folder), 'README.md');
  const blocks = fencedBlocks(readFileSync(readme, 'utf8'), readme).filter(
    (block) => block.lang === lang,
  );
  assert.equal(blocks.length, count, `the ${lang} blocks of ${relative(root, readme)}`);
  return Object.fromEntries(
    blocks.map((block, index) => [`readme-${folder}-${index + 1}.${lang}`, block.code]),
  );
}

/**
 * Checks the packages page's plain HTML embed against the built widget as the server serves it: the
 * script tag names this release's versioned entry, which is served, with the `integrity` and
 * `crossorigin` a pinned module script needs (the hash the page leaves out is the served
 * `/widget/integrity.json`'s, and matches the entry); the element's attributes are the served
 * manifest's, and its `config` is JSON.
 */
async function checkEmbed(html: string): Promise<void> {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const src = /<script\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1] ?? '';
  const entry = new URL(src).pathname;
  assert.equal(entry, `/widget/v${version}/velvet.js`, 'the script tag names this release');
  assert.match(html, /<script\b[^>]*\btype="module"/);
  assert.match(html, /<script\b[^>]*\bintegrity="sha384-[^"]+"/);
  assert.match(html, /<script\b[^>]*\bcrossorigin="anonymous"/);
  const server = Fastify();
  try {
    assert.equal(await widgetAssetRoutes(server, join(root, 'dist', 'widget')), true);
    const script = await server.inject({ url: entry });
    assert.equal(script.statusCode, 200, entry);
    const integrity = (await server.inject({ url: '/widget/integrity.json' })).json() as {
      version: string;
      files: Record<string, string>;
    };
    assert.equal(integrity.version, version);
    assert.equal(integrity.files['velvet.js'], sriHash(script.rawPayload));
    const manifest = (
      await server.inject({ url: '/widget/custom-elements.json' })
    ).json() as Package;
    const login = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .find((declaration) => 'tagName' in declaration && declaration.tagName === 'velvet-login');
    const known = new Set(
      ((login as { attributes?: { name: string }[] } | undefined)?.attributes ?? []).map(
        (attribute) => attribute.name,
      ),
    );
    const element = /<velvet-login\b([^>]*)>/.exec(html)?.[1] ?? '';
    const attributes = [...element.matchAll(/([\w-]+)=(?:"([^"]*)"|'([^']*)')/g)];
    assert.ok(attributes.length >= 3, element);
    for (const [, name = '', double, single] of attributes) {
      assert.ok(known.has(name), `<velvet-login ${name}> is an attribute of the served manifest`);
      if (name === 'config') assert.doesNotThrow(() => JSON.parse(double ?? single ?? ''));
    }
  } finally {
    await server.close();
  }
}

/** Whether a packed path is a built file, a declaration, the manifest, the docs or the licence. */
function publishable(path: string): boolean {
  return (
    /^(?:package\.json|README\.md|LICENSE)$/.test(path) ||
    /^dist\/(?:[\w.-]+\/)*[\w.-]+\.(?:js|d\.ts)$/.test(path) ||
    path === 'dist/custom-elements.json'
  );
}

describe('the npm packages', () => {
  before(async () => {
    ensureWidgetBuild();
    await buildPackages();
    for (const folder of FOLDERS) {
      mkdirSync(dir, { recursive: true });
      const packed = pack(folder, false);
      const into = join(dir, 'node_modules', PACKAGE_NAMES[folder]);
      mkdirSync(into, { recursive: true });
      execFileSync('tar', ['-xzf', join(dir, packed.filename), '-C', into, '--strip-components=1']);
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('each package lists only built files, declarations, docs and its MIT licence, versioned with the root', () => {
    const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
      license: string;
    };
    assert.equal(rootManifest.license, 'MIT');
    const licence = readFileSync(join(root, 'LICENSE'), 'utf8');
    assert.match(licence, /^MIT License\n/);
    for (const folder of FOLDERS) {
      const manifest = JSON.parse(
        readFileSync(join(packageDir(folder), 'package.json'), 'utf8'),
      ) as PackageFields;
      assert.equal(manifest.name, PACKAGE_NAMES[folder]);
      assert.equal(
        manifest.version,
        rootManifest.version,
        `${manifest.name} is versioned with the root`,
      );
      // Versioned together: a package names its siblings at this very version, so an app never
      // installs a wrapper of one release on the element of another.
      const siblings = Object.entries(manifest.dependencies ?? {}).filter(([name]) =>
        Object.values(PACKAGE_NAMES).includes(name as never),
      );
      for (const [name, range] of siblings) {
        assert.equal(range, rootManifest.version, `${manifest.name} depends on ${name}@${range}`);
      }
      // An ES module entry with its types, the files to pack, and what a bundler may drop.
      const entry = manifest.exports?.['.'];
      assert.ok(entry?.import?.endsWith('.js'), `${manifest.name} exports an ES module`);
      assert.ok(entry?.types?.endsWith('.d.ts'), `${manifest.name} exports its types`);
      assert.equal(manifest.types, entry?.types, `${manifest.name}'s types field`);
      assert.ok(Array.isArray(manifest.files), `${manifest.name} lists its files`);
      assert.ok('sideEffects' in manifest, `${manifest.name} says whether it has side effects`);
      assert.equal(manifest.license, 'MIT', `${manifest.name}'s licence`);
      const packed = pack(folder, true);
      const paths = packed.files.map((file) => file.path);
      assert.deepEqual(
        paths.filter((path) => !publishable(path)),
        [],
        `${manifest.name} packs only built files`,
      );
      for (const path of ['package.json', 'README.md', 'LICENSE']) {
        assert.ok(paths.includes(path), `${manifest.name} packs ${path}`);
      }
      const unpacked = join(dir, 'node_modules', manifest.name);
      assert.equal(
        readFileSync(join(unpacked, 'LICENSE'), 'utf8'),
        licence,
        `${manifest.name}'s LICENSE is the repository's`,
      );
      assert.ok(
        paths.some((path) => path.endsWith('.d.ts')),
        `${manifest.name} has types`,
      );
      assert.ok(!paths.some((path) => /\.test\.|(?:^|\/)server\//.test(path)));
      console.log(
        `${manifest.name}: ${packed.files.length} files, ${(packed.size / 1024).toFixed(1)} kB packed, ${(packed.unpackedSize / 1024).toFixed(1)} kB unpacked`,
      );
    }
    const element = readFileSync(join(packageDir('element'), 'dist', 'velvet.js'));
    console.log(
      `velvet-login-element dist/velvet.js: ${(element.length / 1024).toFixed(1)} kB, ${(gzipSync(element).length / 1024).toFixed(1)} kB gzip (unminified; lit not included)`,
    );
  });

  test("every bare import of a package's built files is a dependency or peer dependency of it", () => {
    const imports = new Map<PackageFolder, string[]>();
    for (const folder of FOLDERS) {
      const name = PACKAGE_NAMES[folder];
      const unpacked = join(dir, 'node_modules', name);
      const manifest = JSON.parse(
        readFileSync(join(unpacked, 'package.json'), 'utf8'),
      ) as Dependencies;
      const peers = Object.keys(manifest.peerDependencies ?? {});
      const optional = peers.filter((peer) => manifest.peerDependenciesMeta?.[peer]?.optional);
      // What runs needs a dependency or a required peer; what only types name (the framework
      // typings' `react`, `vue` and `svelte`) may be an optional peer, which npm does not install.
      const installed = new Set([
        ...Object.keys(manifest.dependencies ?? {}),
        ...peers.filter((peer) => !optional.includes(peer)),
      ]);
      const declared = new Set([...installed, ...optional]);
      const undeclared: string[] = [];
      const named = new Set<string>();
      for (const file of builtFiles(unpacked)) {
        const found = moduleImports(file);
        const runs = !file.endsWith('.d.ts');
        for (const specifier of [...found.static, ...found.dynamic, ...found.types]) {
          const bare = packageOf(specifier);
          if (!bare) continue;
          named.add(bare);
          if (!(runs ? installed : declared).has(bare)) {
            undeclared.push(`${relative(unpacked, file)} imports ${specifier}`);
          }
        }
      }
      assert.deepEqual(undeclared, [], `${name} imports packages it does not declare`);
      imports.set(folder, [...named].sort());
      console.log(`${name} imports: ${[...named].sort().join(', ') || 'no package'}`);
    }
    assert.deepEqual(imports.get('client'), [], 'the client library imports no package');
    assert.ok(imports.get('element')?.includes('lit'), 'the element imports lit');
    assert.ok(imports.get('react')?.includes('react'), 'the wrapper imports react');
  });

  test("the element package's first render (its entry and the chunks it imports statically) stays within the widget's gzip budget", () => {
    const unpacked = join(dir, 'node_modules', PACKAGE_NAMES.element);
    const entry = join(unpacked, 'dist', 'velvet.js');
    const firstRender = staticClosure([entry]);
    const { sizes, total } = gzipBytes(firstRender);
    // For the record: minified as an app's bundler would, and with the SMS product's chunk, which
    // the element imports when the config names SMS (lit, which the app bundles once, is not
    // counted in any of these figures).
    const minify = (file: string, code: string) => minifySync(file, code).code;
    const minified = gzipBytes(firstRender, minify).total;
    const otpProduct = moduleImports(entry).dynamic.find((specifier) =>
      /\/otp-product-[\w-]+\.js$/.test(specifier),
    );
    assert.ok(otpProduct, 'the entry imports the SMS product lazily');
    const withSms = staticClosure([entry, resolve(dirname(entry), otpProduct)]);
    console.log(
      [
        `velvet-login-element first render: ${sizes.length} files, ${total} B gzip of the ${FIRST_RENDER_BUDGET_BYTES} B budget (${minified} B minified)`,
        ...sizes.map((size) => `  ${relative(unpacked, size.file)}: ${size.gzip} B gzip`),
        `  with the SMS product's chunks (${withSms.length} files): ${gzipBytes(withSms).total} B gzip, ${gzipBytes(withSms, minify).total} B minified`,
      ].join('\n'),
    );
    assert.ok(firstRender.length > 1, 'the entry imports its chunks');
    // Nothing else loads with them: no other package (the client library loads on submit).
    const packages = new Set(
      firstRender.flatMap((file) => moduleImports(file).static.flatMap((s) => packageOf(s) ?? [])),
    );
    assert.deepEqual([...packages], ['lit'], 'the first render imports only lit');
    assert.ok(
      total <= FIRST_RENDER_BUDGET_BYTES,
      `${total} B gzip over the ${FIRST_RENDER_BUDGET_BYTES} B budget`,
    );
  });

  test('the element package holds its elements, product chunks and phone metadata as files', () => {
    const paths = pack('element', true).files.map((file) => file.path);
    for (const entry of ['velvet', 'passkey-registration', 'identity-provider']) {
      assert.ok(paths.includes(`dist/${entry}.js`), `dist/${entry}.js`);
      assert.ok(paths.includes(`dist/${entry}.d.ts`), `dist/${entry}.d.ts`);
    }
    assert.ok(paths.includes('dist/custom-elements.json'));
    for (const name of ['elements', 'react-jsx', 'vue', 'svelte']) {
      assert.ok(paths.includes(`dist/frameworks/${name}.d.ts`), `dist/frameworks/${name}.d.ts`);
    }
    assert.ok(
      paths.some((path) => /^dist\/chunks\/phone-metadata-[\d.]+\/phone-44\.js$/.test(path)),
    );
    assert.ok(paths.some((path) => /^dist\/chunks\/otp-[\w-]+\.js$/.test(path)));
    const parser = paths.find((path) => /^dist\/chunks\/phone-parser-[\w-]+\.js$/.test(path));
    assert.ok(parser, 'the phone parser chunk');
    const source = readFileSync(join(packageDir('element'), parser), 'utf8');
    assert.doesNotMatch(source, /["']velvet:phone-metadata/, 'no virtual module left to resolve');
    assert.match(source, /import\("\.\/phone-metadata-[\d.]+\/phone-44\.js"\)/);
  });

  test('the packed packages import in Node without a DOM, and the wrappers render on a server', () => {
    const specifiers = [
      'velvet-login-element',
      'velvet-login-element/passkey-registration',
      'velvet-login-element/identity-provider',
      'velvet-login-client',
      'velvet-login-react',
      'velvet-login-react/login',
      'velvet-login-react/passkey-registration',
      'velvet-login-react/identity-provider',
    ];
    const imported = runInNode(
      [
        "if (typeof HTMLElement !== 'undefined') throw new Error('a DOM is here');",
        `for (const name of ${JSON.stringify(specifiers)}) {`,
        '  const module = await import(name);',
        "  console.log(name + ': ' + Object.keys(module).sort().join(' '));",
        '}',
      ].join('\n'),
    );
    assert.match(imported, /^velvet-login-element: .*VelvetLogin/m);
    assert.match(imported, /^velvet-login-client: .*VelvetClient/m);
    assert.match(
      imported,
      /^velvet-login-react: VelvetIdentityProvider VelvetLogin VelvetPasskeyRegistration$/m,
    );
    assert.match(imported, /^velvet-login-react\/login: VelvetLogin$/m);
    assert.match(
      imported,
      /^velvet-login-react\/passkey-registration: VelvetPasskeyRegistration$/m,
    );
    assert.match(imported, /^velvet-login-react\/identity-provider: VelvetIdentityProvider$/m);
    // As the packages page's server-rendering example does, for each wrapper: the bare element,
    // its HTML attributes, and none of its properties (set in the browser).
    const html = runInNode(
      [
        "import { createElement } from 'react';",
        "import { renderToString } from 'react-dom/server';",
        'import {',
        '  VelvetIdentityProvider,',
        '  VelvetLogin,',
        '  VelvetPasskeyRegistration,',
        "} from 'velvet-login-react';",
        'for (const component of [VelvetLogin, VelvetPasskeyRegistration, VelvetIdentityProvider]) {',
        '  const html = renderToString(',
        "    createElement(component, { publicToken: 'public-token-test-x', className: 'sign-in', config: { products: ['otp'] }, onEvent() {} }),",
        '  );',
        '  console.log(html);',
        '}',
      ].join('\n'),
    );
    assert.deepEqual(html.trim().split('\n'), [
      '<velvet-login class="sign-in"></velvet-login>',
      '<velvet-passkey-registration class="sign-in"></velvet-passkey-registration>',
      '<velvet-identity-provider class="sign-in"></velvet-identity-provider>',
    ]);
  });

  test("each React wrapper's module imports its own element's entry and bundles no element", () => {
    const unpacked = join(dir, 'node_modules', PACKAGE_NAMES.react);
    const elementImports = (file: string) =>
      [...moduleImports(file).static, ...moduleImports(file).dynamic].filter((specifier) =>
        specifier.startsWith(PACKAGE_NAMES.element),
      );
    const modules = {
      'velvet-login-react.js': [PACKAGE_NAMES.element],
      'velvet-passkey-registration-react.js': [`${PACKAGE_NAMES.element}/passkey-registration`],
      'velvet-identity-provider-react.js': [`${PACKAGE_NAMES.element}/identity-provider`],
    };
    for (const [file, expected] of Object.entries(modules)) {
      assert.deepEqual(elementImports(join(unpacked, 'dist', file)), expected, file);
    }
    // The entry only re-exports the three modules; the shared factory imports no element.
    const entry = join(unpacked, 'dist', 'index.js');
    assert.deepEqual(
      moduleImports(entry).static.sort(),
      Object.keys(modules)
        .map((file) => `./${file}`)
        .sort(),
    );
    for (const file of builtFiles(unpacked).filter((path) => path.endsWith('.js'))) {
      const source = readFileSync(file, 'utf8');
      assert.doesNotMatch(
        source,
        /customElements|\bLitElement\b/,
        `${relative(unpacked, file)} holds no element`,
      );
    }
    const types = readFileSync(
      join(unpacked, 'dist', 'velvet-passkey-registration-react.d.ts'),
      'utf8',
    );
    assert.match(types, /from 'velvet-login-element\/passkey-registration'/);
  });

  test("the element package's custom-elements.json names its built modules and their exports", () => {
    const packed = join(dir, 'node_modules', PACKAGE_NAMES.element);
    const manifest = JSON.parse(
      readFileSync(join(packed, 'dist', 'custom-elements.json'), 'utf8'),
    ) as Package;
    const text = JSON.stringify(manifest);
    assert.doesNotMatch(text, /widget\/|\.ts"/, 'no source path left');
    const modules = manifest.modules.map((module) => module.path);
    assert.deepEqual(modules.sort(), [
      'dist/identity-provider.js',
      'dist/passkey-registration.js',
      'dist/velvet.js',
    ]);
    const tags = manifest.modules.flatMap((module) =>
      (module.declarations ?? []).flatMap((d) => ('tagName' in d && d.tagName ? [d.tagName] : [])),
    );
    assert.deepEqual(tags.sort(), [
      'velvet-identity-provider',
      'velvet-login',
      'velvet-passkey-registration',
    ]);
    for (const module of manifest.modules) {
      const names = (module.exports ?? []).flatMap((e) => (e.kind === 'js' ? [e.name] : []));
      assert.ok(names.length > 0, module.path);
      const keys = runInNode(
        `console.log(Object.keys(await import('./node_modules/${PACKAGE_NAMES.element}/${module.path}')).join(' '));`,
      ).trim();
      for (const name of names) assert.ok(keys.split(' ').includes(name), `${module.path} ${name}`);
    }
  });

  test("the packages' declarations and framework typings type an app's code, and a misspelt property fails", () => {
    const app = join(dir, 'typed-app');
    mkdirSync(app, { recursive: true });
    for (const [name, lines] of Object.entries(TYPED_APP)) {
      writeFileSync(join(app, name), `${lines.join('\n')}\n`);
    }
    const components = { ...docsComponentChecks(), ...readmeBlocks('react', 'tsx', 2) };
    for (const [name, code] of Object.entries(components)) writeFileSync(join(app, name), code);
    const compilerOptions = {
      strict: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: [],
      noEmit: true,
      skipLibCheck: true,
    };
    const files = [...Object.keys(TYPED_APP), ...Object.keys(components)];
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    const right = runTsc(app, ['-p', app]);
    assert.equal(right.status, 0, right.output);
    // Without the directives, each line after one is an error, and nothing else is.
    const expected: string[] = [];
    for (const name of files) {
      const lines = readFileSync(join(app, name), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (line.trim().startsWith(EXPECT_ERROR)) expected.push(`${name}(${index + 2})`);
      });
      writeFileSync(
        join(app, name),
        lines.map((line) => line.replace(EXPECT_ERROR, '//')).join('\n'),
      );
    }
    const wrong = runTsc(app, ['-p', app]);
    assert.notEqual(wrong.status, 0);
    const found = wrong.output.split('\n').flatMap((line) => {
      const match = /(?:^|\/)([\w-]+\.tsx?)\((\d+),\d+\): error TS/.exec(line);
      return match ? [`${match[1]}(${match[2]})`] : [];
    });
    assert.deepEqual([...new Set(found)].sort(), expected.sort(), wrong.output);
    assert.equal(expected.length, 9);
    assert.match(wrong.output, /confgi/);
    assert.match(wrong.output, /publicTokn/);
  });

  test('every code block of docs/widget-packages.md is checked against the packages', async () => {
    const blocks = packageBlocks();
    const typed = Object.values(TYPED_APP).map((lines) => `${lines.join('\n')}\n`);
    const checked = new Map<string, number>();
    for (const { lang, code } of blocks) {
      if (lang === 'sh') {
        for (const line of code.trim().split('\n')) {
          const name = /^npm install ([\w-]+)\s*(?:#.*)?$/.exec(line)?.[1];
          assert.ok(name && Object.values(PACKAGE_NAMES).includes(name as never), line);
        }
      } else if (lang === 'ts' || lang === 'tsx') {
        // Compiled by the typed app's test.
        assert.ok(
          typed.some((file) => file.startsWith(code)),
          `the page's block is not compiled by this test:\n${code}`,
        );
      } else if (lang === 'vue' || lang === 'svelte') {
        // Compiled by the typed app's test, as docsComponentChecks() reads it.
        assert.match(componentCheck(code, lang), /elementProps/);
      } else if (lang === 'js') {
        const printed = /^\/\/ (.+)\n$/m.exec(code.slice(code.lastIndexOf('\n//')))?.[1];
        assert.ok(printed, `the block ends with what it prints:\n${code}`);
        assert.equal(runInNode(code).trim(), printed);
      } else if (lang === 'html') {
        await checkEmbed(code);
      } else {
        assert.fail(`a \`${lang}\` block this test does not check:\n${code}`);
      }
      checked.set(lang, (checked.get(lang) ?? 0) + 1);
    }
    // Install, imports, React (sign-in, then passkeys and consent), the four typings, plain HTML,
    // Vue, Svelte, server rendering.
    assert.deepEqual(Object.fromEntries([...checked].sort()), {
      html: 1,
      js: 1,
      sh: 1,
      svelte: 1,
      ts: 4,
      tsx: 3,
      vue: 1,
    });
  });

  test("the framework typings' imports resolve inside the packed element package", () => {
    // skipLibCheck off on the packed typings themselves: `vue` and `svelte` are not installed,
    // so the only errors allowed are those two modules not found (and Vue's augmentation of the
    // missing module); every import of the package's own declarations must resolve.
    const typings = join(dir, 'node_modules', PACKAGE_NAMES.element, 'dist', 'frameworks');
    const check = join(dir, 'typings-check');
    mkdirSync(check, { recursive: true });
    const compilerOptions = {
      strict: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: [],
      noEmit: true,
      skipLibCheck: false,
    };
    const names = ['elements.d.ts', 'react-jsx.d.ts', 'vue.d.ts', 'svelte.d.ts'];
    writeFileSync(
      join(check, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, files: names.map((name) => join(typings, name)) }),
    );
    const { output } = runTsc(check, ['-p', check]);
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    const unexpected = errors.filter(
      (line) =>
        !/^[^(]*(?:vue|svelte)\.d\.ts\(\d+,\d+\): error TS(?:2307|2664): .*'(?:vue|svelte\/elements)'/.test(
          line.replace(/^.*\/frameworks\//, ''),
        ),
    );
    assert.deepEqual(unexpected, [], output);
    assert.ok(
      errors.some((line) => /vue\.d\.ts.*'vue'/.test(line)),
      'vue is not installed here, so its import is the one error',
    );
  });

  /**
   * Builds, in memory with Vite's defaults, an app in `dir/<name>` whose page renders `wrapper`
   * from `velvet-login-react`; its output chunks.
   */
  async function buildReactApp(name: string, wrapper: string) {
    const app = join(dir, name);
    mkdirSync(app, { recursive: true });
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>\n',
    );
    writeFileSync(
      join(app, 'main.js'),
      [
        "import { createElement } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        `import { ${wrapper} } from 'velvet-login-react';`,
        "createRoot(document.getElementById('root')).render(",
        `  createElement(${wrapper}, { publicToken: 'public-token-test-x' }),`,
        ');',
        '',
      ].join('\n'),
    );
    const output = await build({
      configFile: false,
      root: app,
      logLevel: 'silent',
      build: { outDir: join(app, 'dist'), write: false },
    });
    return (Array.isArray(output) ? output : [output]).flatMap((result) =>
      'output' in result ? result.output : [],
    );
  }

  test("an app's Vite build splits the element's products and phone metadata with no plugin", async () => {
    const files = (await buildReactApp('vite-app', 'VelvetLogin')).map((file) => file.fileName);
    assert.ok(
      files.some((name) => /^assets\/phone-44-[\w-]+\.js$/.test(name)),
      files.join(' '),
    );
    assert.ok(
      files.some((name) => /^assets\/otp-[\w-]+\.js$/.test(name)),
      files.join(' '),
    );
    console.log(`the Vite app's build: ${files.length} files`);
  });

  test("an app's Vite build keeps only the elements of the React wrappers it uses", async () => {
    const TAGS = ['velvet-login', 'velvet-passkey-registration', 'velvet-identity-provider'];
    /** The tags whose definition is in the build of an app rendering `wrapper` from the entry. */
    async function tagsBuilt(wrapper: string): Promise<string[]> {
      // Minified, so a tag left in a comment does not count: only its string in code.
      const code = (await buildReactApp(`vite-app-${wrapper}`, wrapper))
        .flatMap((file) => (file.type === 'chunk' ? [file.code] : []))
        .join('\n');
      return TAGS.filter((tag) => new RegExp(`["'\`]${tag}["'\`]`).test(code));
    }
    assert.deepEqual(await tagsBuilt('VelvetLogin'), ['velvet-login']);
    assert.deepEqual(await tagsBuilt('VelvetPasskeyRegistration'), ['velvet-passkey-registration']);
    assert.deepEqual(await tagsBuilt('VelvetIdentityProvider'), ['velvet-identity-provider']);
  });
});
