import { expect } from '@open-wc/testing';
import { Messages } from './constants.js';
import { SchemaError } from './errors.js';
import { authenticateBody, success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, signIn } from './testing/test-client.js';

async function rejectionOf(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('did not throw');
}

describe('TOTP, token exchange and impersonation clients', () => {
  afterEach(cleanUpClients);

  it('throw the spec schema errors (totp_code, recovery_code, expiration_minutes, impersonation_token, profile_id, token) before any call', async () => {
    const test = createTestClient();
    await signIn(test);
    const before = test.api.requests.length;
    const loose = test.client as unknown as {
      totps: Record<string, (options: unknown) => Promise<unknown>>;
      session: Record<string, (options: unknown) => Promise<unknown>>;
      impersonation: Record<string, (options: unknown) => Promise<unknown>>;
    };
    const cases: Array<[() => Promise<unknown>, string]> = [
      [
        () => loose.totps.create?.({ expiration_minutes: '60' }) as Promise<unknown>,
        'expiration_minutes must be a number',
      ],
      [
        () =>
          loose.totps.authenticate?.({
            totp_code: 123456,
            session_duration_minutes: 60,
          }) as Promise<unknown>,
        'totp_code must be a string',
      ],
      [
        () =>
          loose.totps.recover?.({
            recovery_code: null,
            session_duration_minutes: 60,
          }) as Promise<unknown>,
        'recovery_code must be a string',
      ],
      [
        () => loose.impersonation.authenticate?.({}) as Promise<unknown>,
        'impersonation_token must be a string',
      ],
      [
        () => loose.session.attest?.({ token: 'x' }) as Promise<unknown>,
        'profile_id must be a string',
      ],
      [
        () => loose.session.attest?.({ profile_id: 'p', token: 5 }) as Promise<unknown>,
        'token must be a string',
      ],
      [
        () => loose.session.exchangeAccessToken?.({ access_token: 'x' }) as Promise<unknown>,
        'session_duration_minutes must be a number',
      ],
    ];
    for (const [call, message] of cases) {
      const error = await rejectionOf(call);
      expect(error).to.be.instanceOf(SchemaError);
      expect(error.message).to.equal(message);
    }
    expect(test.api.requests.length).to.equal(before);
  });

  it('sends the documented bodies and signs in with the answer', async () => {
    const test = createTestClient();
    await signIn(test);
    const body = authenticateBody('session-token-2');
    test.api.on('POST', '/totps/authenticate', {
      json: { ...body, data: { ...(body.data as object), totp_id: 'totp-test-1' } },
    });
    await test.client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 30 });
    expect(test.api.requestsTo('/totps/authenticate')[0]?.body).to.deep.equal({
      totp_code: '123456',
      session_duration_minutes: 30,
    });
    expect(test.client.session.getTokens()?.sessionToken).to.equal('session-token-2');
  });

  it('logs an error when the public token belongs to a B2B project', async () => {
    const test = createTestClient();
    test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
      json: success({ vertical: 'B2B' }),
    });
    await test.client.bootstrap.getAsync();
    expect(test.logger.errors).to.deep.equal([Messages.B2B_TOKEN]);
  });
});
