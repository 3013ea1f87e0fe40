/**
 * The hosts' text as the invitation renders it (React's own server renderer, on the component
 * itself): links as real `<a>` elements (new tab and no referrer for `https:`), every attack a
 * plain text with no link and no markup of its own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RichText } from './RichText.js';

const html = (text: string) => renderToStaticMarkup(createElement(RichText, { text }));

test('links render as links: https in a new tab without referrer, mailto and tel as they are', () => {
  assert.equal(
    html('RSVP [here](https://partiful.com/e/x?a=1&b=2) or [mail](mailto:hi@example.com).'),
    'RSVP <a href="https://partiful.com/e/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">here</a> or <a href="mailto:hi@example.com">mail</a>.',
  );
  assert.equal(html('[call](tel:+14155550142)'), '<a href="tel:+14155550142">call</a>');
});

test('script URLs, HTML in the text and HTML in the words render as text only', () => {
  for (const [text, expected] of [
    ['[click](javascript:alert(1))', 'click'],
    ['[click](data:text/html,<script>alert(1)</script>)', 'click'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    [
      '[<b onclick="alert(1)">bold</b>](https://example.com)',
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">&lt;b onclick=&quot;alert(1)&quot;&gt;bold&lt;/b&gt;</a>',
    ],
  ] as const) {
    assert.equal(html(text), expected, text);
  }
  const quoted = html('[x](https://example.com/"onmouseover="alert(1))');
  assert.equal((quoted.match(/="/g) ?? []).length, 3, quoted);
  assert.doesNotMatch(quoted, /\sonmouseover=/);
});
