/**
 * Enumeration of the guest list and of accounts through the send answers, over HTTP on a real
 * server: `send/primary` and `send/secondary` answer alike (status, shape) whether a destination
 * is listed, known or new, and text or mail only where they should.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inviteGuest } from '../../cli/guest-list.js';
import { assertApiError } from '../../test/api-assertions.js';
import { eventually } from '../../test/eventually.js';
import {
  type ApiAnswer,
  signInBySms,
  startTestServer,
  type TestServer,
} from '../../test/test-server.js';

const LOGIN_URL = 'http://app.velvet.test/signed-in';

/** An answer's status and its body's keys (without the request id), and the id formats. */
function shapeOf(answer: ApiAnswer) {
  return {
    status: answer.status,
    keys: Object.keys(answer.body)
      .filter((key) => key !== 'request_id')
      .sort(),
    userId: /^user-test-[0-9a-f-]{36}$/.test(answer.body.user_id),
    methodId: /^(phone-number|email)-test-[0-9a-f-]{36}$/.test(answer.body.method_id),
  };
}

describe('enumeration through the send answers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        products: ['otp', 'emailMagicLinks'],
        emailMagicLinks: { loginRedirectURLs: [LOGIN_URL], signupRedirectURLs: [LOGIN_URL] },
      },
    });
  });
  after(() => server.close());

  /** Signs `email` in by an email passcode; the session token and user id. */
  async function signInByEmail(email: string) {
    const sent = await server.api('/otps/email/login_or_create', { body: { email } });
    const answer = await server.api('/otps/authenticate', {
      body: { token: server.lastCode(email), method_id: sent.body.method_id },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return { token: answer.body.session_token as string, userId: answer.body.user_id as string };
  }

  const texts = (to: string) => server.outbox.list({ to }).length;
  const rowsOf = async (phone: string) =>
    (
      await server.store.db
        .selectFrom('user_phone_numbers')
        .select(['user_id', 'verified'])
        .where('phone_number', '=', phone)
        .orderBy('created_at')
        .execute()
    ).map((row) => [row.user_id, Number(row.verified)]);

  test('send/primary answers alike for a listed, a known, a merely claimed and a new number, and texts only those that sign someone in', async () => {
    const listed = '+14155550901';
    const known = '+14155550902';
    const claimed = '+14155550903';
    const unknown = '+14155550904';
    const project = await server.store.projects.findByPublicToken(server.project.publicToken);
    assert.ok(project);
    await inviteGuest(server.store, project, listed, 'Listed Guest', 1);
    await signInBySms(server, known);
    const stranger = await signInByEmail('claimer@example.com');
    await server.api('/otps/sms/send/secondary', {
      body: { phone_number: claimed },
      secret: stranger.token,
    });
    const before = new Map([listed, known, claimed, unknown].map((n) => [n, texts(n)]));

    const answers = new Map<string, ApiAnswer>();
    for (const number of [listed, known, claimed, unknown]) {
      answers.set(
        number,
        await server.api('/otps/sms/send/primary', { body: { phone_number: number } }),
      );
    }
    const expected = {
      status: 200,
      keys: ['method_id', 'phone_id', 'status_code', 'user_id'],
      userId: true,
      methodId: true,
    };
    for (const [number, answer] of answers) assert.deepEqual(shapeOf(answer), expected, number);

    // The listed and the known number get their codes; the others nothing.
    await eventually(
      () =>
        texts(listed) === (before.get(listed) ?? 0) + 1 &&
        texts(known) === (before.get(known) ?? 0) + 1,
      'the two codes',
    );
    assert.equal(texts(claimed), before.get(claimed));
    assert.equal(texts(unknown), 0);
    // A stranger's claim is no route into their account, and the answer's ids lead nowhere.
    assert.notEqual(answers.get(claimed)?.body.user_id, stranger.userId);
    assertApiError(
      await server.api('/otps/authenticate', {
        body: { token: '123456', method_id: answers.get(unknown)?.body.method_id },
      }),
      404,
      'otp_code_not_found',
    );
    assert.deepEqual(await rowsOf(unknown), []);
    // Email passcodes likewise.
    const email = await server.api('/otps/email/send/primary', {
      body: { email: 'nobody@example.com' },
    });
    assert.equal(email.status, 200);
    assert.match(email.body.email_id, /^email-test-/);
    assert.equal(server.outbox.list({ to: 'nobody@example.com' }).length, 0);
  });

  test('send/secondary answers alike for a number held verified by another user, one another user only claims and a new one, and texts only the last two', async () => {
    const held = '+14155550911';
    const pendingElsewhere = '+14155550912';
    const fresh = '+14155550913';
    const holder = await signInBySms(server, held);
    // Someone started a sign-in with this number and never entered the code.
    const pending = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: pendingElsewhere },
    });
    const me = await signInByEmail('secondary@example.com');
    const heldTexts = texts(held);

    const answers = [];
    for (const number of [held, pendingElsewhere, fresh]) {
      answers.push(
        await server.api('/otps/sms/send/secondary', {
          body: { phone_number: number },
          secret: me.token,
        }),
      );
    }
    for (const answer of answers) {
      assert.deepEqual(shapeOf(answer), {
        status: 200,
        keys: ['method_id', 'phone_id', 'status_code', 'user_id'],
        userId: true,
        methodId: true,
      });
      assert.equal(answer.body.user_id, me.userId);
    }
    // Nothing was sent to, or stored for, the number another user holds.
    assert.equal(texts(held), heldTexts);
    assert.deepEqual(await rowsOf(held), [[holder.user_id, 1]]);
    // The number another user only claims is this user's to claim too; the new one as well.
    assert.deepEqual(await rowsOf(pendingElsewhere), [
      [pending.body.user_id, 0],
      [me.userId, 0],
    ]);
    assert.deepEqual(await rowsOf(fresh), [[me.userId, 0]]);
    assert.equal(texts(pendingElsewhere), 2);
    assert.equal(texts(fresh), 1);

    // Magic links: an address held verified by another user is answered alike, and not mailed.
    const mailed = server.outbox.list({ to: 'claimer@example.com' }).length;
    const link = await server.api('/magic_links/email/send/secondary', {
      body: { email: 'claimer@example.com' },
      secret: me.token,
    });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    assert.equal(link.body.user_id, me.userId);
    assert.match(link.body.email_id, /^email-test-/);
    assert.equal(server.outbox.list({ to: 'claimer@example.com' }).length, mailed);
  });
});
