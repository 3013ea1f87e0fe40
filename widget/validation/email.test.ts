import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE, isValidEmail } from './email.js';

describe('isValidEmail', () => {
  for (const email of [
    'ada@example.com',
    'Ada.Lovelace+party@mail.example.co.uk',
    "o'brien@example.io",
    'x@a-b.example.museum',
    '  ada@example.com  ',
  ]) {
    it(`accepts ${JSON.stringify(email)}`, () => {
      expect(isValidEmail(email)).to.equal(true);
    });
  }

  for (const [reason, email] of [
    ['no TLD', 'ada@example'],
    ['a one-letter TLD', 'ada@example.c'],
    ['a numeric TLD', 'ada@example.123'],
    ['a space in the local part', 'ada lovelace@example.com'],
    ['a space in the domain', 'ada@exa mple.com'],
    ['a space before the @', 'ada @example.com'],
    ['no @', 'ada.example.com'],
    ['two @', 'ada@@example.com'],
    ['no local part', '@example.com'],
    ['an empty string', ''],
    ['only spaces', '   '],
    ['a domain label starting with a hyphen', 'ada@-example.com'],
    ['an empty domain label', 'ada@example..com'],
    [
      'more than 254 characters',
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
    ],
  ] as const) {
    it(`rejects ${reason}`, () => {
      expect(isValidEmail(email)).to.equal(false);
    });
  }

  it('uses the same pattern as the server', () => {
    // server/products/users/destinations.ts, copied here so a change to either side fails this test.
    const server =
      /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
    expect(EMAIL_PATTERN.source).to.equal(server.source);
    expect(EMAIL_PATTERN.flags).to.equal(server.flags);
  });

  it("has the spec's message", () => {
    expect(INVALID_EMAIL_MESSAGE).to.equal('Invalid email address, please try again.');
  });
});
