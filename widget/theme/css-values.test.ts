import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { CssValueKind, describeCssValue, isCssValue } from './css-values.js';

describe('css-values', () => {
  it('accepts what the browser can use', () => {
    for (const value of ['#c2185b', '#fff', 'rebeccapurple', 'rgb(1 2 3 / 50%)', 'transparent']) {
      expect(isCssValue(CssValueKind.COLOR, value), value).to.equal(true);
    }
    expect(isCssValue(CssValueKind.LENGTH, '360px')).to.equal(true);
    expect(isCssValue(CssValueKind.LENGTH, '100%')).to.equal(true);
    expect(isCssValue(CssValueKind.RADIUS, '0')).to.equal(true);
    expect(isCssValue(CssValueKind.FONT_FAMILY, '"Helvetica Neue", Arial, sans-serif')).to.equal(
      true,
    );
    expect(isCssValue(CssValueKind.FONT_SIZE, '1.125rem')).to.equal(true);
  });

  it('refuses what it cannot, and declarations smuggled into a value', () => {
    expect(isCssValue(CssValueKind.COLOR, 'blurple')).to.equal(false);
    expect(isCssValue(CssValueKind.COLOR, '#12345')).to.equal(false);
    expect(isCssValue(CssValueKind.COLOR, 'red; display: none')).to.equal(false);
    expect(isCssValue(CssValueKind.COLOR, '  ')).to.equal(false);
    expect(isCssValue(CssValueKind.LENGTH, 'wide')).to.equal(false);
    expect(isCssValue(CssValueKind.RADIUS, '20 px')).to.equal(false);
    expect(isCssValue(CssValueKind.FONT_SIZE, 'big')).to.equal(false);
    expect(isCssValue(CssValueKind.FONT_FAMILY, '12px')).to.equal(false);
  });

  it('names each kind for messages', () => {
    expect(describeCssValue(CssValueKind.COLOR)).to.equal('a CSS colour');
    expect(describeCssValue(CssValueKind.RADIUS)).to.equal('a CSS length');
  });
});
