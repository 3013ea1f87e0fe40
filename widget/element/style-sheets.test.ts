import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { adoptOnce, scopeCss, styleSheet } from './style-sheets.js';

describe('style sheets', () => {
  it('nests the rules under the tag for light DOM, turning :host into &, keyframes kept on top', () => {
    const scoped = scopeCss(
      ':host { display: block; }\n.a { color: red; }\n@keyframes spin { from { opacity: 0; } to { opacity: 1; } }',
      'velvet-login',
    );
    expect(scoped.startsWith('@keyframes spin')).to.equal(true);
    expect(scoped).to.include('velvet-login {\n& { display: block; }\n.a { color: red; }');
  });

  it('scopes light-DOM rules to the element', () => {
    const sheet = styleSheet('.scoped-test { width: 123px; }', 'light', 'scoped-test-host');
    adoptOnce(document, sheet);
    adoptOnce(document, sheet);
    expect(document.adoptedStyleSheets.filter((candidate) => candidate === sheet)).to.have.length(
      1,
    );
    const host = document.createElement('scoped-test-host');
    const inside = document.createElement('div');
    inside.className = 'scoped-test';
    host.append(inside);
    const outside = document.createElement('div');
    outside.className = 'scoped-test';
    document.body.append(host, outside);
    try {
      expect(getComputedStyle(inside).width).to.equal('123px');
      expect(getComputedStyle(outside).width).not.to.equal('123px');
    } finally {
      host.remove();
      outside.remove();
    }
  });

  it('scopes the same CSS to each tag that asks for it', () => {
    const css = '.shared-test { width: 45px; }';
    for (const tag of ['shared-test-first', 'shared-test-second']) {
      adoptOnce(document, styleSheet(css, 'light', tag));
    }
    const insides = ['shared-test-first', 'shared-test-second'].map((tag) => {
      const host = document.createElement(tag);
      const inside = document.createElement('div');
      inside.className = 'shared-test';
      host.append(inside);
      document.body.append(host);
      return inside;
    });
    try {
      expect(insides.map((inside) => getComputedStyle(inside).width)).to.deep.equal([
        '45px',
        '45px',
      ]);
    } finally {
      for (const inside of insides) inside.parentElement?.remove();
    }
  });
});
