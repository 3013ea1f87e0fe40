/**
 * The first half of `npm start` (plain JavaScript, so it runs without the dev dependencies): makes
 * sure `dist/` holds a build for the second half, `node dist/server/main.js`, to run.
 *
 * - With the dev dependencies installed (`npm ci`), it builds what is missing or older than its
 *   sources (`scripts/prepare-start.ts`, through tsx), so `npm ci && npm start` works on a fresh
 *   clone.
 * - Without them (`npm ci --omit=dev`, a production install), it builds nothing: a built tree
 *   (`npm run build` ahead) starts as it is, and a tree without a build stops with one line
 *   saying to build it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** What `npm run build` builds with: all dev dependencies, none of them installed by `--omit=dev`. */
const BUILD_TOOLS = ['esbuild', 'vite', 'typescript'];

/** Whether the dev dependencies the build needs are installed. */
function canBuild() {
  return BUILD_TOOLS.every((name) => existsSync(join(root, 'node_modules', name, 'package.json')));
}

if (canBuild()) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-start.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
if (!existsSync(join(root, 'dist', 'server', 'main.js'))) {
  console.error(
    'velvet: no build in dist/ and no dev dependencies to build it: run `npm ci && npm run build` first (then `npm ci --omit=dev` may drop the dev dependencies)',
  );
  process.exit(1);
}
