/**
 * The failure throttle's backstop against a stranger (docs/throttling-and-security.md, "Throttling"): after the
 * subject's budget of wrong tries is spent by strangers, a client that signed the owner in
 * before, or a request carrying the owner's session, is never shut out by the others' failures.
 * Each test is the lock-out of issue 29: 20 wrong codes or passwords from 4 addresses and 3
 * typos by the owner, and the owner still signs in at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../test/api-assertions.js';
import { type ApiAnswer, startTestServer, type TestServer } from '../test/test-server.js';
import { DEFAULT_FAILURE_POLICY } from './failure-throttle.js';

const STRONG = 'violet-Harbor-7-quietly-juggles';
const STRANGERS = ['198.51.100.61', '198.51.100.62', '198.51.100.63', '198.51.100.64'];

/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Calls as a client at `ip`, with the session `secret` when given. */
function as(server: TestServer, ip: string, secret?: string) {
  const call = (path: string, body: object): Promise<ApiAnswer> =>
    server.api(path, {
      body,
      headers: { 'x-forwarded-for': ip },
      ...(secret ? { secret } : {}),
    });
  return {
    sendCode: (phone: string) => call('/otps/sms/login_or_create', { phone_number: phone }),
    check: (methodId: string, token: string) =>
      call('/otps/authenticate', { token, method_id: methodId, session_duration_minutes: 60 }),
    login: (email: string, password: string) =>
      call('/passwords/authenticate', { email, password, session_duration_minutes: 60 }),
  };
}

describe('failure throttle: strangers cannot lock the owner out', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      config: { trustProxy: true },
      project: { products: ['otp', 'passwords'] },
    });
  });
  after(() => server.close());

  /**
   * Up to 5 wrong codes against `phone` from each stranger, each on its own code, until the
   * number's budget of 20 tries a day (the owner's own sign-in among them) is spent.
   */
  async function strangersGuessCodes(phone: string): Promise<void> {
    let tries = 1;
    for (const ip of STRANGERS) {
      const stranger = as(server, ip);
      const sent = await stranger.sendCode(phone);
      for (let guess = 0; guess < 5; guess++) {
        const answer = await stranger.check(sent.body.method_id, wrong(server.lastCode(phone)));
        if (answer.body.error_type === 'destination_locked') break;
        assertApiError(answer, 404, 'otp_code_not_found');
        tries++;
      }
    }
    assert.equal(tries, DEFAULT_FAILURE_POLICY.subjectBudget, 'the budget is spent');
  }

  /** The owner's 3 typos of a fresh code at `owner`; resolves to the method and the code. */
  async function ownerTypos(owner: ReturnType<typeof as>, phone: string) {
    const sent = await owner.sendCode(phone);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const code = server.lastCode(phone);
    for (let typo = 0; typo < 3; typo++) {
      assertApiError(
        await owner.check(sent.body.method_id, wrong(code)),
        404,
        'otp_code_not_found',
      );
    }
    return { methodId: sent.body.method_id, code };
  }

  test('passcodes: 20 wrong codes from 4 addresses and 3 typos by the guest, then the guest’s own device (signed in before) signs in at once', async () => {
    const phone = '+14155550811';
    const owner = as(server, '203.0.113.81');
    const first = await owner.sendCode(phone);
    assert.equal((await owner.check(first.body.method_id, server.lastCode(phone))).status, 200);
    await strangersGuessCodes(phone);
    const { methodId, code } = await ownerTypos(owner, phone);
    const signedIn = await owner.check(methodId, code);
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    // A stranger, its wait over, is still shut out.
    server.clock.advance(60_000);
    const stranger = as(server, STRANGERS[0] ?? '');
    const sent = await stranger.sendCode(phone);
    assertApiError(
      await stranger.check(sent.body.method_id, server.lastCode(phone)),
      429,
      'destination_locked',
    );
  });

  test('passcodes: 20 wrong codes from 4 addresses and 3 typos from a device holding the guest’s session, then it signs in at once', async () => {
    const phone = '+14155550812';
    const home = as(server, '203.0.113.82');
    const first = await home.sendCode(phone);
    const session = await home.check(first.body.method_id, server.lastCode(phone));
    assert.equal(session.status, 200);
    await strangersGuessCodes(phone);
    // The guest's phone, on another network, with the session it holds.
    const device = as(server, '203.0.113.182', session.body.session_token);
    const { methodId, code } = await ownerTypos(device, phone);
    const signedIn = await device.check(methodId, code);
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  });

  test('passwords: 20 wrong passwords from 4 addresses and 3 typos by the owner, then the owner’s own device (signed in before) signs in at once', async () => {
    const email = 'owner-password@example.com';
    const owner = as(server, '203.0.113.83');
    const created = await server.api('/passwords', {
      body: { email, password: STRONG },
      headers: { 'x-forwarded-for': '203.0.113.83' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal((await owner.login(email, STRONG)).status, 200);
    let tries = 1;
    for (const ip of STRANGERS) {
      for (let guess = 0; guess < 5; guess++) {
        const answer = await as(server, ip).login(email, `wrong-${guess}`);
        if (answer.body.error_type === 'destination_locked') break;
        assertApiError(answer, 401, 'unauthorized_password');
        tries++;
      }
    }
    assert.equal(tries, DEFAULT_FAILURE_POLICY.subjectBudget, 'the budget is spent');
    for (let typo = 0; typo < 3; typo++) {
      assertApiError(await owner.login(email, `${STRONG}-typo`), 401, 'unauthorized_password');
    }
    const signedIn = await owner.login(email, STRONG);
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    // A stranger, its wait over, is still shut out.
    server.clock.advance(60_000);
    assertApiError(
      await as(server, STRANGERS[1] ?? '').login(email, STRONG),
      429,
      'destination_locked',
    );
  });

  test('a trusted device is bounded too: under the backstop it gets 10 wrong passwords, and its trust ends after 30 days', async () => {
    const email = 'trusted-bound@example.com';
    const ip = '203.0.113.84';
    const owner = as(server, ip);
    const created = await server.api('/passwords', {
      body: { email, password: STRONG },
      headers: { 'x-forwarded-for': ip },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal((await owner.login(email, STRONG)).status, 200);
    for (const stranger of STRANGERS) {
      for (let guess = 0; guess < 5; guess++) {
        const answer = await as(server, stranger).login(email, `wrong-${guess}`);
        if (answer.body.error_type === 'destination_locked') break;
      }
    }
    // Someone at the trusted address guesses as fast as it is let.
    let wrongTries = 0;
    for (;;) {
      const answer = await owner.login(email, `wrong-${wrongTries}`);
      if (answer.body.error_type === 'too_many_requests') {
        server.clock.advance(answer.body.retry_after_seconds * 1000);
        continue;
      }
      if (answer.body.error_type === 'destination_locked') break;
      assertApiError(answer, 401, 'unauthorized_password');
      wrongTries++;
    }
    assert.equal(wrongTries, DEFAULT_FAILURE_POLICY.trustedClientFailures);

    // Another owner's trust ends 30 days after their last sign-in from that address.
    const later = 'trust-ends@example.com';
    const home = as(server, '203.0.113.85');
    await server.api('/passwords', {
      body: { email: later, password: STRONG },
      headers: { 'x-forwarded-for': '203.0.113.85' },
    });
    assert.equal((await home.login(later, STRONG)).status, 200);
    server.clock.advance(DEFAULT_FAILURE_POLICY.trustForMs);
    for (const stranger of STRANGERS) {
      for (let guess = 0; guess < 5; guess++) {
        const answer = await as(server, stranger).login(later, `wrong-${guess}`);
        if (answer.body.error_type === 'destination_locked') break;
      }
    }
    for (let typo = 0; typo < 3; typo++) {
      assertApiError(await home.login(later, `${STRONG}-typo`), 401, 'unauthorized_password');
    }
    assertApiError(await home.login(later, STRONG), 429, 'destination_locked');
  });
});
