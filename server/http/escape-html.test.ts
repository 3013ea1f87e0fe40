import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  test('escapes the five characters that end text or a quoted attribute', () => {
    assert.equal(escapeHtml(`&<>"'`), '&amp;&lt;&gt;&quot;&#39;');
  });

  test('an attribute quoted with either quote cannot be closed', () => {
    const hostile = `x' onmouseover='alert(1)" onfocus="alert(2)`;
    assert.ok(!/['"]/.test(escapeHtml(hostile)));
  });

  test('leaves everything else as it is', () => {
    assert.equal(escapeHtml('Velvet — café ’ 123'), 'Velvet — café ’ 123');
  });
});
