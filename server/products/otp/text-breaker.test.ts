/**
 * The circuit breaker on text messages against SMS pumping, attacker against guest, over HTTP
 * (the design is in docs/throttling-and-security.md, "Throttling"): it counts only texts to numbers neither on the
 * guest list nor signed in before, per prefix range and in total, and a project that texts only
 * its guest list answers every other number as it answers a guest's, and texts nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inviteGuest, removeGuest } from '../../cli/guest-list.js';
import type { Project } from '../../projects/projects-repository.js';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf } from '../../test/database-rows.js';
import { eventually } from '../../test/eventually.js';
import {
  type ApiAnswer,
  signInBySms,
  startTestServer,
  type TestServer,
} from '../../test/test-server.js';

/** `login_or_create` by SMS for `phone` as a client at `ip` (the server trusts the header). */
function send(server: TestServer, phone: string, ip: string, route = 'login_or_create') {
  return server.api(`/otps/sms/${route}`, {
    body: { phone_number: phone },
    headers: { 'x-forwarded-for': ip },
  });
}

/** Checks the newest code `phone` was texted, from `ip`; the answer. */
function check(server: TestServer, methodId: string, phone: string, ip: string) {
  return server.api('/otps/authenticate', {
    body: { token: server.lastCode(phone), method_id: methodId, session_duration_minutes: 60 },
    headers: { 'x-forwarded-for': ip },
  });
}

/** The texts the outbox holds for `phone`. */
const texts = (server: TestServer, phone: string) => server.outbox.list({ to: phone }).length;

/** Waits until `phone` holds `count` texts (a send may deliver after it answers). */
async function untilTexted(server: TestServer, phone: string, count: number): Promise<void> {
  await eventually(() => texts(server, phone) >= count, `a text reached ${phone}`);
}

/** The breaker's alert lines (parsed) among `logLines`. */
function alertsIn(logLines: readonly string[]) {
  return logLines
    .filter((line) => line.includes('sms_circuit_breaker_open'))
    .map((line) => JSON.parse(line));
}

/** The test project as the guest list functions take it. */
async function projectOf(server: TestServer): Promise<Project> {
  const project = await server.store.projects.findByPublicToken(server.project.publicToken);
  assert.ok(project);
  return project;
}

/** A guest at `ip` asks for a code to `phone` and signs in with it. */
async function guestSignsIn(server: TestServer, phone: string, ip: string): Promise<void> {
  const before = texts(server, phone);
  const sent = await send(server, phone, ip);
  assert.equal(sent.status, 200, `${phone}: ${JSON.stringify(sent.body)}`);
  await untilTexted(server, phone, before + 1);
  const signedIn = await check(server, sent.body.method_id, phone, ip);
  assert.equal(signedIn.status, 200, `${phone}: ${JSON.stringify(signedIn.body)}`);
}

describe('the circuit breaker on text messages', () => {
  let server: TestServer;
  const logLines: string[] = [];
  before(async () => {
    server = await startTestServer({
      config: { trustProxy: true },
      project: { sms: { allowedCountries: ['US', 'CA'], maxPerHour: 3, maxPerHourPerPrefix: 10 } },
      logLines,
    });
  });
  after(() => server.close());

  test('over sms.maxPerHour texts to new numbers are refused with an alert in the log; known guests and email still get codes', async () => {
    // A guest who signed in before.
    const known = '+14155550501';
    const first = await server.api('/otps/sms/login_or_create', { body: { phone_number: known } });
    await server.api('/otps/authenticate', {
      body: { token: server.lastCode(known), method_id: first.body.method_id },
    });
    // A pumping attack from many addresses to new numbers.
    for (let n = 0; n < 2; n++) {
      const answer = await server.api('/otps/sms/login_or_create', {
        body: { phone_number: `+1415555060${n}` },
        headers: { 'x-forwarded-for': `198.51.100.${n + 1}` },
      });
      assert.equal(answer.status, 200);
    }
    const alertsIn = () => logLines.filter((line) => line.includes('sms_circuit_breaker_open'));
    assert.equal(alertsIn().length, 0, 'no alert before the breaker opens');
    const refused = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550609' },
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    assertApiError(refused, 429, 'otp_send_rate_limited');
    assert.equal(refused.headers.get('retry-after'), '3600');
    assert.equal(server.outbox.list({ to: '+14155550609' }).length, 0);
    assert.equal(
      await server.store.users.findByDestination(server.project.projectId, 'phone', '+14155550609'),
      undefined,
      'the refused send made no user and no claim of the number',
    );
    const alerts = alertsIn().map((line) => JSON.parse(line));
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0].alert, 'sms_circuit_breaker_open');
    assert.equal(alerts[0].bucket, 'total');
    assert.equal(alerts[0].maxPerHour, 3);
    assert.equal(alerts[0].level, 50, 'logged as an error');
    // Refused again, without a second alert.
    await server.api('/otps/sms/login_or_create', { body: { phone_number: '+14155550610' } });
    assert.equal(alertsIn().length, 1);

    assert.equal(
      (await server.api('/otps/sms/login_or_create', { body: { phone_number: known } })).status,
      200,
      'a verified number still gets its code',
    );
    assert.equal(
      (await server.api('/otps/email/login_or_create', { body: { email: 'guest@example.com' } }))
        .status,
      200,
      'email is not a text message',
    );
    server.clock.advance(60 * 60_000);
    assert.equal(
      (await server.api('/otps/sms/login_or_create', { body: { phone_number: '+14155550609' } }))
        .status,
      200,
      'the breaker closes after the hour',
    );
  });
});

describe('the text breaker against the red-team pumping attack', () => {
  let server: TestServer;
  const logLines: string[] = [];
  before(async () => {
    server = await startTestServer({ config: { trustProxy: true }, logLines });
  });
  after(() => server.close());

  test('300+ sends to fresh numbers from 2 addresses leave an invited guest who never signed in, and a returning guest, texting and signing in', async () => {
    const invited = '+14155550701';
    const returning = '+14155550702';
    await inviteGuest(server.store, await projectOf(server), invited, 'Ada Invited', 1);
    await signInBySms(server, returning);

    // The attack: 320 fresh numbers over four area codes (80 each), from two addresses.
    const ranges = ['415', '650', '212', '312'];
    let refused = 0;
    const started = performance.now();
    const fresh = (n: number) => `+1${ranges[n % ranges.length]}555${String(2000 + n)}`;
    for (let n = 0; n < 320; n += 2) {
      // The two addresses at once.
      const answers = await Promise.all([
        send(server, fresh(n), '198.51.100.21'),
        send(server, fresh(n + 1), '198.51.100.22'),
      ]);
      for (const answer of answers) {
        if (answer.status === 200) continue;
        assertApiError(answer, 429, 'otp_send_rate_limited');
        refused++;
      }
    }
    console.log(
      `# measured: 320 attack sends in ${Math.round(performance.now() - started)} ms, ${refused} refused`,
    );
    // The returning guest's first sign-in was the hour's first text to a new number.
    assert.equal(refused, 21, 'the breaker opens at the 301st text to a new number');

    // The guests, from their own addresses, the same hour: both texted, both signed in.
    await guestSignsIn(server, invited, '203.0.113.31');
    await guestSignsIn(server, returning, '203.0.113.32');

    // Meanwhile the breaker is open for new numbers, and said so once.
    assertApiError(
      await send(server, '+13125559999', '198.51.100.23'),
      429,
      'otp_send_rate_limited',
    );
    const alerts = alertsIn(logLines);
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0].bucket, 'total');
    assert.equal(alerts[0].maxPerHour, 300);
  });
});

describe('the text breaker per prefix range', () => {
  let server: TestServer;
  const logLines: string[] = [];
  before(async () => {
    server = await startTestServer({
      config: { trustProxy: true },
      project: { sms: { allowedCountries: ['US', 'CA', 'GB'] } },
      logLines,
    });
  });
  after(() => server.close());

  test('flooding one prefix range pauses it only: another range, another country’s new numbers and an invited guest in the flooded range still get their codes', async () => {
    const invited = '+14155550711';
    await inviteGuest(server.store, await projectOf(server), invited, 'Grace Invited', 1);
    const attacker = '198.51.100.31';
    for (let n = 0; n < 150; n++) {
      const answer = await send(server, `+1415555${String(3000 + n)}`, attacker);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    }
    const flooded = '+14155553150';
    assertApiError(await send(server, flooded, attacker), 429, 'otp_send_rate_limited');
    assert.equal(texts(server, flooded), 0);
    const alerts = alertsIn(logLines);
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0].bucket, 'prefix');
    assert.equal(alerts[0].prefix, '+1 415');
    assert.equal(alerts[0].maxPerHourPerPrefix, 150);

    for (const fresh of ['+16505550123', '+14165550123', '+447400123456']) {
      await guestSignsIn(server, fresh, '203.0.113.41');
    }
    await guestSignsIn(server, invited, '203.0.113.42');
    assert.equal(alertsIn(logLines).length, 1, 'no other bucket tripped');
  });
});

describe('a project that texts only its guest list', () => {
  let server: TestServer;
  const logLines: string[] = [];
  before(async () => {
    server = await startTestServer({
      config: { trustProxy: true },
      project: { sms: { guestListOnly: true, maxPerHour: 1 } },
      logLines,
    });
  });
  after(() => server.close());

  /** An answer's status, body keys (without the request id) and id formats. */
  function shapeOf(answer: ApiAnswer) {
    return {
      status: answer.status,
      keys: Object.keys(answer.body)
        .filter((key) => key !== 'request_id')
        .sort(),
      userId: /^user-test-[0-9a-f-]{36}$/.test(answer.body.user_id),
      methodId: /^phone-number-test-[0-9a-f-]{36}$/.test(answer.body.method_id),
    };
  }

  test('a number not on the list is answered as a listed one is, and is sent nothing, with no row written', async () => {
    const project = await projectOf(server);
    const listed = '+14155550801';
    const removed = '+14155550802';
    const strangers = ['+14155550803', '+16505550804'];
    await inviteGuest(server.store, project, listed, 'Listed Guest', 1);
    // A guest who signed in, then was taken off the list.
    await inviteGuest(server.store, project, removed, 'Removed Guest', 1);
    const first = await send(server, removed, '203.0.113.50');
    await untilTexted(server, removed, 1);
    assert.equal((await check(server, first.body.method_id, removed, '203.0.113.50')).status, 200);
    await removeGuest(server.store, project, removed);

    const rowsBefore = await rowsOf(server.store);
    const unlisted = new Map<string, ApiAnswer[]>();
    for (const phone of [...strangers, removed]) {
      unlisted.set(phone, [
        await send(server, phone, '198.51.100.51'),
        await send(server, phone, '198.51.100.52'),
      ]);
    }
    const primary = await send(server, strangers[0] ?? '', '198.51.100.51', 'send/primary');
    assert.deepEqual(await rowsOf(server.store), rowsBefore, 'nothing written for them');

    const guestIp = '203.0.113.51';
    const answer = await send(server, listed, guestIp);
    await untilTexted(server, listed, 1);
    const listedPrimary = await send(server, listed, guestIp, 'send/primary');
    const expected = shapeOf(answer);
    assert.deepEqual(expected, {
      status: 200,
      keys: ['method_id', 'phone_id', 'status_code', 'user_id'],
      userId: true,
      methodId: true,
    });
    for (const [phone, [one, again]] of unlisted) {
      assert.ok(one && again);
      assert.deepEqual(shapeOf(one), expected, phone);
      // Asked again, the same ids, as a listed number's are.
      assert.equal(again.body.user_id, one.body.user_id, phone);
      assert.equal(again.body.method_id, one.body.method_id, phone);
      assert.equal(texts(server, phone), phone === removed ? 1 : 0, `${phone} was texted`);
    }
    assert.deepEqual(shapeOf(primary), shapeOf(listedPrimary));

    // The listed guest gets the codes and signs in; the breaker (1 an hour) never counted.
    await untilTexted(server, listed, 2);
    const signedIn = await check(server, answer.body.method_id, listed, guestIp);
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(alertsIn(logLines).length, 0);
  });
});
