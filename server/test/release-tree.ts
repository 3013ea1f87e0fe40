/**
 * Another release's source tree, for upgrade tests: the commit's files from this clone's git
 * history (`git archive`, so no worktree is registered), in a temporary directory, with this
 * checkout's `node_modules` linked in (a release whose dependencies differ needs its own).
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** A checked-out release. */
export interface ReleaseTree {
  /** The tree's root, where its `server/main.ts` is. */
  dir: string;
  /** Removes the tree. */
  remove(): void;
}

/**
 * Extracts `commit` into a fresh directory.
 * @throws Error saying so when this clone does not hold the commit (a shallow clone).
 */
export async function checkoutRelease(commit: string): Promise<ReleaseTree> {
  try {
    execFileSync('git', ['-C', root, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
  } catch {
    throw new Error(
      `commit ${commit} (the previous release) is not in this clone's history: clone it whole`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), `velvet-release-${commit.slice(0, 7)}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = spawn('git', ['-C', root, 'archive', '--format=tar', commit], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const extract = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'inherit'] });
    archive.stdout.pipe(extract.stdin);
    const [[archived], [extracted]] = await Promise.all([
      once(archive, 'exit'),
      once(extract, 'exit'),
    ]);
    if (archived !== 0 || extracted !== 0) {
      throw new Error(`git archive ${commit} | tar -x failed (${archived}, ${extracted})`);
    }
    symlinkSync(realpathSync(join(root, 'node_modules')), join(dir, 'node_modules'), 'dir');
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
