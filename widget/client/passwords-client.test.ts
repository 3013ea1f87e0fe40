import { expect } from '@open-wc/testing';
import { ApiError, SchemaError } from './errors.js';
import { PkceNamespace } from './pkce.js';
import { apiErrorBody, authenticateBody, success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient } from './testing/test-client.js';

async function rejectionOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

const STRENGTH = {
  valid_password: true,
  score: 4,
  breached_password: false,
  strength_policy: 'zxcvbn',
  feedback: {
    warning: '',
    suggestions: [],
    luds_requirements: {
      has_lower_case: true,
      has_upper_case: true,
      has_digit: true,
      has_symbol: true,
      missing_complexity: 0,
      missing_characters: 0,
    },
  },
};

describe('PasswordsClient', () => {
  afterEach(cleanUpClients);

  it('create and authenticate send the credentials and sign in', async () => {
    const test = createTestClient();
    test.api.on('POST', '/passwords', { json: authenticateBody('token-create') });
    test.api.on('POST', '/passwords/authenticate', { json: authenticateBody('token-login') });
    const credentials = {
      email: 'ada@example.com',
      password: 'violet-Harbor-7',
      session_duration_minutes: 60,
    };
    await test.client.passwords.create(credentials);
    expect(test.client.session.status).to.equal('signed_in');
    expect(test.api.requests[0]?.body).to.deep.equal(credentials);
    await test.client.passwords.authenticate(credentials);
    expect(test.api.requests.map((request) => request.path)).to.deep.equal([
      '/passwords',
      '/passwords/authenticate',
    ]);
  });

  it('strengthCheck returns the strength result; the server’s errors come through', async () => {
    const test = createTestClient();
    test.api.on('POST', '/passwords/strength_check', { json: success(STRENGTH) });
    const result = await test.client.passwords.strengthCheck({ password: 'x', email: 'a@b.co' });
    expect(result.valid_password).to.equal(true);
    expect(test.api.requests[0]?.body).to.deep.equal({ password: 'x', email: 'a@b.co' });
    test.api.on('POST', '/passwords/authenticate', {
      status: 401,
      json: apiErrorBody(401, 'unauthorized_password', 'The email or password is incorrect.'),
    });
    const error = await rejectionOf(() =>
      test.client.passwords.authenticate({
        email: 'a@b.co',
        password: 'nope',
        session_duration_minutes: 60,
      }),
    );
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).error_type).to.equal('unauthorized_password');
    expect(test.client.session.status).to.equal('signed_out');
  });

  it('checks each call’s fields before any request, with the spec’s schema errors', async () => {
    const test = createTestClient();
    const passwords = test.client.passwords as unknown as Record<
      string,
      (options: unknown) => Promise<unknown>
    >;
    const cases: Array<[string, unknown, string]> = [
      [
        'create',
        { email: 1, password: 'p', session_duration_minutes: 5 },
        'email must be a string',
      ],
      [
        'create',
        { email: 'e', password: 2, session_duration_minutes: 5 },
        'password must be a string',
      ],
      [
        'authenticate',
        { email: 'e', password: null, session_duration_minutes: 5 },
        'password must be a string',
      ],
      ['authenticate', { email: 'e', password: 'p' }, 'session_duration_minutes must be a number'],
      ['resetByEmail', { password: 'p', session_duration_minutes: 5 }, 'token must be a string'],
      ['resetByEmail', { token: 't', session_duration_minutes: 5 }, 'password must be a string'],
      ['resetByEmail', { token: 't', password: 'p' }, 'session_duration_minutes must be a number'],
      [
        'resetByExistingPassword',
        { email: 'e', new_password: 'n' },
        'existing_password must be a string',
      ],
      [
        'resetByExistingPassword',
        { email: 'e', existing_password: 'o' },
        'new_password must be a string',
      ],
      ['resetBySession', { password: 42 }, 'password must be a string'],
      ['strengthCheck', { password: 'p', email: 7 }, 'email must be a string'],
    ];
    for (const [method, options, message] of cases) {
      const error = await rejectionOf(
        () => passwords[method]?.call(test.client.passwords, options) ?? Promise.resolve(),
      );
      expect(error, method).to.be.instanceOf(SchemaError);
      expect((error as Error).message, method).to.equal(message);
    }
    expect(test.api.requests).to.have.length(0);
  });

  it('uses PKCE for a reset when the project requires it, and sends the verifier back', async () => {
    const test = createTestClient();
    test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
      json: success({ pkce_required_for_password_resets: true }),
    });
    await test.client.bootstrap.getAsync();
    test.api.on('POST', '/passwords/email/reset/start', {
      json: success({ user_id: 'user-test-1', email_id: 'email-test-1' }),
    });
    test.api.on('POST', '/passwords/email/reset', { json: authenticateBody('token-reset') });
    await test.client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const start = test.api.requestsTo('/passwords/email/reset/start')[0];
    const pair = test.client.pkce.get(PkceNamespace.PASSWORD_RESET);
    expect(start?.body).to.deep.equal({
      email: 'ada@example.com',
      code_challenge: pair?.codeChallenge,
    });
    await test.client.passwords.resetByEmail({
      token: 'reset-token',
      password: 'amber-Comet-42',
      session_duration_minutes: 60,
    });
    const reset = test.api.requestsTo('/passwords/email/reset')[0];
    expect(reset?.body).to.deep.equal({
      token: 'reset-token',
      password: 'amber-Comet-42',
      session_duration_minutes: 60,
      code_verifier: pair?.codeVerifier,
    });
    expect(test.client.pkce.get(PkceNamespace.PASSWORD_RESET)).to.equal(null);
    expect(test.client.session.status).to.equal('signed_in');
  });
});
