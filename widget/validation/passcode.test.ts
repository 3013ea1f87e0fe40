import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { INVALID_PASSCODE_MESSAGE, isValidPasscode } from './passcode.js';

describe('isValidPasscode', () => {
  it('accepts exactly six digits', () => {
    expect(isValidPasscode('123456')).to.equal(true);
    expect(isValidPasscode('000000')).to.equal(true);
  });

  for (const [reason, code] of [
    ['five digits', '12345'],
    ['seven digits', '1234567'],
    ['a letter', '12345a'],
    ['a space', '123 456'],
    ['a dash', '123-45'],
    ['surrounding spaces', ' 123456 '],
    ['a trailing newline', '123456\n'],
    ['non-ASCII digits', '١٢٣٤٥٦'],
    ['full-width digits', '１２３４５６'],
    ['an empty string', ''],
  ] as const) {
    it(`rejects ${reason}`, () => {
      expect(isValidPasscode(code)).to.equal(false);
    });
  }

  it("has the spec's message", () => {
    expect(INVALID_PASSCODE_MESSAGE).to.equal('Invalid passcode, please try again.');
  });
});
