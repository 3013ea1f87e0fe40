/**
 * Where the repository is, whether the server runs from its TypeScript sources (`server/`, with
 * tsx) or compiled (`dist/server/`, `npm start`): the nearest folder above this module that holds
 * `package.json`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** The repository's root folder. */
export const ROOT_DIR = findRoot(import.meta.dirname);
