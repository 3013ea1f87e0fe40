import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
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
    expect(en.invalidPasscode).to.equal('Invalid passcode, please try again.');
    expect(en.codeExpired).to.equal('Your code has expired.');
    expect(en.verifyingPasscode).to.equal('Verifying passcode...');
    expect(en.codeSent).to.equal('Code sent');
    expect(en.otpSuccessTitle).to.equal('Success!');
    expect(en.otpSuccessText).to.equal('Your passcode has been successfully verified.');
  });

  it('a page overrides texts; wrong types and unknown keys are ignored', () => {
    const strings = withOverrides({
      mainTitle: 'Do we know you?',
      passcodeSentTo: (to: string) => `Sent to ${to}`,
      // @ts-expect-error: a wrong type on purpose
      codeSent: 42,
    });
    expect(strings.mainTitle).to.equal('Do we know you?');
    expect(strings.passcodeSentTo('+1 415')).to.equal('Sent to +1 415');
    expect(strings.codeSent).to.equal('Code sent');
    expect(withOverrides(undefined).back).to.equal('Back');
  });
});
