import { expect } from '@open-wc/testing';
import { SchemaError } from './errors.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient } from './testing/test-client.js';
import {
  checkBoolean,
  checkNumber,
  checkObject,
  checkString,
  checkStringArray,
} from './type-checks.js';

function messageOf(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).to.be.instanceOf(SchemaError);
    return (error as Error).message;
  }
  return 'did not throw';
}

async function rejectionOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return null;
}

describe('type checks', () => {
  afterEach(cleanUpClients);

  it('throws the spec texts for each expected type', () => {
    expect(messageOf(() => checkString('token', 5))).to.equal('token must be a string');
    expect(messageOf(() => checkNumber('session_duration_minutes', '60'))).to.equal(
      'session_duration_minutes must be a number',
    );
    expect(messageOf(() => checkNumber('expiration_minutes', Number.NaN))).to.equal(
      'expiration_minutes must be a number',
    );
    expect(messageOf(() => checkBoolean('is_passkey', 'yes'))).to.equal(
      'is_passkey must be a boolean',
    );
    expect(messageOf(() => checkObject('untrusted_metadata', []))).to.equal(
      'untrusted_metadata must be an object',
    );
    expect(messageOf(() => checkObject('untrusted_metadata', null))).to.equal(
      'untrusted_metadata must be an object',
    );
    expect(messageOf(() => checkStringArray('custom_scopes', ['email', 3]))).to.equal(
      'custom_scopes must be an array of strings',
    );
  });

  it('lists the failing path in the schema error', () => {
    try {
      checkString('code', 123456);
    } catch (error) {
      expect((error as SchemaError).errors).to.deep.equal([
        { path: 'code', message: 'must be a string' },
      ]);
      expect((error as SchemaError).error_type).to.equal('schema_error');
      return;
    }
    throw new Error('checkString did not throw');
  });

  it('lets good values through', () => {
    checkString('token', '123456');
    checkNumber('session_duration_minutes', 60);
    checkBoolean('flag', false);
    checkObject('untrusted_metadata', {});
    checkStringArray('custom_scopes', []);
  });

  it('checks OTP authenticate arguments before any request', async () => {
    const test = createTestClient();
    const otps = test.client.otps as unknown as {
      authenticate(code: unknown, methodId: unknown, options: unknown): Promise<unknown>;
    };
    const badCode = await rejectionOf(() =>
      otps.authenticate(123456, 'phone-1', { session_duration_minutes: 60 }),
    );
    expect((badCode as Error).message).to.equal('code must be a string');
    const badMethod = await rejectionOf(() =>
      otps.authenticate('123456', null, { session_duration_minutes: 60 }),
    );
    expect((badMethod as Error).message).to.equal('method_id must be a string');
    const badDuration = await rejectionOf(() =>
      otps.authenticate('123456', 'phone-1', { session_duration_minutes: '60' }),
    );
    expect((badDuration as Error).message).to.equal('session_duration_minutes must be a number');
    const noDuration = await rejectionOf(() => otps.authenticate('123456', 'phone-1', {}));
    expect(noDuration).to.be.instanceOf(SchemaError);
    expect((noDuration as Error).message).to.equal('session_duration_minutes must be a number');
    expect(test.api.requests).to.have.length(0);
  });

  it('checks send and user arguments before any request', async () => {
    const test = createTestClient();
    const sms = test.client.otps.sms as unknown as {
      send(phone: unknown, options?: unknown): Promise<unknown>;
    };
    const email = test.client.otps.email as unknown as {
      loginOrCreate(address: unknown, options?: unknown): Promise<unknown>;
    };
    const user = test.client.user as unknown as {
      update(options: unknown): Promise<unknown>;
      search(address: unknown): Promise<unknown>;
    };
    const messages = await Promise.all([
      rejectionOf(() => sms.send(4155550100)),
      rejectionOf(() => sms.send('+14155550100', { expiration_minutes: '10' })),
      rejectionOf(() => email.loginOrCreate(undefined)),
      rejectionOf(() => email.loginOrCreate('ada@example.com', { login_template_id: 7 })),
      rejectionOf(() => user.update({ untrusted_metadata: 'plus one' })),
      rejectionOf(() => user.search({ email: 'ada@example.com' })),
    ]);
    expect(messages.map((error) => (error as Error).message)).to.deep.equal([
      'phone_number must be a string',
      'expiration_minutes must be a number',
      'email must be a string',
      'login_template_id must be a string',
      'untrusted_metadata must be an object',
      'email must be a string',
    ]);
    expect(test.api.requests).to.have.length(0);
  });
});
