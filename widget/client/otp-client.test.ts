import { expect } from '@open-wc/testing';
import { SESSION_COOKIE } from './constants.js';
import { success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  signIn,
  type TestClient,
} from './testing/test-client.js';

function answerSends(test: TestClient): void {
  for (const channel of ['sms', 'whatsapp', 'email']) {
    const idField = channel === 'email' ? 'email_id' : 'phone_id';
    for (const path of ['/login_or_create', '/send/primary', '/send/secondary']) {
      test.api.on('POST', `/otps/${channel}${path}`, {
        json: success({
          user_id: 'user-test-1',
          method_id: `${channel}-method`,
          [idField]: 'id-1',
        }),
      });
    }
  }
}

describe('OtpClient', () => {
  afterEach(cleanUpClients);

  it('sends to /send/primary while signed out', async () => {
    const test = createTestClient();
    answerSends(test);
    await test.client.otps.sms.send('+14155550100', { expiration_minutes: 10 });
    await test.client.otps.whatsapp.send('+14155550100');
    await test.client.otps.email.send('ada@example.com');
    expect(test.api.requests.map((request) => request.path)).to.deep.equal([
      '/otps/sms/send/primary',
      '/otps/whatsapp/send/primary',
      '/otps/email/send/primary',
    ]);
    expect(test.api.requests[0]?.body).to.deep.equal({
      phone_number: '+14155550100',
      expiration_minutes: 10,
    });
    expect(test.api.requests[2]?.body).to.deep.equal({ email: 'ada@example.com' });
  });

  it('sends to /send/secondary once a session exists', async () => {
    const test = createTestClient();
    answerSends(test);
    await signIn(test);
    await test.client.otps.sms.send('+14155550100');
    await test.client.otps.whatsapp.send('+14155550100');
    await test.client.otps.email.send('ada@example.com', { expiration_minutes: 5 });
    const paths = test.api.requests.slice(1).map((request) => request.path);
    expect(paths).to.deep.equal([
      '/otps/sms/send/secondary',
      '/otps/whatsapp/send/secondary',
      '/otps/email/send/secondary',
    ]);
    expect(test.api.requests.at(-1)?.body).to.deep.equal({
      email: 'ada@example.com',
      expiration_minutes: 5,
    });
  });

  it('goes back to /send/primary after the session is revoked', async () => {
    const test = createTestClient();
    answerSends(test);
    await signIn(test);
    test.api.on('POST', '/sessions/revoke', { json: success({}) });
    await test.client.session.revoke();
    await test.client.otps.sms.send('+14155550100');
    expect(test.api.requests.at(-1)?.path).to.equal('/otps/sms/send/primary');
  });

  it('logs in or creates by SMS, WhatsApp and email with the contract bodies', async () => {
    const test = createTestClient();
    answerSends(test);
    const sms = await test.client.otps.sms.loginOrCreate('+14155550100', {
      expiration_minutes: 10,
    });
    await test.client.otps.whatsapp.loginOrCreate('+442071838750', { expiration_minutes: 10 });
    await test.client.otps.email.loginOrCreate('ada@example.com', {
      expiration_minutes: 10,
      login_template_id: 'login-template',
      signup_template_id: 'signup-template',
    });
    expect(sms.method_id).to.equal('sms-method');
    expect(test.api.requests.map((request) => [request.path, request.body])).to.deep.equal([
      ['/otps/sms/login_or_create', { phone_number: '+14155550100', expiration_minutes: 10 }],
      ['/otps/whatsapp/login_or_create', { phone_number: '+442071838750', expiration_minutes: 10 }],
      [
        '/otps/email/login_or_create',
        {
          email: 'ada@example.com',
          expiration_minutes: 10,
          login_template_id: 'login-template',
          signup_template_id: 'signup-template',
        },
      ],
    ]);
  });

  it('authenticates a passcode into a session', async () => {
    const test = createTestClient();
    let heard = 0;
    test.client.session.onChange(() => {
      heard += 1;
    });
    await signIn(test, 'session-token-otp');

    const [request] = test.api.requestsTo('/otps/authenticate');
    expect(request?.body).to.deep.equal({
      token: '123456',
      method_id: 'phone-number-test-1',
      session_duration_minutes: 60,
    });
    expect(test.client.session.status).to.equal('signed_in');
    expect(test.client.session.getTokens()?.sessionToken).to.equal('session-token-otp');
    expect(test.cookies.lastWriteOf(SESSION_COOKIE)).to.match(/^velvet_session=session-token-otp;/);
    expect(heard).to.equal(1);
  });

  it('leaves the session alone when the passcode is wrong', async () => {
    const test = createTestClient();
    test.api.on('POST', '/otps/authenticate', {
      status: 404,
      json: {
        status_code: 404,
        request_id: 'request-id-test-x',
        error_type: 'otp_code_not_found',
        error_message: 'The passcode is incorrect or was already used. Please try again.',
        error_url: 'https://velvet.test/docs/errors#otp_code_not_found',
      },
    });
    let thrown: unknown = null;
    await test.client.otps
      .authenticate('000000', 'phone-number-test-1', { session_duration_minutes: 60 })
      .catch((error: unknown) => {
        thrown = error;
      });
    expect((thrown as Error).message).to.equal(
      'The passcode is incorrect or was already used. Please try again.',
    );
    expect(test.client.session.status).to.equal('signed_out');
  });
});
