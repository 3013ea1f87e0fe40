import { expect } from '@open-wc/testing';
import { describe, it } from '../../client/testing/mocha.js';
import { formatRemaining } from './countdown.js';

describe('formatRemaining', () => {
  it('shows m:ss, rounding up to the second', () => {
    expect(formatRemaining(600_000)).to.equal('10:00');
    expect(formatRemaining(599_001)).to.equal('10:00');
    expect(formatRemaining(599_000)).to.equal('9:59');
    expect(formatRemaining(61_000)).to.equal('1:01');
    expect(formatRemaining(1000)).to.equal('0:01');
    expect(formatRemaining(1)).to.equal('0:01');
    expect(formatRemaining(0)).to.equal('0:00');
    expect(formatRemaining(-5000)).to.equal('0:00');
  });

  it('writes the digits of the locale, through Intl', () => {
    expect(formatRemaining(65_000, 'es')).to.equal('1:05');
    expect(formatRemaining(65_000, 'fr')).to.equal('1:05');
    expect(formatRemaining(65_000, 'ar-EG')).to.equal('١:٠٥');
    expect(formatRemaining(65_000, 'not a locale!')).to.equal('1:05');
  });
});
