import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  applyEdits,
  minifyCssPart,
  minifyHtmlPart,
  templateLiteralEdits,
} from './template-literal-minify.js';

const widget = join(import.meta.dirname, '..', 'widget');

/** The widget's modules, recursively. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the template-literal minifier (scripts/template-literal-minify.ts)', () => {
  test('CSS loses comments and layout, keeps the spaces that mean something', () => {
    assert.equal(
      minifyCssPart(
        `
/* A comment. */
.a :focus, .b > .c {
  margin: calc(1px + 2px) 0;
  content: '  two  spaces  ';
  display: none !important;
}
@media (min-width: 400px) and (hover: hover) {
  .a { color: red; }
}
`,
        true,
        true,
      ),
      ".a :focus,.b>.c{margin:calc(1px + 2px) 0;content:'  two  spaces  ';display:none!important}@media (min-width:400px) and (hover:hover){.a{color:red}}",
    );
  });

  test('a CSS part next to an expression keeps its space there; one it cannot read stays', () => {
    assert.equal(minifyCssPart('\n  border: 1px solid ', false, false), ' border:1px solid ');
    assert.equal(minifyCssPart(' 6%, white);\n}\n', false, true), ' 6%,white)}');
    assert.equal(minifyCssPart("content: '\\2014  ';", true, true), undefined);
    assert.equal(minifyCssPart("content: 'runs on", true, false), undefined);
    // A quote in a comment quotes nothing; a comment's opening inside a string is text.
    assert.equal(
      minifyCssPart("a {\n  color: red;\n}\n/* its kind's shape */\nb {\n  top: 0;\n}", true, true),
      'a{color:red}b{top:0}',
    );
    assert.equal(
      minifyCssPart("a::before {\n  content: '/* x */';\n}", true, true),
      "a::before{content:'/* x */'}",
    );
  });

  test('HTML keeps one space wherever there was some, and closes tags on their own line', () => {
    assert.equal(
      minifyHtmlPart(
        '<p>\n  Did not get\n  a code? <a href="#">Again</a>\n</p>\n<input\n  type="tel"\n/>',
      ),
      '<p> Did not get a code? <a href="#">Again</a> </p> <input type="tel" />',
    );
    assert.equal(minifyHtmlPart('<span\n  >+'), '<span>+');
    assert.equal(minifyHtmlPart('a  b'), 'a  b', 'no line break: as written');
    assert.equal(minifyHtmlPart('a\\\n  b'), undefined);
  });

  test('only html, svg and the CSS modules’ literals change, and the map follows', () => {
    const code = [
      "const x = 'é';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
      'const a = html`<div>\n  ${x}\n</div>`;',
      'const b = `<div>\n  kept\n</div>`;',
      'const c = other`\n  kept\n`;',
      'export { a, b, c };',
    ].join('\n');
    const edits = templateLiteralEdits(code, '/w/widget/a.ts');
    const { code: out, map } = applyEdits(code, edits, '/w/widget/a.ts');
    assert.equal(
      out,
      [
        "const x = 'é';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
        'const a = html`<div> ${x} </div>`;',
        'const b = `<div>\n  kept\n</div>`;',
        'const c = other`\n  kept\n`;',
        'export { a, b, c };',
      ].join('\n'),
    );
    // Two lines fewer in the output than in the source: the map has a line for each.
    assert.equal(map.mappings.split(';').length, out.split('\n').length);
  });

  test('every widget module still holds the same characters once layout and comments go', () => {
    const bare = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/[\s;]/g, '');
    let changed = 0;
    for (const path of modules(widget)) {
      const code = readFileSync(path, 'utf8');
      const edits = templateLiteralEdits(code, path);
      changed += edits.length;
      for (const edit of edits) {
        assert.equal(bare(edit.text), bare(code.slice(edit.start, edit.end)), path);
        assert.ok(!edit.text.includes('\n'), path);
      }
    }
    assert.ok(changed > 100, `${changed} literal parts minified`);
  });
});
