/**
 * What proving a destination does (`proof.ts`), on a real server: a proof within the account's
 * own session removes nothing, and a proof of a destination another user holds verified (a
 * claim that raced its owner's proof) is refused and changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError } from '../../http/api-error.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';

/** A password zxcvbn scores 4 and no breach list holds. */
const STRONG = 'violet-Harbor-7-quietly-juggles';

describe('proving a destination', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ project: { products: ['otp', 'passwords'] } });
  });
  after(() => server.close());

  test('a user who signed up with a password and proves the address in their own session keeps the password and sessions', async () => {
    const email = 'own@example.com';
    const created = await server.api('/passwords', {
      body: { email, password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const token = created.body.session_token;
    const sent = await server.api('/otps/email/send/secondary', { body: { email }, secret: token });
    const proven = await server.api('/otps/authenticate', {
      body: { token: server.lastCode(email), method_id: sent.body.method_id },
      secret: token,
    });
    assert.equal(proven.status, 200, JSON.stringify(proven.body));
    assert.equal(proven.body.user.emails[0].verified, true);
    assert.equal(proven.body.session_token, token);
    const login = await server.api('/passwords/authenticate', {
      body: { email, password: STRONG },
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    assert.equal(login.body.user_id, created.body.user_id);
  });

  test('a claim that raced the owner’s proof is refused when proven, and nothing changes', async () => {
    const phone = '+14155550931';
    const owner = await signInBySms(server, phone);
    const other = await signInBySms(server, '+14155550932');
    // A pending claim stored just before the owner's proof dropped the others.
    await server.store.db
      .insertInto('user_phone_numbers')
      .values({
        phone_id: 'phone-number-test-raced-claim',
        project_id: server.project.projectId,
        user_id: other.user_id,
        phone_number: phone,
        verified: 0,
        created_at: 1,
      })
      .execute();
    const rows = () =>
      server.store.db
        .selectFrom('user_phone_numbers')
        .select(['phone_id', 'user_id', 'verified'])
        .where('phone_number', '=', phone)
        .orderBy('phone_id')
        .execute();
    const before = await rows();
    const claim = await server.store.users.findMethod('phone-number-test-raced-claim');
    assert.ok(claim);
    await assert.rejects(
      server.store.users.prove(claim, { now: 2, withinOwnSession: true }),
      (error: unknown) =>
        error instanceof ApiError &&
        error.type === 'duplicate_phone_number' &&
        error.status === 409,
    );
    assert.deepEqual(await rows(), before);
    assert.equal(
      (await server.store.users.findByDestination(server.project.projectId, 'phone', phone))
        ?.userId,
      owner.user_id,
    );
  });
});
