import { expect } from '@open-wc/testing';
import { NoCurrentSessionError, SchemaError, UsageError, VelvetError } from './errors.js';
import { success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient } from './testing/test-client.js';
import { VelvetClient } from './velvet-client.js';

/** What `call` threw or rejected with (`null` if it did neither). */
async function failureOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return null;
}

/** The client's API as a caller without TypeScript sees it: anything may be passed. */
interface Untyped {
  otps: {
    sms: Record<'loginOrCreate' | 'send', (...args: unknown[]) => Promise<unknown>>;
    whatsapp: Record<'loginOrCreate' | 'send', (...args: unknown[]) => Promise<unknown>>;
    email: Record<'loginOrCreate' | 'send', (...args: unknown[]) => Promise<unknown>>;
    authenticate(...args: unknown[]): Promise<unknown>;
  };
  session: { authenticate(...args: unknown[]): Promise<unknown>; onChange(l: unknown): unknown };
  user: {
    get(): Promise<unknown>;
    update(...args: unknown[]): Promise<unknown>;
    deleteEmail(id: unknown): Promise<unknown>;
    deletePhoneNumber(id: unknown): Promise<unknown>;
    onChange(l: unknown): unknown;
  };
}

describe('usage errors', () => {
  afterEach(cleanUpClients);

  it('a call that needs a session, made while signed out, throws a UsageError of kind no_current_session naming the call', async () => {
    const test = createTestClient();
    const client = test.client as unknown as Untyped;
    const calls: [string, () => Promise<unknown>][] = [
      ['client.user.get()', () => client.user.get()],
      ['client.user.update()', () => client.user.update({ untrusted_metadata: {} })],
      ['client.user.deleteEmail()', () => client.user.deleteEmail('email-test-1')],
      ['client.user.deletePhoneNumber()', () => client.user.deletePhoneNumber('phone-test-1')],
      ['client.session.authenticate()', () => client.session.authenticate()],
    ];
    for (const [method, call] of calls) {
      const error = await failureOf(call);
      expect(error, method).to.be.instanceOf(NoCurrentSessionError);
      expect(error, method).to.be.instanceOf(UsageError);
      expect(error, method).to.be.instanceOf(VelvetError);
      expect((error as UsageError).error_type).to.equal('no_current_session');
      expect((error as Error).message).to.equal(
        `There is no current session. ${method} needs a signed-in user: sign in first.`,
      );
    }
    expect(test.api.requests).to.have.length(0);
  });

  it('options that are not an object throw a UsageError naming the method and the shape', async () => {
    const test = createTestClient();
    const client = test.client as unknown as Untyped;
    const cases: [() => unknown, string][] = [
      [
        () => client.otps.sms.loginOrCreate('+14155552671', 10),
        'client.otps.sms.loginOrCreate: the options must be an object such as { expiration_minutes: 10 }, not a number.',
      ],
      [
        () => client.otps.whatsapp.send('+14155552671', '10'),
        'client.otps.whatsapp.send: the options must be an object such as { expiration_minutes: 10 }, not the string "10".',
      ],
      [
        () => client.otps.email.loginOrCreate('ada@example.com', null),
        'client.otps.email.loginOrCreate: the options must be an object such as { expiration_minutes: 10 }, not null.',
      ],
      [
        () => client.otps.email.send('ada@example.com', [10]),
        'client.otps.email.send: the options must be an object such as { expiration_minutes: 10 }, not an array.',
      ],
      [
        () => client.otps.authenticate('123456', 'phone-number-test-1'),
        'client.otps.authenticate: the options are missing; pass an object such as { session_duration_minutes: 60 }.',
      ],
      [
        () => client.otps.authenticate('123456', 'phone-number-test-1', 60),
        'client.otps.authenticate: the options must be an object such as { session_duration_minutes: 60 }, not a number.',
      ],
      [
        () => client.session.authenticate(60),
        'client.session.authenticate: the options must be an object such as { session_duration_minutes: 60 }, not a number.',
      ],
      [
        () => client.user.update(),
        'client.user.update: the options are missing; pass an object such as { untrusted_metadata: {} }.',
      ],
      [
        () => new VelvetClient(test.publicToken, 'https://id.example.com' as never),
        'new VelvetClient: the options must be an object such as { apiBase: \'https://id.example.com\' }, not the string "https://id.example.com".',
      ],
    ];
    for (const [call, message] of cases) {
      const error = await failureOf(call);
      expect(error, message).to.be.instanceOf(UsageError);
      expect((error as UsageError).error_type).to.equal('usage_error');
      expect((error as Error).message).to.equal(message);
    }
    expect(test.api.requests).to.have.length(0);
  });

  it('a listener that is not a function throws a UsageError at once', () => {
    const test = createTestClient();
    const client = test.client as unknown as Untyped;
    for (const [subscribe, method] of [
      [(listener: unknown) => client.session.onChange(listener), 'client.session.onChange'],
      [(listener: unknown) => client.user.onChange(listener), 'client.user.onChange'],
    ] as const) {
      let thrown: unknown = null;
      try {
        subscribe({ handleEvent() {} });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(UsageError);
      expect((thrown as Error).message).to.equal(
        `${method}: the listener must be a function, not an object.`,
      );
    }
  });

  it('a field of the wrong type inside good options stays the spec’s schema error', async () => {
    const test = createTestClient();
    const client = test.client as unknown as Untyped;
    const error = await failureOf(() =>
      client.otps.sms.loginOrCreate('+14155552671', { expiration_minutes: '10' }),
    );
    expect(error).to.be.instanceOf(SchemaError);
    expect(error).not.to.be.instanceOf(UsageError);
    expect((error as Error).message).to.equal('expiration_minutes must be a number');
  });

  it('options left out where they are optional are fine', async () => {
    const test = createTestClient();
    test.api.on('POST', '/otps/sms/login_or_create', {
      json: success({ user_id: 'u', method_id: 'phone-number-test-1' }),
    });
    const response = await test.client.otps.sms.loginOrCreate('+14155552671');
    expect(response.method_id).to.equal('phone-number-test-1');
  });
});
