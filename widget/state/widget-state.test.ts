import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { Screen } from './screen.js';
import { initialState, reduce } from './widget-state.js';

describe('widget state', () => {
  it('starts on Main with no error', () => {
    const state = initialState();
    expect(state.screen).to.equal(Screen.Main);
    expect(state.error).to.equal(undefined);
    expect(state.crypto.walletOption).to.equal('Metamask');
    expect(state.password.type).to.equal('new');
  });

  it('applies each action of the spec', () => {
    let state = initialState();
    state = reduce(state, { type: 'set-error', error: { message: 'Nope' } });
    expect(state.error?.message).to.equal('Nope');
    state = reduce(state, {
      type: 'update-otp-state',
      otp: {
        methodId: 'phone-number-test-1',
        destination: '+14155552671',
        type: 'sms',
        expiresAt: 1,
      },
    });
    state = reduce(state, { type: 'transition', screen: Screen.OtpAuthenticate });
    expect(state.screen).to.equal(Screen.OtpAuthenticate);
    expect(state.error, 'a new screen starts without the old error').to.equal(undefined);
    expect(state.otp?.destination).to.equal('+14155552671');
    state = reduce(state, { type: 'set-magic-link-email', email: 'ada@example.com' });
    expect(state.magicLinkEmail).to.equal('ada@example.com');
    state = reduce(state, { type: 'update-crypto-state', crypto: { walletAddress: '0xabc' } });
    expect(state.crypto).to.deep.equal({
      walletAddress: '0xabc',
      walletOption: 'Metamask',
      walletChallenge: '',
    });
    state = reduce(state, { type: 'update-password-state', password: { email: 'a@b.co' } });
    expect(state.password).to.deep.equal({ email: 'a@b.co', type: 'new' });
    state = reduce(state, { type: 'set-error', error: { message: 'x' } });
    state = reduce(state, { type: 'clear-error' });
    expect(state.error).to.equal(undefined);
  });

  it('never mutates the previous state', () => {
    const before = initialState();
    const frozen = JSON.stringify(before);
    reduce(before, { type: 'transition', screen: Screen.OtpConfirmation });
    reduce(before, { type: 'update-crypto-state', crypto: { walletAddress: '0x1' } });
    expect(JSON.stringify(before)).to.equal(frozen);
  });
});
