/**
 * The right passcode's writes in one PostgreSQL statement: all of them or none. (On SQLite the
 * check's transaction writes them; this file runs with `npm run test:server:pg`.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { storedGuard } from '../../rate-limit/failure-guards-repository.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';
import { PasscodeSuccessStatement, type PasscodeSuccessWrites } from './passcode-success.js';

const onPostgres = Boolean(process.env.VELVET_TEST_DATABASE_URL);

describe('a right passcode written in one statement', {
  skip: !onPostgres && 'PostgreSQL only: npm run test:server:pg',
}, () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  test('writes nothing unless all of it takes, and all of it when it does', async () => {
    const phone = '+14155550401';
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: phone },
    });
    assert.equal(sent.status, 200);
    const { db } = server.store;
    const passcode = await db
      .selectFrom('passcodes')
      .selectAll()
      .where('method_id', '=', sent.body.method_id)
      .executeTakeFirstOrThrow();
    const now = server.clock.now();
    const key = { scope: 'otp:one-statement', subject: phone, client: passcode.client };
    const writes = (seen: PasscodeSuccessWrites['guard']['seen']): PasscodeSuccessWrites => ({
      now,
      guard: { ...key, seen },
      budget: { bucket: 'failures:one-statement', windowMs: 60_000 },
      passcodeId: passcode.passcode_id,
      maxTries: 5,
      method: { kind: 'phone', methodId: sent.body.method_id },
      session: {
        session_id: 'session-test-one-statement',
        project_id: passcode.project_id,
        user_id: passcode.user_id,
        token_hash: 'token-hash-one-statement',
        started_at: now,
        last_accessed_at: now,
        expires_at: now + 60_000,
        authentication_factors: '[]',
        attributes: '{}',
      },
    });
    const statement = new PasscodeSuccessStatement(db);
    const state = async () => ({
      guard: await db
        .selectFrom('failure_guards')
        .select(['failures', 'last_failure_at', 'trusted_at'])
        .where('scope', '=', key.scope)
        .executeTakeFirst(),
      budget: await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket', '=', 'failures:one-statement')
        .executeTakeFirst(),
      consumedAt: (
        await db
          .selectFrom('passcodes')
          .select('consumed_at')
          .where('passcode_id', '=', passcode.passcode_id)
          .executeTakeFirstOrThrow()
      ).consumed_at,
      sessions: (
        await db
          .selectFrom('sessions')
          .select('session_id')
          .where('user_id', '=', passcode.user_id)
          .execute()
      ).length,
      verified: (
        await db
          .selectFrom('user_phone_numbers')
          .select('verified')
          .where('phone_id', '=', sent.body.method_id)
          .executeTakeFirstOrThrow()
      ).verified,
    });
    const untouched = await state();
    assert.deepEqual(untouched, {
      guard: undefined,
      budget: undefined,
      consumedAt: null,
      sessions: 0,
      verified: 0,
    });
    const noGuard = storedGuard(undefined, now, 60_000);

    // The code was spent by another check meanwhile: the guard claimed for it is not kept.
    await db
      .updateTable('passcodes')
      .set({ consumed_at: now })
      .where('passcode_id', '=', passcode.passcode_id)
      .execute();
    assert.equal(await statement.write(writes(noGuard)), false);
    assert.deepEqual(await state(), { ...untouched, consumedAt: now });
    await db
      .updateTable('passcodes')
      .set({ consumed_at: null })
      .where('passcode_id', '=', passcode.passcode_id)
      .execute();

    // A wrong try of the same client was counted since the guard was read: this one gives way.
    await db
      .insertInto('failure_guards')
      .values({ ...key, failures: 1, last_failure_at: now - 1 })
      .execute();
    assert.equal(await statement.write(writes(noGuard)), false);
    const counted = {
      ...untouched,
      guard: { failures: 1, last_failure_at: now - 1, trusted_at: 0 },
    };
    assert.deepEqual(await state(), counted);

    // Read as it is now: the guard is cleared and the client trusted, the try counted, the code
    // spent, the number verified and the session stored, together.
    const seen = storedGuard({ failures: 1, last_failure_at: now - 1 }, now, 60_000);
    assert.equal(await statement.write(writes(seen)), true);
    const written = await state();
    assert.deepEqual(written, {
      guard: { failures: 0, last_failure_at: now - 1, trusted_at: now },
      budget: { hits: 1 },
      consumedAt: now,
      sessions: 1,
      verified: 1,
    });

    // Once spent, never again.
    assert.equal(await statement.write(writes(noGuard)), false);
    assert.deepEqual(await state(), written);
  });
  test("a first proof drops other users' claims of the number, and is not written while another user holds it verified", async () => {
    const { db } = server.store;
    const phone = '+14155550402';
    const sent = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
    assert.equal(sent.status, 200);
    const passcode = await db
      .selectFrom('passcodes')
      .selectAll()
      .where('method_id', '=', sent.body.method_id)
      .executeTakeFirstOrThrow();
    // A stranger's pending claim of the number, and a third user to hold it verified.
    const stranger = await signInBySms(server, '+14155550403');
    const claim = {
      phone_id: 'phone-number-test-first-proof-claim',
      project_id: passcode.project_id,
      user_id: stranger.user_id,
      phone_number: phone,
      verified: 0,
      created_at: 1,
    };
    await db.insertInto('user_phone_numbers').values(claim).execute();
    const now = server.clock.now();
    const writes = (sessionId: string): PasscodeSuccessWrites => ({
      now,
      guard: {
        scope: 'otp:first-proof',
        subject: phone,
        client: passcode.client,
        seen: storedGuard(undefined, now, 60_000),
      },
      budget: { bucket: 'failures:first-proof', windowMs: 60_000 },
      passcodeId: passcode.passcode_id,
      maxTries: 5,
      method: { kind: 'phone', methodId: sent.body.method_id },
      firstProof: { projectId: passcode.project_id, destination: phone },
      session: {
        session_id: sessionId,
        project_id: passcode.project_id,
        user_id: passcode.user_id,
        token_hash: `hash-${sessionId}`,
        started_at: now,
        last_accessed_at: now,
        expires_at: now + 60_000,
        authentication_factors: '[]',
        attributes: '{}',
      },
    });
    const rows = () =>
      db
        .selectFrom('user_phone_numbers')
        .select(['phone_id', 'verified'])
        .where('phone_number', '=', phone)
        .orderBy('phone_id')
        .execute();
    const statement = new PasscodeSuccessStatement(db);

    // Another user holds the number verified: nothing is written (the transaction refuses it).
    await db
      .updateTable('user_phone_numbers')
      .set({ verified: 1 })
      .where('phone_id', '=', claim.phone_id)
      .execute();
    assert.equal(await statement.write(writes('session-test-held')), false);
    const held = await db
      .selectFrom('passcodes')
      .select('consumed_at')
      .where('passcode_id', '=', passcode.passcode_id)
      .executeTakeFirstOrThrow();
    assert.equal(held.consumed_at, null, 'the code is not spent');
    assert.deepEqual(
      await db
        .selectFrom('sessions')
        .select('session_id')
        .where('user_id', '=', passcode.user_id)
        .execute(),
      [],
    );

    // Only claimed: the owner's proof takes, and the claim is gone.
    await db
      .updateTable('user_phone_numbers')
      .set({ verified: 0 })
      .where('phone_id', '=', claim.phone_id)
      .execute();
    assert.equal(await statement.write(writes('session-test-proof')), true);
    assert.deepEqual(await rows(), [{ phone_id: sent.body.method_id, verified: 1 }]);
  });
});
