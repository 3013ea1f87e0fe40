import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { mainLayout } from './main-layout.js';

describe('mainLayout', () => {
  it('keeps the configured product order, one form for every form product', () => {
    expect(mainLayout(['otp', 'oauth', 'emailMagicLinks', 'crypto']).sections).to.deep.equal([
      'form',
      'oauth',
      'crypto',
    ]);
  });

  it('puts a divider before the last section when buttons and a form are both present', () => {
    expect(mainLayout(['oauth', 'otp']).dividerBeforeLast).to.equal(true);
    expect(mainLayout(['otp', 'crypto']).dividerBeforeLast).to.equal(true);
    expect(mainLayout(['otp']).dividerBeforeLast).to.equal(false);
    expect(mainLayout(['oauth', 'crypto']).dividerBeforeLast).to.equal(false);
    expect(mainLayout(['otp', 'passwords']).dividerBeforeLast).to.equal(false);
  });
});
