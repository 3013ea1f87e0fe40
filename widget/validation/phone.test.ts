import { expect } from '@open-wc/testing';
import { FakeClock, settle } from '../client/testing/fake-clock.js';
import { describe, it } from '../client/testing/mocha.js';
import {
  formatNational,
  INVALID_PHONE_MESSAGE,
  loadPhoneNumberModule,
  type PhoneNumberModule,
  type PhoneValidation,
  validatePhone,
} from './phone.js';

/**
 * How long the parsing tests let the parser load: its default (2 s) falls back to taking the
 * number as typed, which on a busy machine would make a parsing test see the fallback.
 */
const PARSER_WAIT_MS = 120_000;
const PATIENT = { timeoutMs: PARSER_WAIT_MS };

/** A loader that never finishes, as on a stalled network. */
const neverLoads = (): Promise<PhoneNumberModule> => new Promise(() => {});

/** A loader that fails, as when the chunk cannot be fetched. */
const failsToLoad = (): Promise<PhoneNumberModule> =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

/** Tracks whether a promise has settled yet. */
function track<T>(promise: Promise<T>): { done: boolean; value: T | undefined } {
  const state: { done: boolean; value: T | undefined } = { done: false, value: undefined };
  promise.then((value) => {
    state.done = true;
    state.value = value;
  });
  return state;
}

describe('validatePhone', () => {
  it('gives a valid US number in E.164, with its country', async () => {
    expect(await validatePhone('US', '(213) 373-4253', PATIENT)).to.deep.equal({
      valid: true,
      e164: '+12133734253',
      country: 'US',
    });
    expect(await validatePhone('US', '213-373-4253', PATIENT)).to.deep.equal({
      valid: true,
      e164: '+12133734253',
      country: 'US',
    });
  });

  it('parses in the chosen country', async () => {
    expect(await validatePhone('GB', '020 7183 8750', PATIENT)).to.deep.equal({
      valid: true,
      e164: '+442071838750',
      country: 'GB',
    });
  });

  it('accepts an international number whatever the country', async () => {
    expect(await validatePhone('US', '+44 20 7183 8750', PATIENT)).to.deep.equal({
      valid: true,
      e164: '+442071838750',
      country: 'GB',
    });
  });

  for (const [reason, country, input] of [
    ['too short', 'US', '123'],
    ['too long', 'US', '213 373 4253 9999'],
    ['an impossible area code', 'US', '(023) 373-4253'],
    ['letters only', 'US', 'call me'],
    ['empty', 'US', ''],
    ['a US number in the UK', 'GB', '(213) 373-4253'],
  ] as const) {
    it(`rejects a number that is ${reason} with the spec's message`, async () => {
      expect(await validatePhone(country, input, PATIENT)).to.deep.equal({
        valid: false,
        message: 'Invalid phone number, please try again.',
      });
    });
  }

  it("downloads only the metadata of the calling codes in play, not the world's", async () => {
    const asked: (readonly string[])[] = [];
    const load = (codes: readonly string[]): Promise<PhoneNumberModule> => {
      asked.push(codes);
      return loadPhoneNumberModule(codes);
    };
    expect(
      await validatePhone('JP', '03-1234-5678', { load, timeoutMs: PARSER_WAIT_MS }),
    ).to.deep.equal({
      valid: true,
      e164: '+81312345678',
      country: 'JP',
    });
    expect(
      await validatePhone('JP', '+49 30 901820', { load, timeoutMs: PARSER_WAIT_MS }),
    ).to.deep.equal({
      valid: true,
      e164: '+4930901820',
      country: 'DE',
    });
    expect(asked).to.deep.equal([['81'], ['81', '49']]);
    const fetched = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.includes('phone-metadata') || path.includes('libphonenumber'));
    expect(fetched).to.include('/__velvet/phone-metadata/81.js');
    expect(fetched).to.include('/__velvet/phone-metadata/49.js');
    expect(fetched.filter((path) => path.startsWith('/__velvet/phone-metadata/'))).to.not.include(
      '/__velvet/phone-metadata/33.js',
    );
    expect(fetched.some((path) => path.includes('metadata.min.json'))).to.equal(false);
  });

  it('knows every country of a shared calling code (Canada and Jamaica under +1)', async () => {
    expect(await validatePhone('CA', '(604) 253-0123', PATIENT)).to.deep.equal({
      valid: true,
      e164: '+16042530123',
      country: 'CA',
    });
    expect(await validatePhone('US', '+1 876 927 1234', PATIENT)).to.deep.equal({
      valid: true,
      e164: '+18769271234',
      country: 'JM',
    });
  });

  it('uses the spec message constant', () => {
    expect(INVALID_PHONE_MESSAGE).to.equal('Invalid phone number, please try again.');
  });

  it('falls back to valid (calling code and digits) 2 s after a load that never ends', async () => {
    const clock = new FakeClock();
    const result = track(validatePhone('US', '(555) 010-9999', { load: neverLoads, clock }));
    await settle();
    expect(clock.pendingDelays()).to.deep.equal([2000]);
    await clock.tick(1999);
    expect(result.done).to.equal(false);
    await clock.tick(1);
    expect(result.done).to.equal(true);
    expect(result.value).to.deep.equal({ valid: true, e164: '+15550109999' });
  });

  it('falls back with the chosen country and keeps a typed + as it is', async () => {
    const clock = new FakeClock();
    const gb = track(validatePhone('GB', '7911 123456', { load: neverLoads, clock }));
    const plus = track(validatePhone('GB', '+1 (555) 010-9999', { load: neverLoads, clock }));
    await clock.tick(2000);
    expect(gb.value).to.deep.equal({ valid: true, e164: '+447911123456' });
    expect(plus.value).to.deep.equal({ valid: true, e164: '+15550109999' });
  });

  it('honours a shorter timeoutMs and ignores a load that ends after it', async () => {
    const clock = new FakeClock();
    let finishLoad: (module: PhoneNumberModule) => void = () => {};
    const load = (): Promise<PhoneNumberModule> =>
      new Promise((resolve) => {
        finishLoad = resolve;
      });
    const result = track(validatePhone('US', '123', { load, clock, timeoutMs: 50 }));
    await clock.tick(50);
    expect(result.value).to.deep.equal({ valid: true, e164: '+1123' });
    finishLoad(await loadPhoneNumberModule(['1']));
    await settle();
    expect(result.value).to.deep.equal({ valid: true, e164: '+1123' });
  });

  it('falls back at once when the parser fails to load, leaving no timer', async () => {
    const clock = new FakeClock();
    const result = await validatePhone('US', '555 010 9999', { load: failsToLoad, clock });
    expect(result).to.deep.equal({ valid: true, e164: '+15550109999' });
    expect(clock.pendingDelays()).to.deep.equal([]);
  });

  it('does not fall back before the time-out when the parser answers in time', async () => {
    const clock = new FakeClock();
    const result = await validatePhone('US', '123', { load: loadPhoneNumberModule, clock });
    expect(result.valid).to.equal(false);
    expect(clock.pendingDelays()).to.deep.equal([]);
  });

  it('never calls the parser for a number without digits', async () => {
    let loads = 0;
    const load = (codes: readonly string[]): Promise<PhoneNumberModule> => {
      loads += 1;
      return loadPhoneNumberModule(codes);
    };
    const result: PhoneValidation = await validatePhone('US', ' - ', { load });
    expect(result.valid).to.equal(false);
    expect(loads).to.equal(0);
  });
});

describe('formatNational', () => {
  it('formats an E.164 number the way its country writes it', async () => {
    expect(await formatNational('+12133734253')).to.equal('(213) 373-4253');
    expect(await formatNational('+442071838750')).to.equal('020 7183 8750');
    expect(await formatNational('+33612345678')).to.equal('06 12 34 56 78');
  });

  it('leaves what does not parse unchanged', async () => {
    expect(await formatNational('not a number')).to.equal('not a number');
  });

  it('leaves the number unchanged 10 s after a load that never ends', async () => {
    const clock = new FakeClock();
    const result = track(formatNational('+12133734253', { load: neverLoads, clock }));
    await settle();
    expect(clock.pendingDelays()).to.deep.equal([10_000]);
    await clock.tick(9999);
    expect(result.done).to.equal(false);
    await clock.tick(1);
    expect(result.value).to.equal('+12133734253');
  });

  it('leaves the number unchanged when the parser fails to load', async () => {
    expect(await formatNational('+12133734253', { load: failsToLoad })).to.equal('+12133734253');
  });
});
