/**
 * The widget's CSS and HTML are template literals written for people: indented, one
 * declaration a line, with comments. This plugin takes the layout out at build time, where no
 * browser can see the difference, so every page downloads less:
 *
 * - in the CSS modules (`*.styles.ts`, whose template literals are all CSS), comments go, runs of
 *   whitespace become one space, the space around `{`, `}`, `;`, `,`, `>` and after `:` and
 *   before `!` goes, and so does a block's last `;` (never inside a quoted string);
 * - in Lit's `html` and `svg` templates, each run of whitespace that holds a line break becomes
 *   one space, or nothing before a tag's closing `>` on a line of its own. A single space stays wherever one
 *   was, so text and inline elements keep the spaces between them (the widget has no `<pre>` or
 *   `<textarea>`, where more than one would show).
 *
 * A literal part ending in a backslash, an unbalanced quote in CSS, or anything else it cannot
 * read safely is left as written. The source map follows the edits.
 */
import { type Plugin, parseSync } from 'vite';

/** The widget's own TypeScript modules. */
const WIDGET_MODULE = /[\\/]widget[\\/].+\.ts$/;
/** The CSS modules: every template literal in them is CSS. */
const STYLES_MODULE = /\.styles\.ts$/;
/** Lit's template tags. */
const HTML_TAGS = new Set(['html', 'svg']);

/** A part of a template literal (the text between `${…}`), with its offsets in the source. */
interface Quasi {
  readonly start: number;
  readonly end: number;
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A comment or a quoted string, whichever starts first: a quote in a comment quotes nothing. */
const COMMENT_OR_STRING = /\/\*[\s\S]*?\*\/|"[^"\n]*"|'[^'\n]*'/g;

/** CSS outside quoted strings and comments: no layout. */
function minifyCssCode(css: string, first: boolean, last: boolean): string {
  let out = css
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,>]) ?/g, '$1')
    .replace(/: /g, ':')
    .replace(/ !/g, '!')
    .replace(/;}/g, '}');
  if (first) out = out.trimStart();
  if (last) out = out.trimEnd();
  return out;
}

/** One part of a CSS template literal, or `undefined` to leave it as written. */
export function minifyCssPart(raw: string, first: boolean, last: boolean): string | undefined {
  if (raw.includes('\\') || /\/\*(?![\s\S]*?\*\/)/.test(raw)) return undefined;
  // Comments go first (one may hold an apostrophe), but not a `/*` inside a quoted string.
  const uncommented = raw.replace(COMMENT_OR_STRING, (match) =>
    match.startsWith('/*') ? ' ' : match,
  );
  const pieces = uncommented.split(/("[^"\n]*"|'[^'\n]*')/);
  // An odd quote left over: a string that runs on past this part.
  if (pieces.some((piece, index) => index % 2 === 0 && /["']/.test(piece))) return undefined;
  return pieces
    .map((piece, index) =>
      index % 2 === 1
        ? piece
        : minifyCssCode(piece, first && index === 0, last && index === pieces.length - 1),
    )
    .join('');
}

/** One part of an `html` or `svg` template, or `undefined` to leave it as written. */
export function minifyHtmlPart(raw: string): string | undefined {
  if (raw.includes('\\')) return undefined;
  return raw.replace(/\s*\n\s*>/g, '>').replace(/[ \t]*\n\s*/g, ' ');
}

interface AstNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** Every node under `node`, depth first. */
function* walk(node: AstNode): Generator<AstNode> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) {
      yield* walk(value);
    }
  }
}

/** The raw text of each part, without the delimiters its span includes (`` ` ``, `}`, `${`). */
function quasisOf(literal: AstNode): Quasi[] {
  return (literal.quasis as AstNode[]).map((quasi) => ({
    start: quasi.start + 1,
    end: quasi.end - (quasi.tail ? 1 : 2),
  }));
}

/** The edits that minify the CSS and HTML template literals of `code`. */
export function templateLiteralEdits(code: string, id: string): Edit[] {
  const css = STYLES_MODULE.test(id);
  const { program, errors } = parseSync(id, code, { lang: 'ts', sourceType: 'module' });
  if (errors.length > 0) return [];
  const edits: Edit[] = [];
  const add = (quasi: Quasi, text: string | undefined) => {
    if (text !== undefined && text !== code.slice(quasi.start, quasi.end)) {
      edits.push({ ...quasi, text });
    }
  };
  for (const node of walk(program as unknown as AstNode)) {
    if (
      node.type === 'TaggedTemplateExpression' &&
      isNode(node.tag) &&
      node.tag.type === 'Identifier' &&
      HTML_TAGS.has(node.tag.name as string) &&
      isNode(node.quasi)
    ) {
      for (const quasi of quasisOf(node.quasi)) {
        add(quasi, minifyHtmlPart(code.slice(quasi.start, quasi.end)));
      }
    } else if (css && node.type === 'TemplateLiteral') {
      const quasis = quasisOf(node);
      quasis.forEach((quasi, index) => {
        const raw = code.slice(quasi.start, quasi.end);
        add(quasi, minifyCssPart(raw, index === 0, index === quasis.length - 1));
      });
    }
  }
  return edits.sort((a, b) => a.start - b.start);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

/** Line and column of each offset of `code`, for the source map. */
function positions(code: string): (offset: number) => [number, number] {
  const starts = [0];
  for (let index = code.indexOf('\n'); index !== -1; index = code.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return [low, offset - (starts[low] ?? 0)];
  };
}

/** `code` with `edits` applied, and a source map with a mapping at each token. */
export function applyEdits(
  code: string,
  edits: readonly Edit[],
  id: string,
): { code: string; map: { version: 3; sources: string[]; names: string[]; mappings: string } } {
  const at = positions(code);
  const lines: string[][] = [[]];
  let out = '';
  let column = 0;
  let previous = { sourceLine: 0, sourceColumn: 0 };
  let lineColumn = 0;
  const mark = (offset: number) => {
    const [sourceLine, sourceColumn] = at(offset);
    lines[lines.length - 1]?.push(
      vlq(column - lineColumn) +
        vlq(0) +
        vlq(sourceLine - previous.sourceLine) +
        vlq(sourceColumn - previous.sourceColumn),
    );
    lineColumn = column;
    previous = { sourceLine, sourceColumn };
  };
  const copy = (from: number, to: number) => {
    const text = code.slice(from, to);
    for (const token of text.matchAll(/\n|[^\s]+|[^\S\n]+/g)) {
      if (token[0] === '\n') {
        lines.push([]);
        column = 0;
        lineColumn = 0;
      } else {
        if (/\S/.test(token[0])) mark(from + token.index);
        column += token[0].length;
      }
    }
    out += text;
  };
  let cursor = 0;
  for (const edit of edits) {
    copy(cursor, edit.start);
    mark(edit.start);
    out += edit.text;
    column += edit.text.length;
    cursor = edit.end;
  }
  copy(cursor, code.length);
  return {
    code: out,
    map: {
      version: 3,
      sources: [id],
      names: [],
      mappings: lines.map((l) => l.join(',')).join(';'),
    },
  };
}

/** The Vite plugin: the widget's CSS and HTML template literals without their layout. */
export function templateLiteralMinify(): Plugin {
  return {
    name: 'velvet-template-literal-minify',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!WIDGET_MODULE.test(id)) return null;
      if (!STYLES_MODULE.test(id) && !/\b(?:html|svg)`/.test(code)) return null;
      const edits = templateLiteralEdits(code, id);
      if (edits.length === 0) return null;
      return applyEdits(code, edits, id);
    },
  };
}
