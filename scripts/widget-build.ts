/**
 * The widget's build for the tests that read it (`scripts/packages.test.ts`,
 * `scripts/served-manifest.test.ts`): `scripts/build.ts --widget` when `dist/` lacks it, by one
 * test process at a time. Node's test runner runs two files at once (`scripts/test-server.ts`),
 * and a build empties `dist/widget` while the other file may be reading it; so the first takes a
 * lock file (holding its pid), builds, and the other waits for it, then finds the build there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_PATH } from './build-manifest.js';

const root = join(import.meta.dirname, '..');
const lockFile = join(root, 'node_modules', '.cache', 'velvet-widget-build.lock');
/** How long a test waits for another's build before it gives up. */
const WAIT_MS = 5 * 60_000;

/** Whether `dist/` holds what the tests read: the widget, its declarations and manifests. */
function built(): boolean {
  return [
    join(root, 'dist', 'widget', 'types'),
    join(root, 'dist', 'widget', 'custom-elements.json'),
    MANIFEST_PATH,
  ].every((path) => existsSync(path));
}

/** Whether process `pid` is running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock, waiting while a running process holds it; a dead holder's lock is taken over. */
function lock(): void {
  mkdirSync(join(lockFile, '..'), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + WAIT_MS; ; ) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (!running(holder)) rmSync(lockFile, { force: true });
    else if (Date.now() > deadline) throw new Error(`process ${holder} still builds the widget`);
    else Atomics.wait(pause, 0, 0, 250);
  }
}

/** Builds the widget (`scripts/build.ts --widget`) unless `dist/` holds it. */
export function ensureWidgetBuild(): void {
  lock();
  try {
    if (built()) return;
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--widget'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    rmSync(lockFile, { force: true });
  }
}
