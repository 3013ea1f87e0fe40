/**
 * Throttling of passcodes over HTTP, attacker against guest (the design is in the README,
 * "Throttling"): wrong checks counted per (number, client address) with progressive waits and a
 * per-number backstop, codes bound to the address that asked for them, and send limits per
 * (number, address) and per address. The circuit breaker on text messages is tested in
 * `text-breaker.test.ts`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_FAILURE_POLICY } from '../../rate-limit/failure-throttle.js';
import { assertApiError } from '../../test/api-assertions.js';
import { type ApiAnswer, startTestServer, type TestServer } from '../../test/test-server.js';

/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const DAY_MS = 24 * 60 * 60_000;

/** Calls as a client at `ip` (the test server trusts `X-Forwarded-For`). */
function as(server: TestServer, ip: string) {
  const headers = { 'x-forwarded-for': ip };
  return {
    send: (phone: string) =>
      server.api('/otps/sms/login_or_create', { body: { phone_number: phone }, headers }),
    check: (methodId: string, token: string) =>
      server.api('/otps/authenticate', {
        body: { token, method_id: methodId, session_duration_minutes: 60 },
        headers,
      }),
  };
}

/** Whether an answer is a check the server evaluated and found wrong. */
function isWrongGuess(answer: ApiAnswer): boolean {
  return (
    ['otp_code_not_found', 'otp_code_expired', 'otp_attempts_exceeded'].includes(
      answer.body.error_type,
    ) && answer.status !== 200
  );
}

describe('passcode throttling: a stranger against a guest', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ config: { trustProxy: true } });
  });
  after(() => server.close());

  test('the red-team lock-out fails: a send and 10 wrong guesses from a stranger, and the guest signs in at once', async () => {
    const phone = '+14155550301';
    const stranger = as(server, '198.51.100.1');
    const sent = await stranger.send(phone);
    for (let guess = 0; guess < 10; guess++) {
      await stranger.check(sent.body.method_id, wrong(server.lastCode(phone)));
    }
    const guest = as(server, '203.0.113.7');
    assert.equal((await guest.send(phone)).status, 200);
    const signedIn = await guest.check(sent.body.method_id, server.lastCode(phone));
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  });

  test('one address gets 5 free wrong tries, then waits 10 s, 20 s, 40 s (Retry-After); others are not delayed', async () => {
    const phone = '+14155550302';
    const attacker = as(server, '198.51.100.2');
    const sent = await attacker.send(phone);
    const methodId = sent.body.method_id;
    for (let guess = 0; guess < 5; guess++) {
      assertApiError(
        await attacker.check(methodId, wrong(server.lastCode(phone))),
        404,
        'otp_code_not_found',
      );
    }
    await attacker.send(phone);
    for (const seconds of [10, 20, 40]) {
      const refused = await attacker.check(methodId, wrong(server.lastCode(phone)));
      assertApiError(refused, 429, 'too_many_requests');
      assert.equal(refused.headers.get('retry-after'), String(seconds));
      assert.equal(refused.body.retry_after_seconds, seconds);
      assert.match(refused.body.error_message, new RegExp(`wait ${seconds} seconds`));
      server.clock.advance(seconds * 1000);
      assertApiError(
        await attacker.check(methodId, wrong(server.lastCode(phone))),
        404,
        'otp_code_not_found',
      );
    }
    // The guest, meanwhile, on their own device: no wait at all.
    const guest = as(server, '203.0.113.8');
    await guest.send(phone);
    assert.equal((await guest.check(methodId, server.lastCode(phone))).status, 200);
  });

  test('a stranger asking for codes neither ends the guest’s code nor uses up the guest’s sends', async () => {
    const phone = '+14155550303';
    const guest = as(server, '203.0.113.9');
    const sent = await guest.send(phone);
    const guestCode = server.lastCode(phone);
    const stranger = as(server, '198.51.100.3');
    for (let send = 0; send < 5; send++) assert.equal((await stranger.send(phone)).status, 200);
    assertApiError(await stranger.send(phone), 429, 'otp_send_rate_limited');
    // The stranger's codes are bound to the stranger's address: the guest's still works.
    assert.equal((await guest.check(sent.body.method_id, guestCode)).status, 200);
    // And the guest can ask for another.
    assert.equal((await guest.send(phone)).status, 200);
  });

  test('a code works only from the address that asked for it', async () => {
    const phone = '+14155550304';
    const asker = as(server, '203.0.113.10');
    const sent = await asker.send(phone);
    const code = server.lastCode(phone);
    assertApiError(
      await as(server, '198.51.100.4').check(sent.body.method_id, code),
      404,
      'otp_code_not_found',
    );
    assert.equal((await asker.check(sent.body.method_id, code)).status, 200);
  });

  test('a code stored before codes were bound to a client still checks after the upgrade', async () => {
    // Issue 32: a passcode sent before an upgrade across the migration that bound codes to
    // their client failed after it (the migration gave it client '', which no client matched).
    const phone = '+14155550311';
    const asker = as(server, '203.0.113.21');
    const sent = await asker.send(phone);
    const code = server.lastCode(phone);
    await server.store.db
      .updateTable('passcodes')
      .set({ client: '' })
      .where('method_id', '=', sent.body.method_id)
      .execute();
    const checked = await asker.check(sent.body.method_id, code);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    // Still single-use, and a code asked for after it is the client's own again.
    assertApiError(await asker.check(sent.body.method_id, code), 404, 'otp_code_not_found');
    await asker.send(phone);
    const bound = server.lastCode(phone);
    assertApiError(
      await as(server, '198.51.100.21').check(sent.body.method_id, bound),
      404,
      'otp_code_not_found',
    );
  });

  test('a code stored before codes were bound to a client ends when the guest asks for a new one', async () => {
    // Review: the legacy code (client '') was never superseded, so after the guest asked for a
    // new code a stranger's client could still sign in with the old one.
    const phone = '+14155550312';
    const guest = as(server, '203.0.113.22');
    const sent = await guest.send(phone);
    const legacyCode = server.lastCode(phone);
    await server.store.db
      .updateTable('passcodes')
      .set({ client: '' })
      .where('method_id', '=', sent.body.method_id)
      .execute();
    assert.equal((await guest.send(phone)).status, 200);
    const newCode = server.lastCode(phone);
    assert.notEqual(newCode, legacyCode);
    assertApiError(
      await as(server, '198.51.100.22').check(sent.body.method_id, legacyCode),
      404,
      'otp_code_not_found',
    );
    const signedIn = await guest.check(sent.body.method_id, newCode);
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  });

  test('the right code sent five times at once (a double tap, autofill and a tap): one session, and the rest refused', async () => {
    const phone = '+14155550309';
    const client = as(server, '198.51.100.60');
    const methodId = (await client.send(phone)).body.method_id;
    const code = server.lastCode(phone);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.check(methodId, code)),
    );
    const signedIn = answers.filter((answer) => answer.status === 200);
    assert.equal(signedIn.length, 1, JSON.stringify(answers.map((answer) => answer.body)));
    for (const answer of answers) {
      if (answer.status === 200) continue;
      assert.ok(
        ['otp_code_not_found', 'too_many_requests'].includes(answer.body.error_type),
        JSON.stringify(answer.body),
      );
    }
    const sessions = await server.store.db
      .selectFrom('sessions')
      .select('session_id')
      .where('user_id', '=', signedIn[0]?.body.user_id)
      .execute();
    assert.equal(sessions.length, 1);
  });

  for (const [count, phone] of [
    [1, '+14155550305'],
    [10, '+14155550306'],
  ] as const) {
    test(`the backstop: ${count} attacking address(es) guessing for a day get at most 20 + 3 × ${count} wrong guesses, and the guest still signs in`, async () => {
      const { subjectBudget, backstopClientFailures } = DEFAULT_FAILURE_POLICY;
      const addresses = Array.from({ length: count }, (_, index) => `198.51.100.${100 + index}`);
      const { wrongGuesses, shutOut } = await attackForADay(server, phone, addresses);
      const bound = subjectBudget + backstopClientFailures * count;
      console.log(
        `# measured: ${wrongGuesses} wrong guesses in a day from ${count} address(es) (bound ${bound})`,
      );
      assert.ok(wrongGuesses <= bound, `${wrongGuesses} guesses, more than ${bound}`);
      assert.ok(wrongGuesses >= subjectBudget, 'the attack reached the backstop');
      assert.ok(shutOut, 'every attacking address is shut out');

      // A fresh address firing 10 checks at once gets no more than the backstop's 3 evaluated.
      const burst = as(server, '198.51.100.250');
      const burstMethod = (await burst.send(phone)).body.method_id;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => burst.check(burstMethod, wrong(server.lastCode(phone)))),
      );
      const evaluated = answers.filter(isWrongGuess).length;
      assert.ok(evaluated >= 1 && evaluated <= backstopClientFailures, `${evaluated} evaluated`);
      assert.ok(answers.every((a) => a.status !== 200));

      // The guest's own device, which never failed, asks for a fresh code and signs in.
      const guest = as(server, '203.0.113.11');
      const sent = await guest.send(phone);
      assert.equal(sent.status, 200);
      const signedIn = await guest.check(sent.body.method_id, server.lastCode(phone));
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    });
  }
});

/**
 * Every address guesses as fast as it is let, waits out each delay, and asks for a new code
 * whenever its code is used up, for a whole day (or until every address is shut out).
 */
async function attackForADay(
  server: TestServer,
  phone: string,
  addresses: readonly string[],
): Promise<{ wrongGuesses: number; shutOut: boolean }> {
  const attackers = addresses.map((ip) => ({
    client: as(server, ip),
    retryAt: 0,
    triesOnCode: 5,
    shutOut: false,
  }));
  const methodId = (await as(server, '198.51.100.99').send(phone)).body.method_id;
  const start = server.clock.now();
  let wrongGuesses = 0;
  while (server.clock.now() - start < DAY_MS) {
    const waiting = attackers.filter((a) => !a.shutOut);
    if (waiting.length === 0) break;
    const ready = waiting.filter((a) => a.retryAt <= server.clock.now());
    if (ready.length === 0) {
      server.clock.current = Math.min(...waiting.map((a) => a.retryAt));
      continue;
    }
    for (const attacker of ready) {
      if (attacker.triesOnCode >= 5) {
        const sent = await attacker.client.send(phone);
        if (sent.status === 429) {
          attacker.retryAt = server.clock.now() + sent.body.retry_after_seconds * 1000;
          continue;
        }
        attacker.triesOnCode = 0;
      }
      const answer = await attacker.client.check(methodId, wrong(server.lastCode(phone)));
      if (isWrongGuess(answer)) {
        wrongGuesses++;
        attacker.triesOnCode++;
      } else if (answer.body.error_type === 'too_many_requests') {
        attacker.retryAt = server.clock.now() + answer.body.retry_after_seconds * 1000;
      } else if (answer.body.error_type === 'destination_locked') {
        attacker.shutOut = true;
      } else {
        assert.fail(`unexpected answer ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
  }
  return { wrongGuesses, shutOut: attackers.every((a) => a.shutOut) };
}

describe('a room of guests behind one address', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('150 guests on the venue’s Wi-Fi all get their codes and sign in', async () => {
    let signedIn = 0;
    for (let guest = 0; guest < 150; guest++) {
      const phone = `+1415555${String(4000 + guest)}`;
      const sent = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
      assert.equal(sent.status, 200, `guest ${guest + 1}: ${JSON.stringify(sent.body)}`);
      const answer = await server.api('/otps/authenticate', {
        body: { token: server.lastCode(phone), method_id: sent.body.method_id },
      });
      if (answer.status === 200) signedIn++;
    }
    assert.equal(signedIn, 150);
  });
});
