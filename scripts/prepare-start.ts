/**
 * Builds what is missing or older than its sources, then exits: `npm start`'s first half
 * (`scripts/ensure-build.mjs`) runs it when the dev dependencies are installed, so the second half
 * runs the compiled server under plain `node` (no TypeScript compiler in the serving process). The server (`dist/server/`) is compiled when a file under `server/` changed;
 * the widget, site and demo (`npm run build`) are built when one of theirs did.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverBuildIsStale } from './build-server.js';

const root = join(import.meta.dirname, '..');

/** Newest modification time (ms) of the files under `paths` (folders walked, node_modules skipped). */
function newest(paths: readonly string[]): number {
  let time = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      time = Math.max(time, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (entry !== 'node_modules') visit(join(path, entry));
    }
  };
  for (const path of paths) visit(join(root, path));
  return time;
}

/** What the bundles of `npm run build` are made from, and the files each build writes. */
const CLIENT_SOURCES = [
  'widget',
  'site',
  'demo',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/build-demo.ts',
  'scripts/build-manifest.ts',
];
const CLIENT_OUTPUTS = ['dist/widget/velvet.js', 'dist/site/index.html', 'dist/demo/index.html'];

function clientBuildIsStale(): boolean {
  const outputs = CLIENT_OUTPUTS.map((path) => join(root, path));
  if (!outputs.every((path) => existsSync(path))) return true;
  const oldestOutput = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  return oldestOutput < newest(CLIENT_SOURCES);
}

if (clientBuildIsStale()) {
  console.log('npm start: the widget, site or demo changed since the last build; building them');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--client'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (serverBuildIsStale()) {
  console.log('npm start: the server changed since the last build; compiling it');
  await buildServer();
}
