/**
 * Every JSON block of the README and of `docs/` that is a Velvet config goes through the
 * server's own config loader: JSON with no key written twice, valid against the config schema.
 * A whole config (it has "projects") is read as it is; a fragment of a project's settings
 * (`"oauth": { … }`) is read inside a project, unless it holds a placeholder (`"0x4AAA…"`, a
 * value the reader fills in). The README's full example once held two "oauth"
 * keys, which JSON.parse takes silently and a host pasting it got "not valid JSON … position 2201".
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { parseConfigFile } from '../server/config/config.js';

const root = join(import.meta.dirname, '..');

/** A fenced ```json block: the line of its fence (from 1) and the lines between the fences. */
interface JsonBlock {
  fenceLine: number;
  lines: string[];
}

/** The ```json blocks of a Markdown text, indented ones (in a list) included. */
export function jsonBlocks(markdown: string): JsonBlock[] {
  const blocks: JsonBlock[] = [];
  let open: JsonBlock | undefined;
  markdown.split('\n').forEach((line, index) => {
    if (open) {
      if (/^\s*```\s*$/.test(line)) {
        blocks.push(open);
        open = undefined;
      } else {
        open.lines.push(line);
      }
    } else if (/^\s*```json\s*$/.test(line)) {
      open = { fenceLine: index + 1, lines: [] };
    }
  });
  return blocks;
}

/** A project to read a settings fragment in: the two keys every project needs. */
const FRAGMENT_PROJECT =
  '{"projects":[{"name":"Docs","publicToken":"public-token-test-0123456789",';

/**
 * The config text of `block`, laid out so the loader's line and column are those of the
 * Markdown file: the lines before the block are empty, a fragment's project opens on the fence
 * line. `undefined` for a block that is not a Velvet config, or a fragment with a placeholder.
 */
function configText(block: JsonBlock): string | undefined {
  const body = block.lines.join('\n');
  const before = '\n'.repeat(block.fenceLine - 1);
  if (/^\s*\{/.test(body) && /"projects"\s*:/.test(body)) return `${before}\n${body}\n`;
  if (/^\s*"[A-Za-z]+"\s*:/.test(body) && !body.includes('…'))
    return `${before}${FRAGMENT_PROJECT}\n${body}\n}]}\n`;
  return undefined;
}

/** The Markdown files whose blocks are checked: the README and every page under `docs/`. */
function markdownFiles(): string[] {
  const docs = join(root, 'docs');
  const pages = existsSync(docs)
    ? readdirSync(docs, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(docs, name))
    : [];
  return [join(root, 'README.md'), ...pages];
}

/** The loader's complaint about each config block of `file`, or none. */
export function configBlockProblems(file: string, markdown: string): string[] {
  const name = relative(root, file);
  return jsonBlocks(markdown).flatMap((block) => {
    const text = configText(block);
    if (text === undefined) return [];
    try {
      parseConfigFile(text, name);
      return [];
    } catch (error) {
      return [`the block at ${name}:${block.fenceLine}: ${(error as Error).message}`];
    }
  });
}

describe('the config examples of the README and docs/ load', () => {
  test('every JSON block that is a Velvet config, whole or a project’s settings, loads', () => {
    let checked = 0;
    const problems = markdownFiles().flatMap((file) => {
      const markdown = readFileSync(file, 'utf8');
      checked += jsonBlocks(markdown).filter((block) => configText(block) !== undefined).length;
      return configBlockProblems(file, markdown);
    });
    assert.ok(checked >= 3, `only ${checked} config blocks found`);
    assert.deepEqual(problems, []);
  });

  test('a block with a key written twice fails, naming the line of the README', () => {
    const markdown = [
      '# Config',
      '',
      '```json',
      '{',
      '  "projects": [',
      '    { "name": "Party", "publicToken": "public-token-test-0123456789",',
      '      "oauth": { "providers": {} },',
      '      "oauth": { "providers": {} } }',
      '  ]',
      '}',
      '```',
      '',
      '```json',
      '"sessions": { "defaultDuration": 60 }',
      '```',
    ].join('\n');
    assert.deepEqual(configBlockProblems(join(root, 'README.md'), markdown), [
      'the block at README.md:3: Invalid setting README.md:8:7: is not valid JSON: the key "oauth" is written twice in one object (first on line 7); only one would count',
      'the block at README.md:13: Invalid setting projects[0].sessions in README.md:14:15: unknown setting "defaultDuration"',
    ]);
  });
});
