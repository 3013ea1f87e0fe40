/**
 * The JSON blocks of the documentation as Velvet configs: each goes through the server's own
 * config loader, so it is JSON with no key written twice and valid against the config schema,
 * and a complaint names the Markdown file's line and column. A whole config (it has "projects")
 * is read as it is; a fragment of a project's settings (`"oauth": { … }`) is read inside a
 * project. A JSON block that is neither is a problem too: every JSON block is a config. The
 * README's full example once held two "oauth" keys, which JSON.parse takes silently and a host
 * pasting it got "not valid JSON … position 2201".
 */
import { parseConfigFile } from '../server/config/config.js';
import type { FencedBlock } from './docs-markdown.js';

/** A project to read a settings fragment in: the two keys every project needs. */
const FRAGMENT_PROJECT =
  '{"projects":[{"name":"Docs","publicToken":"public-token-test-0123456789",';

/**
 * The config text of `block`, laid out so the loader's line and column are those of the
 * Markdown file: the lines before the block are empty, a fragment's project opens on the fence
 * line. `undefined` for a block that is neither a config nor a project's settings.
 */
function configText(block: FencedBlock): string | undefined {
  const body = block.code.trimEnd();
  const before = '\n'.repeat(block.line - 1);
  if (/^\s*\{/.test(body) && /"projects"\s*:/.test(body)) return `${before}\n${body}\n`;
  if (/^\s*"[A-Za-z]+"\s*:/.test(body)) return `${before}${FRAGMENT_PROJECT}\n${body}\n}]}\n`;
  return undefined;
}

/** The loader's complaint about a JSON block, or none. */
export function configBlockProblems(block: FencedBlock): string[] {
  const text = configText(block);
  if (text === undefined) {
    return [
      `the block at ${block.file}:${block.line} is neither a config nor a project's settings`,
    ];
  }
  try {
    parseConfigFile(text, block.file);
    return [];
  } catch (error) {
    return [`the block at ${block.file}:${block.line}: ${(error as Error).message}`];
  }
}
