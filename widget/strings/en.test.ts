import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { passcodeEn } from '../products/otp/passcode-strings.js';
import { en, withOverrides } from './en.js';

describe('strings', () => {
  it('holds the spec’s exact texts', () => {
    expect(en.mainTitle).to.equal('Sign up or log in');
    expect(en.continueWithText).to.equal('Continue with text message');
    expect(en.continueWithWhatsApp).to.equal('Continue with WhatsApp');
    expect(en.continueWithEmail).to.equal('Continue with email');
    expect(en.phonePlaceholder).to.equal('(123) 456-7890');
    expect(en.invalidEmail).to.equal('Invalid email address, please try again.');
    expect(en.invalidPhone).to.equal('Invalid phone number, please try again.');
    expect(passcodeEn.invalidPasscode).to.equal('Invalid passcode, please try again.');
    expect(passcodeEn.codeExpired).to.equal('Your code has expired.');
    expect(passcodeEn.verifyingPasscode).to.equal('Verifying passcode...');
    expect(passcodeEn.codeSent).to.equal('Code sent');
    expect(passcodeEn.otpSuccessTitle).to.equal('Success!');
    expect(passcodeEn.otpSuccessText).to.equal('Your passcode has been successfully verified.');
  });

  it('a page overrides texts; wrong types and unknown keys are ignored', () => {
    const strings = withOverrides({
      mainTitle: 'Do we know you?',
      countryNotAllowed: (country: string) => `Not ${country}`,
      // @ts-expect-error: a wrong type on purpose
      tryAgain: 42,
    });
    expect(strings.mainTitle).to.equal('Do we know you?');
    expect(strings.countryNotAllowed('Peru', 'Chile')).to.equal('Not Peru');
    expect(strings.tryAgain).to.equal('Try again');
    expect(withOverrides(undefined).back).to.equal('Back');
  });
});
