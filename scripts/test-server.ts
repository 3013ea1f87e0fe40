/**
 * Runs the server tests (every `server/**\/*.test.ts`), the build scripts' tests
 * (`scripts/**\/*.test.ts`, such as the custom-elements manifest) and the site's Node tests
 * (`site/**\/*.test.ts`: its pure modules, such as the calendar's) with node's test runner.
 * `--pg` runs the same tests on PostgreSQL: `VELVET_TEST_DATABASE_URL`, or the
 * local server at postgres://postgres@127.0.0.1:5432/postgres. Test files named as arguments
 * (`npm run test:server -- server/ops/x.test.ts`) run alone instead of the whole suite.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

const usePostgres = process.argv.includes('--pg');
const env = { ...process.env };
if (usePostgres) {
  env.VELVET_TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`server tests on PostgreSQL (${env.VELVET_TEST_DATABASE_URL})`);
} else {
  delete env.VELVET_TEST_DATABASE_URL;
  console.log('server tests on SQLite');
}
const named = process.argv.slice(2).filter((arg) => arg.endsWith('.test.ts'));
const files =
  named.length > 0
    ? named
    : [
        ...testFiles(join(root, 'server')),
        ...testFiles(join(root, 'scripts')),
        ...testFiles(join(root, 'site')),
      ].sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...files],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
