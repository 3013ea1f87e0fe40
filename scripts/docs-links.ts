/**
 * The relative links of the documentation (`[text](path#heading)`, `<img src>`, `<a href>`)
 * and whether each resolves: to a file or folder of the repository, and with a fragment, to a
 * heading of that Markdown page, by GitHub's anchors (lower case, punctuation dropped, spaces
 * as hyphens, `-1`, `-2`… for a repeated heading).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './docs-markdown.js';

/** One link of a page: where it is and what it names. */
export interface DocLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

/** `text` with its fenced blocks and inline code blanked, line count kept. */
function withoutCode(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line.replace(/`[^`]*`/g, '');
    })
    .join('\n');
}

/** The links of `markdown` (the text of `file`) that point inside the repository. */
export function relativeLinks(markdown: string, file: string): DocLink[] {
  const name = relative(ROOT, file);
  return withoutCode(markdown)
    .split('\n')
    .flatMap((line, index) =>
      [
        ...line.matchAll(/\]\(([^)\s]+)\)/g),
        ...line.matchAll(/<(?:img|a)\b[^>]*?\b(?:src|href)="([^"]+)"/g),
      ].map((match) => ({ file: name, line: index + 1, target: match[1] ?? '' })),
    )
    .filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor of a heading's text. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown page's headings, repeated ones numbered as GitHub does. */
export function pageAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutFences(markdown)) {
    const heading = /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const anchor = headingAnchor(heading);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

/** The lines of `markdown` outside its fenced blocks. */
function withoutFences(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return !fenced && !/^\s*```/.test(line);
  });
}

/** Why `link` does not resolve, or `undefined` when it does. */
export function brokenLink(link: DocLink): string | undefined {
  const [path = '', fragment] = link.target.split('#');
  const from = join(ROOT, link.file);
  const target = path === '' ? from : join(dirname(from), decodeURIComponent(path));
  const where = `${link.file}:${link.line}: ${link.target}`;
  if (!existsSync(target)) return `${where}: no such file`;
  if (fragment === undefined) return undefined;
  if (!target.endsWith('.md')) return `${where}: a fragment of a file that is not a page`;
  if (!pageAnchors(readFileSync(target, 'utf8')).has(fragment)) {
    return `${where}: no heading #${fragment} in ${relative(ROOT, target)}`;
  }
  return undefined;
}
