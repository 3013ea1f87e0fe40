/**
 * The documentation as the doc tests read it: the README and every page under `docs/`, and the
 * fenced code blocks of each, with the file and line they start on and their info string
 * (` ```sh runnable `: the language `sh`, the words `runnable`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '..');

/** The folder of the documentation pages. */
export const DOCS_DIR = join(ROOT, 'docs');

/** One fenced code block of a Markdown file. */
export interface FencedBlock {
  /** The file, relative to the repository (`docs/widget.md`). */
  readonly file: string;
  /** The line of the opening fence, from 1. */
  readonly line: number;
  /** The language of the info string (`sh`), or `''`. */
  readonly lang: string;
  /** The info string's words after the language (`runnable`, `from=path`). */
  readonly words: readonly string[];
  /** The lines between the fences, with the fence's indentation taken off. */
  readonly code: string;
}

/** The Markdown files of the documentation: the README, then the pages of `docs/` by name. */
export function markdownFiles(): string[] {
  const pages = existsSync(DOCS_DIR)
    ? readdirSync(DOCS_DIR, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => join(DOCS_DIR, name))
    : [];
  return [join(ROOT, 'README.md'), ...pages];
}

/** The fenced blocks of `markdown` (the text of `file`), indented ones (in a list) included. */
export function fencedBlocks(markdown: string, file: string): FencedBlock[] {
  const name = relative(ROOT, file);
  const blocks: FencedBlock[] = [];
  let open: { line: number; indent: string; info: string; lines: string[] } | undefined;
  markdown.split('\n').forEach((text, index) => {
    if (open) {
      if (/^\s*```\s*$/.test(text)) {
        const [lang = '', ...words] = open.info.split(/\s+/).filter(Boolean);
        const code = open.lines.map((line) => line.slice(open?.indent.length ?? 0)).join('\n');
        blocks.push({ file: name, line: open.line, lang, words, code: `${code}\n` });
        open = undefined;
      } else {
        open.lines.push(text);
      }
      return;
    }
    const fence = /^(\s*)```(.*)$/.exec(text);
    if (fence) open = { line: index + 1, indent: fence[1] ?? '', info: fence[2] ?? '', lines: [] };
  });
  if (open) throw new Error(`${name}:${open.line}: a code block is never closed`);
  return blocks;
}

/** Every fenced block of the documentation, file by file. */
export function documentationBlocks(): FencedBlock[] {
  return markdownFiles().flatMap((file) => fencedBlocks(readFileSync(file, 'utf8'), file));
}
