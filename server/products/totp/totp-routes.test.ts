import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { assertApiError } from '../../test/api-assertions.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';

/** The code an authenticator app holding `secret` shows at `epochMs` (RFC 6238, 30 s, 6 digits). */
function appCode(secret: string, epochMs: number): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(epochMs / 30_000)), 6);
}

describe('TOTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** A signed-in user with an enrolled (not yet verified) authenticator app. */
  async function enrolled(phone: string) {
    const signedIn = await signInBySms(server, phone);
    const created = await server.api('/totps', {
      body: { expiration_minutes: 60 },
      secret: signedIn.session_token,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    return { token: signedIn.session_token as string, userId: signedIn.user_id, created };
  }

  test('POST /totps answers Stytch’s create body: secret, otpauth URI, PNG QR code, ten recovery codes', async () => {
    const { created, userId, token } = await enrolled('+14155550901');
    const body = created.body;
    assert.match(body.totp_id, /^totp-test-/);
    assert.match(body.secret, /^[A-Z2-7]{32}$/);
    assert.match(body.qr_code, /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    assert.ok(
      Buffer.from(body.qr_code.split(',')[1], 'base64').subarray(1, 4).equals(Buffer.from('PNG')),
    );
    const uri = new URL(body.otpauth_uri);
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.searchParams.get('secret'), body.secret);
    assert.equal(uri.searchParams.get('issuer'), 'Velvet tests');
    assert.equal(body.recovery_codes.length, 10);
    for (const code of body.recovery_codes)
      assert.match(code, /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    assert.equal(new Set(body.recovery_codes).size, 10);
    assert.equal(body.user_id, userId);
    assert.deepEqual(body.__user.totps, [{ totp_id: body.totp_id, verified: false }]);
    const me = await server.api('/users/me', { secret: token });
    assert.deepEqual(me.body.totps, [{ totp_id: body.totp_id, verified: false }]);
  });

  test('the secret is sealed at rest and recovery codes are stored only as hashes', async () => {
    const { created } = await enrolled('+14155550902');
    const row = await server.store.db
      .selectFrom('totps')
      .selectAll()
      .where('totp_id', '=', created.body.totp_id)
      .executeTakeFirstOrThrow();
    assert.ok(!row.sealed_secret.includes(created.body.secret));
    assert.match(row.sealed_secret, /^v1\./);
    const codes = await server.store.db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('totp_id', '=', created.body.totp_id)
      .execute();
    assert.equal(codes.length, 10);
    const stored = JSON.stringify(codes);
    for (const code of created.body.recovery_codes) assert.ok(!stored.includes(code));
  });

  test('a right code verifies the TOTP and adds the factor to the session; the same code works once', async () => {
    const { created, token, userId } = await enrolled('+14155550903');
    const code = appCode(created.body.secret, server.clock.now());
    const answer = await server.api('/totps/authenticate', {
      body: { totp_code: code, session_duration_minutes: 60 },
      secret: token,
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.totp_id, created.body.totp_id);
    assert.equal(answer.body.user_id, userId);
    assert.equal(answer.body.session_token, token, 'the caller’s session gains the factor');
    assert.equal(typeof answer.body.session_jwt, 'string');
    const factors = answer.body.session.authentication_factors;
    assert.deepEqual(
      factors.map((f: { type: string }) => f.type),
      ['otp', 'totp'],
    );
    assert.deepEqual(factors[1].authenticator_app_factor, { totp_id: created.body.totp_id });
    assert.equal(factors[1].delivery_method, 'authenticator_app');
    assert.deepEqual(answer.body.user.totps, [{ totp_id: created.body.totp_id, verified: true }]);

    const again = await server.api('/totps/authenticate', {
      body: { totp_code: code, session_duration_minutes: 60 },
      secret: token,
    });
    assertApiError(again, 401, 'totp_code_already_used');
  });

  test('codes of the previous and next step are accepted, two steps away are not', async () => {
    const { created, token } = await enrolled('+14155550904');
    const now = server.clock.now();
    const secret = created.body.secret;
    const call = (code: string) =>
      server.api('/totps/authenticate', { body: { totp_code: code }, secret: token });
    assertApiError(await call(appCode(secret, now - 60_000)), 401, 'totp_code_not_found');
    assertApiError(await call(appCode(secret, now + 60_000)), 401, 'totp_code_not_found');
    assert.equal((await call(appCode(secret, now - 30_000))).status, 200);
    assert.equal((await call(appCode(secret, now + 30_000))).status, 200);
    // Once the next step's code was used, the current step's (older) one is spent too.
    assertApiError(await call(appCode(secret, now)), 401, 'totp_code_already_used');
  });

  test('wrong codes are counted per user and client: five free, then a wait, and the right code is refused while waiting', async () => {
    const { created, token } = await enrolled('+14155550905');
    const right = appCode(created.body.secret, server.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      assertApiError(
        await server.api('/totps/authenticate', { body: { totp_code: wrong }, secret: token }),
        401,
        'totp_code_not_found',
      );
    }
    const refused = await server.api('/totps/authenticate', {
      body: { totp_code: right },
      secret: token,
    });
    assertApiError(refused, 429, 'too_many_requests');
    assert.ok(refused.body.retry_after_seconds >= 1);
    server.clock.advance(refused.body.retry_after_seconds * 1000);
    const code = appCode(created.body.secret, server.clock.now());
    const ok = await server.api('/totps/authenticate', {
      body: { totp_code: code },
      secret: token,
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  test('a recovery code signs in once; a reused or wrong one is refused; new codes retire the old', async () => {
    const { created, token } = await enrolled('+14155550906');
    const recoverCall = (code: string) =>
      server.api('/totps/recover', {
        body: { recovery_code: code, session_duration_minutes: 30 },
        secret: token,
      });
    // Recovery needs a verified authenticator app.
    assertApiError(await recoverCall(created.body.recovery_codes[0]), 404, 'totp_not_found');
    const code = appCode(created.body.secret, server.clock.now());
    assert.equal(
      (await server.api('/totps/authenticate', { body: { totp_code: code }, secret: token }))
        .status,
      200,
    );
    const first = await recoverCall(` ${created.body.recovery_codes[0].toUpperCase()} `);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.totp_id, created.body.totp_id);
    const factor = first.body.session.authentication_factors.at(-1);
    assert.equal(factor.type, 'recovery_code');
    assertApiError(
      await recoverCall(created.body.recovery_codes[0]),
      401,
      'recovery_code_already_used',
    );
    assertApiError(await recoverCall('aaaa-bbbb-cccc'), 401, 'recovery_code_not_found');

    const fresh = await server.api('/totps/recovery_codes', { body: {}, secret: token });
    assert.equal(fresh.status, 200);
    assert.equal(fresh.body.totps.length, 1);
    assert.equal(fresh.body.totps[0].totp_id, created.body.totp_id);
    assert.equal(fresh.body.totps[0].verified, true);
    assert.equal(fresh.body.totps[0].recovery_codes.length, 10);
    assertApiError(
      await recoverCall(created.body.recovery_codes[1]),
      401,
      'recovery_code_not_found',
    );
    assert.equal((await recoverCall(fresh.body.totps[0].recovery_codes[0])).status, 200);
  });

  test('one verified TOTP per user; a new enrolment replaces an unverified one; expired enrolments cannot verify', async () => {
    const { created, token } = await enrolled('+14155550907');
    const second = await server.api('/totps', { body: { expiration_minutes: 5 }, secret: token });
    assert.equal(second.status, 200);
    assert.notEqual(second.body.totp_id, created.body.totp_id);
    assert.deepEqual(second.body.__user.totps, [{ totp_id: second.body.totp_id, verified: false }]);
    server.clock.advance(5 * 60_000 + 1);
    const late = appCode(second.body.secret, server.clock.now());
    assertApiError(
      await server.api('/totps/authenticate', { body: { totp_code: late }, secret: token }),
      404,
      'totp_not_found',
    );
    const third = await server.api('/totps', { body: {}, secret: token });
    const code = appCode(third.body.secret, server.clock.now());
    assert.equal(
      (await server.api('/totps/authenticate', { body: { totp_code: code }, secret: token }))
        .status,
      200,
    );
    assertApiError(
      await server.api('/totps', { body: {}, secret: token }),
      409,
      'active_totp_exists',
    );
  });

  test('bad input: schema errors, no session, no TOTP', async () => {
    const signedIn = await signInBySms(server, '+14155550908');
    const token = signedIn.session_token;
    for (const body of [
      { expiration_minutes: 4 },
      { expiration_minutes: 1441 },
      { expiration_minutes: '60' },
    ]) {
      const answer = await server.api('/totps', { body, secret: token });
      assertApiError(answer, 400, 'schema_error');
      assert.equal(answer.body.errors[0].path, 'body.expiration_minutes');
    }
    assertApiError(
      await server.api('/totps/authenticate', { body: {}, secret: token }),
      400,
      'schema_error',
    );
    assertApiError(
      await server.api('/totps/authenticate', { body: { totp_code: 123456 }, secret: token }),
      400,
      'schema_error',
    );
    assertApiError(
      await server.api('/totps/recover', { body: { recovery_code: 5 }, secret: token }),
      400,
      'schema_error',
    );
    assertApiError(await server.api('/totps', { body: {} }), 401, 'user_unauthenticated');
    assertApiError(
      await server.api('/totps/authenticate', { body: { totp_code: '123456' } }),
      401,
      'user_unauthenticated',
    );
    assertApiError(
      await server.api('/totps/recover', { body: { recovery_code: 'aaaa-bbbb-cccc' } }),
      401,
      'user_unauthenticated',
    );
    assertApiError(
      await server.api('/totps/recovery_codes', { body: {} }),
      401,
      'user_unauthenticated',
    );
    assertApiError(
      await server.api('/totps/authenticate', { body: { totp_code: '123456' }, secret: token }),
      404,
      'totp_not_found',
    );
    assertApiError(
      await server.api('/totps/recovery_codes', { body: {}, secret: token }),
      404,
      'totp_not_found',
    );
  });

  test('DELETE /users/totps/{id} removes the app and its codes, only the user’s own', async () => {
    const { created, token } = await enrolled('+14155550909');
    const stranger = await signInBySms(server, '+14155550910');
    assertApiError(
      await server.api(`/users/totps/${created.body.totp_id}`, {
        method: 'DELETE',
        secret: stranger.session_token,
      }),
      404,
      'totp_not_found',
    );
    const deleted = await server.api(`/users/totps/${created.body.totp_id}`, {
      method: 'DELETE',
      secret: token,
    });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body.totps, []);
    assert.deepEqual(deleted.body.__user.totps, []);
    const codes = await server.store.db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('totp_id', '=', created.body.totp_id)
      .execute();
    assert.deepEqual(codes, []);
  });
});
