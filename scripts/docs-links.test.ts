/**
 * Every relative link of the README and of `docs/` resolves to a file, and a link with a
 * fragment to a heading of its page (`scripts/docs-links.ts`).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { brokenLink, headingAnchor, pageAnchors, relativeLinks } from './docs-links.js';
import { markdownFiles, ROOT } from './docs-markdown.js';

describe('the links of the README and docs/', () => {
  test('every relative link resolves to a file, and its fragment to a heading there', () => {
    const links = markdownFiles().flatMap((file) =>
      relativeLinks(readFileSync(file, 'utf8'), file),
    );
    assert.ok(links.length >= 40, `only ${links.length} relative links found`);
    assert.deepEqual(
      links.flatMap((link) => brokenLink(link) ?? []),
      [],
    );
  });

  test('the README links every page of docs/', () => {
    const readme = join(ROOT, 'README.md');
    const linked = new Set(
      relativeLinks(readFileSync(readme, 'utf8'), readme).map((link) => link.target.split('#')[0]),
    );
    const pages = markdownFiles()
      .slice(1)
      .map((file) => file.slice(ROOT.length + 1));
    assert.deepEqual(
      pages.filter((page) => !linked.has(page)),
      [],
    );
  });

  test('a missing file or heading is named with its page and line', () => {
    const page = join(ROOT, 'docs', 'page.md');
    const markdown = [
      '# A page',
      '',
      'See [the widget](widget.md#styling), [nothing](nothing.md), [a heading](#no-such-heading),',
      '`[code](is-not-a-link.md)` and [the web](https://example.com/).',
    ].join('\n');
    const links = relativeLinks(markdown, page);
    assert.deepEqual(
      links.map((link) => link.target),
      ['widget.md#styling', 'nothing.md', '#no-such-heading'],
    );
    assert.deepEqual(
      links.slice(1).map((link) => brokenLink({ ...link, file: 'docs/widget.md' })),
      [
        'docs/widget.md:3: nothing.md: no such file',
        'docs/widget.md:3: #no-such-heading: no heading #no-such-heading in docs/widget.md',
      ],
    );
  });

  test('anchors are GitHub’s', () => {
    assert.equal(
      headingAnchor('Sign in with Velvet (OpenID Connect)'),
      'sign-in-with-velvet-openid-connect',
    );
    assert.equal(
      headingAnchor('The sign-in widget: `<velvet-login>`'),
      'the-sign-in-widget-velvet-login',
    );
    assert.deepEqual(
      [...pageAnchors('# A\n\n## Settings\n\n## Settings\n')],
      ['a', 'settings', 'settings-1'],
    );
  });
});
