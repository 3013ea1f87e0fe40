/**
 * The content's link markup: `[words](target)` becomes a link only for an absolute `https:`,
 * `mailto:` or `tel:` target. Each attack below is named after what it tries; each leaves the
 * words as text and no link behind.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inlineSegments, plainText, safeHref, shownText } from './inline-links.js';

/** The links `text` makes, as [words, href]. */
const links = (text: string) =>
  inlineSegments(text).flatMap((segment) =>
    segment.kind === 'link' ? [[segment.text, segment.href]] : [],
  );

test('https, mailto and tel links become links, in running text', () => {
  const text =
    'RSVP [here](https://partiful.com/e/x?a=1&b=2), [mail us](mailto:hi@example.com) or [call](tel:+14155550142).';
  assert.deepEqual(inlineSegments(text), [
    { kind: 'text', text: 'RSVP ' },
    { kind: 'link', text: 'here', href: 'https://partiful.com/e/x?a=1&b=2' },
    { kind: 'text', text: ', ' },
    { kind: 'link', text: 'mail us', href: 'mailto:hi@example.com' },
    { kind: 'text', text: ' or ' },
    { kind: 'link', text: 'call', href: 'tel:+14155550142' },
    { kind: 'text', text: '.' },
  ]);
  assert.deepEqual(
    links('See [the article](https://en.wikipedia.org/wiki/Disco_(disambiguation)).'),
    [['the article', 'https://en.wikipedia.org/wiki/Disco_(disambiguation)']],
  );
  assert.deepEqual(inlineSegments('No markup [at all] (here).'), [
    { kind: 'text', text: 'No markup [at all] (here).' },
  ]);
  assert.deepEqual(inlineSegments(''), []);
});

const ATTACKS: Record<string, string> = {
  'a javascript: URL': 'javascript:alert(1)',
  'a javascript: URL in mixed case': 'JaVaScRiPt:alert(document.cookie)',
  'a javascript: URL with an entity for the colon': 'javascript&colon;alert(1)',
  'a javascript: URL with a full-width letter': 'ｊavascript:alert(1)',
  'a data: URL carrying a page': 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'a vbscript: URL': 'vbscript:msgbox(1)',
  'a file: URL': 'file:///etc/passwd',
  'a plain-http URL (no TLS)': 'http://example.com/rsvp',
  'a protocol-relative URL to another host': '//evil.example/rsvp',
  'a path on the site itself': '/private/calendar.ics',
  'a user name and password in front of the host': 'https://partiful.com:x@evil.example/',
  'a tel: link smuggling a script': 'tel:javascript:alert(1)',
  'a mailto: link with no address': 'mailto:javascript:alert(1)',
  'a blob: URL': 'blob:https://example.com/uuid',
};

for (const [attack, target] of Object.entries(ATTACKS)) {
  test(`the attack "${attack}" leaves the words as text and no link`, () => {
    const text = `Before [click me](${target}) after`;
    assert.deepEqual(links(text), []);
    assert.equal(shownText(text), 'Before click me after');
    assert.equal(safeHref(target), undefined);
    assert.equal(plainText(text), 'Before click me after');
  });
}

test('targets with spaces or control characters are refused, however the URL parser reads them', () => {
  for (const target of [
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    ' https://example.com',
    'https://example.com/\u0000',
    'https://exa mple.com',
    'https://example.com/\u00a0',
  ]) {
    assert.equal(safeHref(target), undefined, JSON.stringify(target));
  }
});

test('a second target after a link, and brackets inside words, make no link', () => {
  assert.deepEqual(links('[ok](https://a.example)(javascript:alert(1))'), [
    ['ok', 'https://a.example/'],
  ]);
  assert.equal(
    shownText('[ok](https://a.example)(javascript:alert(1))'),
    'ok(javascript:alert(1))',
  );
  assert.deepEqual(links('[[x](javascript:alert(1))](https://ok.example)'), []);
  assert.equal(
    shownText('[[x](javascript:alert(1))](https://ok.example)'),
    '[x](https://ok.example)',
  );
});

test('a quote in a target cannot leave the href: the URL holds it encoded', () => {
  const href = safeHref('https://example.com/"onmouseover="alert(1)');
  assert.equal(href, 'https://example.com/%22onmouseover=%22alert(1)');
});

test('plain text for calendars keeps each link target beside its words', () => {
  assert.equal(
    plainText(
      'RSVP [here](https://partiful.com/e/x), [mail](mailto:hi@example.com), [call](tel:+14155550142).',
    ),
    'RSVP here (https://partiful.com/e/x), mail (hi@example.com), call (+14155550142).',
  );
});
