import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { configFileValidator } from '../server/config/config-file-validator.js';
import { precompiledConfigValidatorModule, serverBuildOptions } from './build-server.js';

const root = join(import.meta.dirname, '..');
// Inside the repository, so the module's `require` finds Ajv's runtime in node_modules.
const dir = join(root, 'node_modules', '.cache', `velvet-build-server-test-${process.pid}`);

describe('the compiled server', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the config file's precompiled validator answers as Ajv compiling it at start-up", async () => {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config-file-validator.mjs');
    writeFileSync(
      file,
      `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${precompiledConfigValidatorModule()}`,
    );
    const precompiled = (await import(pathToFileURL(file).href)) as {
      configFileValidator: typeof configFileValidator;
    };
    const project = { name: 'P', publicToken: 'public-token-test-00000000-velvet-test' };
    const files: unknown[] = [
      { projects: [project] },
      { projects: [{ ...project, products: ['otp'], otp: { methods: ['sms'] } }] },
      { projects: [] },
      { projects: [{ name: 'P' }] },
      { projects: [{ ...project, publicToken: 'nope' }] },
      { projects: [{ ...project, sms: { maxPerHour: 'x' } }] },
      { projects: [{ ...project, products: ['otp', 'otp'] }] },
      { projects: [{ ...project, surprise: true }] },
      { $schema: 1 },
      [],
    ];
    for (const config of files) {
      const [expected, actual] = [configFileValidator(), precompiled.configFileValidator()];
      assert.equal(actual(config), expected(config), JSON.stringify(config));
      assert.deepEqual(actual.errors, expected.errors, JSON.stringify(config));
    }
  });

  test('every package the compiled server imports or requires is a dependency (npm ci --omit=dev installs it)', async () => {
    const { metafile, outputFiles } = await build({
      ...serverBuildOptions(),
      outdir: join(dir, 'build-dependencies'),
      write: false,
      metafile: true,
    });
    const specifiers = new Set<string>();
    for (const output of Object.values(metafile.outputs)) {
      for (const imported of output.imports) if (imported.external) specifiers.add(imported.path);
      // CommonJS packages, loaded through the banner's `require` (see `requireCommonJs`).
      for (const input of Object.keys(output.inputs)) {
        if (input.startsWith('require-commonjs:')) specifiers.add(input.slice(17));
      }
    }
    for (const file of outputFiles) {
      for (const [, specifier = ''] of file.text.matchAll(/\brequire\("([^"./][^"]*)"\)/g)) {
        specifiers.add(specifier);
      }
    }
    const builtins = new Set(builtinModules);
    const packages = new Set(
      [...specifiers]
        .filter((specifier) => !specifier.startsWith('node:') && !builtins.has(specifier))
        .map((specifier) => {
          const parts = specifier.split('/');
          return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
        }),
    );
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    assert.ok(packages.has('fastify') && packages.has('better-sqlite3'), [...packages].join(', '));
    const missing = [...packages].filter((name) => !(name in manifest.dependencies));
    assert.deepEqual(missing, [], 'imported by dist/server but not in dependencies');
  });

  test("products' implementations are not in what the server loads at start", async () => {
    const outdir = join(dir, 'build');
    const { metafile } = await build({
      ...serverBuildOptions(),
      outdir,
      write: false,
      metafile: true,
    });
    // The entry and the chunks it imports statically: what `node dist/server/main.js` loads.
    const atStart = new Set<string>();
    const visit = (output: string) => {
      if (atStart.has(output)) return;
      atStart.add(output);
      for (const imported of metafile.outputs[output]?.imports ?? []) {
        if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
      }
    };
    const entry = Object.keys(metafile.outputs).find((output) => output.endsWith('/main.js'));
    assert.ok(entry);
    visit(entry);
    const loadedAtStart = new Set(
      [...atStart].flatMap((output) => Object.keys(metafile.outputs[output]?.inputs ?? {})),
    );
    const built = new Set(Object.values(metafile.outputs).flatMap((o) => Object.keys(o.inputs)));
    const lazy = [
      'passwords/passwords-implementation.ts',
      'passwords/password-service.ts',
      'passwords/password-hashing.ts',
      'passwords/breached-passwords.ts',
      'magic-links/magic-links-implementation.ts',
      'magic-links/magic-links-service.ts',
      'passkeys/passkeys-implementation.ts',
      'passkeys/passkeys-service.ts',
      'crypto/crypto-implementation.ts',
      'crypto/crypto-service.ts',
      'totp/totp-implementation.ts',
      'totp/totp-service.ts',
    ].map((path) => `server/products/${path}`);
    for (const path of lazy) {
      assert.ok(built.has(path), `${path} is in the build`);
      assert.ok(!loadedAtStart.has(path), `${path} loads at start`);
    }
    // Their routes (paths and schemas) are declared at start.
    assert.ok(loadedAtStart.has('server/products/passwords/password-routes.ts'));
    assert.ok(loadedAtStart.has('server/products/totp/totp-routes.ts'));
  });
});
