import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { MAX_TRIES_PER_PASSCODE } from './otp-limits.js';

/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('passcodes by SMS, WhatsApp and email', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('login_or_create by SMS texts a 6-digit code ending with the one-time-code line', async () => {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+1 (415) 555-2671', expiration_minutes: 10 },
      headers: { origin: 'http://app.velvet.test' },
    });
    assert.equal(sent.status, 200);
    assert.equal(sent.body.status_code, 200);
    assert.match(sent.body.request_id, /^request-id-/);
    assert.match(sent.body.user_id, /^user-test-/);
    assert.match(sent.body.method_id, /^phone-number-test-/);
    assert.equal(sent.body.phone_id, sent.body.method_id);
    const [message] = server.outbox.list({ to: '+14155552671' });
    assert.ok(message, 'a message went to the E.164 number');
    assert.equal(message.channel, 'sms');
    const code = server.lastCode('+14155552671');
    assert.match(code, /^\d{6}$/);
    assert.equal(message.text.split('\n').at(-1), `@app.velvet.test #${code}`);
  });

  test('the right code signs in once, creates a session and verifies the number', async () => {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550101' },
    });
    const code = server.lastCode('+14155550101');
    const ok = await server.api('/otps/authenticate', {
      body: { token: code, method_id: sent.body.method_id, session_duration_minutes: 60 },
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.user_id, sent.body.user_id);
    assert.equal(ok.body.method_id, sent.body.method_id);
    assert.match(ok.body.session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(ok.body.session_jwt.split('.').length, 3);
    assert.equal(ok.body.session.user_id, sent.body.user_id);
    assert.equal(
      Date.parse(ok.body.session.expires_at) - Date.parse(ok.body.session.started_at),
      60 * 60_000,
    );
    assert.deepEqual(ok.body.user.phone_numbers, [
      { phone_id: sent.body.method_id, phone_number: '+14155550101', verified: true },
    ]);
    assert.equal(ok.body.session.authentication_factors[0].delivery_method, 'sms');
    const again = await server.api('/otps/authenticate', {
      body: { token: code, method_id: sent.body.method_id, session_duration_minutes: 60 },
    });
    assertApiError(again, 404, 'otp_code_not_found');
  });

  test('a second login_or_create finds the same user, and only the newest code works', async () => {
    const first = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550102' },
    });
    const firstCode = server.lastCode('+14155550102');
    const second = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550102' },
    });
    const secondCode = server.lastCode('+14155550102');
    assert.equal(second.body.user_id, first.body.user_id);
    assert.equal(second.body.method_id, first.body.method_id);
    if (firstCode !== secondCode) {
      const old = await server.api('/otps/authenticate', {
        body: { token: firstCode, method_id: first.body.method_id, session_duration_minutes: 5 },
      });
      assertApiError(old, 404, 'otp_code_not_found');
    }
    const fresh = await server.api('/otps/authenticate', {
      body: { token: secondCode, method_id: first.body.method_id, session_duration_minutes: 5 },
    });
    assert.equal(fresh.status, 200);
  });

  test('a code is bound to its method_id', async () => {
    const a = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550103' },
    });
    const b = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550104' },
    });
    const codeA = server.lastCode('+14155550103');
    const crossed = await server.api('/otps/authenticate', {
      body: { token: codeA, method_id: b.body.method_id, session_duration_minutes: 5 },
    });
    assert.equal(crossed.status, 404);
    const right = await server.api('/otps/authenticate', {
      body: { token: codeA, method_id: a.body.method_id, session_duration_minutes: 5 },
    });
    assert.equal(right.status, 200);
  });

  test('an unknown method_id is a wrong code', async () => {
    const answer = await server.api('/otps/authenticate', {
      body: { token: '123456', method_id: 'phone-number-test-nope', session_duration_minutes: 5 },
    });
    assertApiError(answer, 404, 'otp_code_not_found');
  });

  test('email passcodes go to the normalized address, without the code in the subject', async () => {
    const sent = await server.api('/otps/email/login_or_create', {
      body: { email: '  Ada@Example.COM ', expiration_minutes: 5 },
    });
    assert.equal(sent.status, 200);
    assert.match(sent.body.email_id, /^email-test-/);
    const [message] = server.outbox.list({ to: 'ada@example.com' });
    assert.ok(message);
    assert.equal(message.channel, 'email');
    const code = server.lastCode('ada@example.com');
    assert.ok(!message.subject?.includes(code));
    const ok = await server.api('/otps/authenticate', {
      body: { token: code, method_id: sent.body.method_id, session_duration_minutes: 5 },
    });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.user.emails, [
      { email_id: sent.body.email_id, email: 'ada@example.com', verified: true },
    ]);
  });

  test('WhatsApp passcodes go out on the whatsapp channel', async () => {
    const sent = await server.api('/otps/whatsapp/login_or_create', {
      body: { phone_number: '+14155550105' },
    });
    assert.equal(sent.status, 200);
    assert.equal(server.outbox.list({ to: '+14155550105' })[0]?.channel, 'whatsapp');
  });

  test('bad destinations: invalid phone, country not allowed, premium-rate, invalid email', async () => {
    assertApiError(
      await server.api('/otps/sms/login_or_create', { body: { phone_number: '+1555' } }),
      400,
      'invalid_phone_number',
    );
    const uk = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+442071838750' },
    });
    assertApiError(uk, 400, 'phone_country_not_allowed');
    assert.equal(
      uk.body.error_message,
      'Text messages cannot be sent to phone numbers in the United Kingdom. ' +
        'Please use a number from the United States and Canada.',
    );
    assert.equal(uk.body.country, 'GB');
    assert.deepEqual(uk.body.allowed_countries, ['US', 'CA']);
    const guernsey = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+447781123456' },
    });
    assertApiError(guernsey, 400, 'phone_country_not_allowed');
    assert.match(guernsey.body.error_message, /phone numbers in Guernsey\./);
    assert.equal(server.outbox.list({ to: '+442071838750' }).length, 0);
    assert.equal(
      (await server.api('/otps/sms/login_or_create', { body: { phone_number: '+16135550123' } }))
        .status,
      200,
      'Canada is allowed by default',
    );
    for (const [number, kind] of [
      ['+19005550123', 'premium-rate numbers'],
      ['+18005550123', 'toll-free numbers'],
    ]) {
      const refused = await server.api('/otps/sms/login_or_create', {
        body: { phone_number: number },
      });
      assertApiError(refused, 400, 'phone_number_type_not_allowed');
      assert.equal(
        refused.body.error_message,
        `Text messages cannot be sent to ${kind}. Please use a mobile number.`,
      );
      assert.equal(server.outbox.list({ to: number }).length, 0, `nothing sent to ${number}`);
    }
    const email = await server.api('/otps/email/login_or_create', {
      body: { email: 'ada@example' },
    });
    assertApiError(email, 400, 'invalid_email');
    assert.equal(email.body.error_message, 'Invalid email address, please try again.');
  });

  test('schema errors list each path and message', async () => {
    const answer = await server.api('/otps/authenticate', {
      body: { token: '12a456', method_id: 7, session_duration_minutes: 4 },
    });
    assertApiError(answer, 400, 'schema_error');
    const paths = answer.body.errors.map((e: { path: string }) => e.path).sort();
    assert.deepEqual(paths, ['body.method_id', 'body.session_duration_minutes', 'body.token']);
    for (const problem of answer.body.errors) assert.equal(typeof problem.message, 'string');
    assert.match(answer.body.error_message, /body\.token: must match pattern/);

    const missing = await server.api('/otps/sms/login_or_create', { body: {} });
    assertApiError(missing, 400, 'schema_error');
    assert.deepEqual(missing.body.errors, [{ path: 'body.phone_number', message: 'is required' }]);

    const tooLong = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550106', expiration_minutes: 61 },
    });
    assertApiError(tooLong, 400, 'schema_error');

    const notJson = await server.api('/otps/sms/login_or_create', { body: '{"phone_number":' });
    assertApiError(notJson, 400, 'schema_error');
    assert.deepEqual(notJson.body.errors, [{ path: 'body', message: 'is not valid JSON' }]);
  });

  test('primary sends only to an existing user; secondary needs a session and adds the factor', async () => {
    // An unknown number gets the answer a known one does, and no text.
    const unknown = await server.api('/otps/sms/send/primary', {
      body: { phone_number: '+14155550107' },
    });
    assert.equal(unknown.status, 200);
    assert.match(unknown.body.method_id, /^phone-number-test-/);
    assert.equal(server.outbox.list({ to: '+14155550107' }).length, 0);
    const noSession = await server.api('/otps/email/send/secondary', {
      body: { email: 'grace@example.com' },
    });
    assertApiError(noSession, 401, 'user_unauthenticated');

    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550107' },
    });
    const primary = await server.api('/otps/sms/send/primary', {
      body: { phone_number: '+14155550107' },
    });
    assert.equal(primary.status, 200);
    assert.equal(primary.body.method_id, sent.body.method_id);
    // The primary code goes out in the background (the answer does not wait for it).
    await eventually(
      () => server.outbox.list({ to: '+14155550107' }).length === 2,
      'the primary code',
    );
    const signedIn = await server.api('/otps/authenticate', {
      body: {
        token: server.lastCode('+14155550107'),
        method_id: sent.body.method_id,
        session_duration_minutes: 30,
      },
    });
    const token = signedIn.body.session_token;

    const secondary = await server.api('/otps/email/send/secondary', {
      body: { email: 'grace@example.com' },
      secret: token,
    });
    assert.equal(secondary.status, 200);
    assert.equal(secondary.body.user_id, sent.body.user_id);
    const added = await server.api('/otps/authenticate', {
      body: {
        token: server.lastCode('grace@example.com'),
        method_id: secondary.body.method_id,
        session_duration_minutes: 30,
      },
      secret: token,
    });
    assert.equal(added.status, 200);
    assert.equal(added.body.session.session_id, signedIn.body.session.session_id);
    assert.equal(added.body.session_token, token);
    assert.deepEqual(
      added.body.session.authentication_factors.map(
        (f: { delivery_method: string }) => f.delivery_method,
      ),
      ['sms', 'email'],
    );
    assert.equal(added.body.user.emails[0].verified, true);

    const other = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550108' },
    });
    assert.equal(other.status, 200);
    // A number another user only claims (nobody proved it) blocks no one: this user's own claim
    // is stored and the code sent.
    const claimed = await server.api('/otps/sms/send/secondary', {
      body: { phone_number: '+14155550108' },
      secret: token,
    });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    assert.equal(claimed.body.user_id, sent.body.user_id);
    assert.notEqual(claimed.body.method_id, other.body.method_id);
  });
});

describe('passcode expiry, tries and locks', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('a code expires after expiration_minutes', async () => {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550111', expiration_minutes: 10 },
    });
    const code = server.lastCode('+14155550111');
    server.clock.advance(10 * 60_000);
    const late = await server.api('/otps/authenticate', {
      body: { token: code, method_id: sent.body.method_id, session_duration_minutes: 5 },
    });
    assertApiError(late, 401, 'otp_code_expired');
    assert.equal(late.body.error_message, 'Your code has expired.');
  });

  test('a code still works one second before it expires', async () => {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550112', expiration_minutes: 10 },
    });
    server.clock.advance(10 * 60_000 - 1000);
    const ok = await server.api('/otps/authenticate', {
      body: {
        token: server.lastCode('+14155550112'),
        method_id: sent.body.method_id,
        session_duration_minutes: 5,
      },
    });
    assert.equal(ok.status, 200);
  });

  test(`${MAX_TRIES_PER_PASSCODE} wrong tries, then even the right code fails`, async () => {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550113' },
    });
    const code = server.lastCode('+14155550113');
    for (let i = 0; i < MAX_TRIES_PER_PASSCODE; i++) {
      const answer = await server.api('/otps/authenticate', {
        body: { token: wrong(code), method_id: sent.body.method_id, session_duration_minutes: 5 },
      });
      assertApiError(answer, 404, 'otp_code_not_found');
    }
    // Five failures from this client: it waits 10 s before its next check (see the throttling tests).
    server.clock.advance(10_000);
    const sixth = await server.api('/otps/authenticate', {
      body: { token: code, method_id: sent.body.method_id, session_duration_minutes: 5 },
    });
    assertApiError(sixth, 429, 'otp_attempts_exceeded');
    // A new code works again (after the next wait, 20 s).
    await server.api('/otps/sms/login_or_create', { body: { phone_number: '+14155550113' } });
    server.clock.advance(20_000);
    const fresh = await server.api('/otps/authenticate', {
      body: {
        token: server.lastCode('+14155550113'),
        method_id: sent.body.method_id,
        session_duration_minutes: 5,
      },
    });
    assert.equal(fresh.status, 200);
  });
});

describe('the project maximum session duration', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: { sessions: { defaultDurationMinutes: 30, maxDurationMinutes: 120 } },
    });
  });
  after(() => server.close());

  test('a longer session_duration_minutes is refused, naming the maximum, and the code still works', async () => {
    const phone = '+14155550911';
    const sent = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
    const code = server.lastCode(phone);
    const refused = await server.api('/otps/authenticate', {
      body: { token: code, method_id: sent.body.method_id, session_duration_minutes: 121 },
    });
    assertApiError(refused, 400, 'session_duration_too_long');
    assert.equal(
      refused.body.error_message,
      'session_duration_minutes may be at most 120 for this project, not 121.',
    );
    assert.equal(refused.body.max_session_duration_minutes, 120);
    const ok = await server.api('/otps/authenticate', {
      body: { token: code, method_id: sent.body.method_id, session_duration_minutes: 120 },
    });
    assert.equal(ok.status, 200);
    assert.equal(
      Date.parse(ok.body.session.expires_at) - Date.parse(ok.body.session.started_at),
      120 * 60_000,
    );
  });

  test('no session_duration_minutes gets the project default', async () => {
    const phone = '+14155550912';
    const sent = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
    const ok = await server.api('/otps/authenticate', {
      body: { token: server.lastCode(phone), method_id: sent.body.method_id },
    });
    assert.equal(ok.status, 200);
    assert.equal(
      Date.parse(ok.body.session.expires_at) - Date.parse(ok.body.session.started_at),
      30 * 60_000,
    );
  });
});

describe('send rate limits', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        otp: {
          sendLimits: {
            perDestination: { max: 3, windowMinutes: 10 },
            perIp: { max: 6, windowMinutes: 10 },
          },
        },
      },
    });
  });
  after(() => server.close());

  test('per destination, then per client IP, with Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await server.api('/otps/sms/login_or_create', {
        body: { phone_number: '+14155550121' },
      });
      assert.equal(ok.status, 200);
    }
    const limited = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550121' },
    });
    assertApiError(limited, 429, 'otp_send_rate_limited');
    assert.equal(limited.headers.get('retry-after'), '600');
    assert.equal(
      server.outbox.list({ to: '+14155550121' }).length,
      3,
      'no fourth message went out',
    );

    // The IP has used 4 of its 6; two more numbers pass, the next is refused.
    for (const phone of ['+14155550122', '+14155550123']) {
      assert.equal(
        (await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } })).status,
        200,
      );
    }
    const ipLimited = await server.api('/otps/email/login_or_create', {
      body: { email: 'new@example.com' },
    });
    assertApiError(ipLimited, 429, 'otp_send_rate_limited');

    server.clock.advance(10 * 60_000);
    const later = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550121' },
    });
    assert.equal(later.status, 200, 'the window ends');
  });
});

describe('products and channels a project has not enabled', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ project: { otp: { methods: ['sms'] } } });
  });
  after(() => server.close());

  test('email passcodes are refused when only SMS is on', async () => {
    const answer = await server.api('/otps/email/login_or_create', {
      body: { email: 'ada@example.com' },
    });
    assertApiError(answer, 403, 'product_not_enabled');
    assert.equal(server.outbox.list().length, 0);
  });
});
