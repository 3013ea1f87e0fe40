import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { configFileValidator } from '../server/config/config-file-validator.js';
import { precompiledConfigValidatorModule } from './build-server.js';

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
});
