import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf } from '../../test/database-rows.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';
import { SESSION_CLAIM } from './session-service.js';

describe('sessions', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('authenticate with the opaque token touches the session and returns a fresh JWT', async () => {
    const signedIn = await signInBySms(server, '+14155550201');
    server.clock.advance(2 * 60_000);
    const answer = await server.api('/sessions/authenticate', {
      body: {},
      secret: signedIn.session_token,
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.session.session_id, signedIn.session.session_id);
    assert.equal(answer.body.session_token, signedIn.session_token);
    assert.notEqual(answer.body.session_jwt, signedIn.session_jwt);
    assert.equal(
      Date.parse(answer.body.session.last_accessed_at) -
        Date.parse(signedIn.session.last_accessed_at),
      2 * 60_000,
    );
    assert.equal(
      answer.body.session.expires_at,
      signedIn.session.expires_at,
      'no duration, no extension',
    );
    assert.equal(answer.body.user.user_id, signedIn.user_id);
  });

  test('a check right after the user or the session changed answers the change', async () => {
    const signedIn = await signInBySms(server, '+14155550215');
    const check = () =>
      server.api('/sessions/authenticate', { body: {}, secret: signedIn.session_token });
    const first = await check();
    const again = await check();
    assert.deepEqual(again.body.user, first.body.user, 'nothing changed, the same user');
    assert.deepEqual(again.body.session, first.body.session);

    const updated = await server.api('/users/me', {
      method: 'PUT',
      body: { untrusted_metadata: { seat: 'table 4' } },
      secret: signedIn.session_token,
    });
    assert.equal(updated.status, 200);
    const afterUpdate = await check();
    assert.deepEqual(afterUpdate.body.user.untrusted_metadata, { seat: 'table 4' });

    // A second factor on the same session: the session's row changed, and so does the answer.
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550215' },
      secret: signedIn.session_token,
    });
    const code = server.lastCode('+14155550215');
    await server.api('/otps/authenticate', {
      body: { method_id: sent.body.method_id, token: code },
      secret: signedIn.session_token,
    });
    const afterFactor = await check();
    assert.equal(afterFactor.body.session.authentication_factors.length, 2);

    await server.api('/sessions/revoke', { body: {}, secret: signedIn.session_token });
    assertApiError(await check(), 401, 'session_not_found');
  });

  test("a change to the user's lists made outside this server shows in the next check", async () => {
    const signedIn = await signInBySms(server, '+14155550216');
    const check = async () => {
      const answer = await server.api('/sessions/authenticate', {
        body: {},
        secret: signedIn.session_token,
      });
      assert.equal(answer.status, 200);
      return answer.body.user;
    };
    assert.deepEqual((await check()).emails, []);
    assert.deepEqual((await check()).emails, [], 'checked twice: read once, then reused');

    // Written straight to the database, as another server or the guest-list command would.
    const { db } = server.store;
    const { project_id } = await db
      .selectFrom('users')
      .select('project_id')
      .where('user_id', '=', signedIn.user_id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_emails')
      .values({
        email_id: 'email-test-00000000-0000-4000-8000-000000000216',
        project_id,
        user_id: signedIn.user_id,
        email: 'guest216@example.com',
        verified: 0,
        created_at: Date.now(),
      })
      .execute();
    assert.deepEqual(
      (await check()).emails.map((e: { email: string; verified: boolean }) => [
        e.email,
        e.verified,
      ]),
      [['guest216@example.com', false]],
    );
    await db
      .updateTable('user_emails')
      .set({ verified: 1 })
      .where('user_id', '=', signedIn.user_id)
      .execute();
    assert.equal((await check()).emails[0].verified, true);
    await db.deleteFrom('user_emails').where('user_id', '=', signedIn.user_id).execute();
    assert.deepEqual((await check()).emails, []);
    await db
      .updateTable('user_phone_numbers')
      .set({ phone_number: '+14155550217' })
      .where('user_id', '=', signedIn.user_id)
      .execute();
    assert.equal((await check()).phone_numbers[0].phone_number, '+14155550217');
  });

  test('checks within a minute reuse the access time and the JWT; a revocation still counts at once', async () => {
    const signedIn = await signInBySms(server, '+14155550209');
    server.clock.advance(20_000);
    const first = await server.api('/sessions/authenticate', {
      body: {},
      secret: signedIn.session_token,
    });
    server.clock.advance(20_000);
    const second = await server.api('/sessions/authenticate', {
      body: {},
      secret: first.body.session_jwt,
    });
    assert.equal(second.status, 200);
    assert.equal(first.body.session.last_accessed_at, signedIn.session.last_accessed_at);
    assert.equal(second.body.session.last_accessed_at, signedIn.session.last_accessed_at);
    // Signed once, at sign-in: 40 s later both checks answer that JWT (its `iat` is the
    // sign-in's second; a new signature would carry the check's), and the stored access time
    // was not written.
    const signedAt = Math.floor(Date.parse(signedIn.session.started_at) / 1000);
    assert.equal(decodeJwt(first.body.session_jwt).iat, signedAt, 'not signed again');
    assert.equal(second.body.session_jwt, signedIn.session_jwt, 'a JWT under a minute old');
    const { sessions = [] } = await rowsOf(server.store, ['sessions']);
    const row = sessions.find((r) => r.session_id === signedIn.session.session_id);
    assert.equal(Number(row?.last_accessed_at), Date.parse(signedIn.session.last_accessed_at));
    assert.equal(second.body.user.phone_numbers[0].phone_number, '+14155550209');

    const extended = await server.api('/sessions/authenticate', {
      body: { session_duration_minutes: 120 },
      secret: signedIn.session_token,
    });
    assert.equal(Date.parse(extended.body.session.expires_at) - server.clock.now(), 120 * 60_000);
    assert.notEqual(extended.body.session_jwt, second.body.session_jwt, 'a new expiry, a new JWT');
    const afterExtension = await server.api('/sessions/authenticate', {
      body: {},
      secret: signedIn.session_token,
    });
    assert.equal(afterExtension.body.session.expires_at, extended.body.session.expires_at);

    server.clock.advance(61_000);
    const later = await server.api('/sessions/authenticate', {
      body: {},
      secret: signedIn.session_token,
    });
    assert.equal(Date.parse(later.body.session.last_accessed_at), server.clock.now());
    assert.notEqual(later.body.session_jwt, afterExtension.body.session_jwt);

    await server.api('/sessions/revoke', { body: {}, secret: signedIn.session_token });
    for (const secret of [signedIn.session_token, later.body.session_jwt]) {
      const refused = await server.api('/sessions/authenticate', { body: {}, secret });
      assertApiError(refused, 401, 'session_not_found');
    }
  });

  test('session_duration_minutes extends the session from now, up to the project maximum (7 days)', async () => {
    const signedIn = await signInBySms(server, '+14155550202');
    const extended = await server.api('/sessions/authenticate', {
      body: { session_duration_minutes: 10_080 },
      secret: signedIn.session_token,
    });
    assert.equal(extended.status, 200);
    assert.equal(
      Date.parse(extended.body.session.expires_at) - server.clock.now(),
      10_080 * 60_000,
    );
    const tooLong = await server.api('/sessions/authenticate', {
      body: { session_duration_minutes: 10_081 },
      secret: signedIn.session_token,
    });
    assertApiError(tooLong, 400, 'session_duration_too_long');
    assert.match(tooLong.body.error_message, /at most 10080\b/);
    assert.equal(tooLong.body.max_session_duration_minutes, 10_080);
    const after = await server.api('/sessions/authenticate', {
      body: {},
      secret: signedIn.session_token,
    });
    assert.equal(after.body.session.expires_at, extended.body.session.expires_at, 'not extended');
    for (const bad of [4, 527_041, 10.5, '60']) {
      const refused = await server.api('/sessions/authenticate', {
        body: { session_duration_minutes: bad },
        secret: signedIn.session_token,
      });
      assertApiError(refused, 400, 'schema_error');
      assert.equal(refused.body.errors[0].path, 'body.session_duration_minutes');
    }
  });

  test('the session JWT verifies against the JWKS, lives 5 minutes and carries the session', async () => {
    const signedIn = await signInBySms(server, '+14155550203');
    const jwks = await server.api(`/sessions/jwks/${server.project.projectId}`, {
      authorization: null,
    });
    assert.equal(jwks.status, 200);
    assert.ok(jwks.body.keys.length >= 1);
    for (const key of jwks.body.keys) assert.equal(key.d, undefined, 'no private parts');
    const { payload, protectedHeader } = await jwtVerify(
      signedIn.session_jwt,
      createLocalJWKSet({ keys: jwks.body.keys }),
      { currentDate: new Date(server.clock.now()), audience: server.project.projectId },
    );
    assert.equal(protectedHeader.alg, 'ES256');
    assert.equal(payload.sub, signedIn.user_id);
    assert.equal((payload.exp ?? 0) - (payload.iat ?? 0), 300);
    const claim = payload[SESSION_CLAIM] as { id: string; expires_at: string };
    assert.equal(claim.id, signedIn.session.session_id);
    assert.equal(claim.expires_at, signedIn.session.expires_at);
  });

  test('authenticate accepts the JWT, even an expired one of a live session', async () => {
    const signedIn = await signInBySms(server, '+14155550204');
    const withJwt = await server.api('/sessions/authenticate', {
      body: {},
      secret: signedIn.session_jwt,
    });
    assert.equal(withJwt.status, 200);
    assert.equal(withJwt.body.session.session_id, signedIn.session.session_id);
    server.clock.advance(6 * 60_000);
    const expiredJwt = await server.api('/sessions/authenticate', {
      body: {},
      secret: signedIn.session_jwt,
    });
    assert.equal(expiredJwt.status, 200);
  });

  test('a JWT signed by another key is refused', async () => {
    const signedIn = await signInBySms(server, '+14155550205');
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwks = await server.api(`/sessions/jwks/${server.project.projectId}`, {
      authorization: null,
    });
    const realKid = jwks.body.keys[0].kid;
    const now = Math.floor(server.clock.now() / 1000);
    for (const kid of [realKid, 'jwk-forged']) {
      const forged = await new SignJWT({ [SESSION_CLAIM]: { id: signedIn.session.session_id } })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setSubject(signedIn.user_id)
        .setIssuer('http://velvet.test/sdk/v1')
        .setAudience(server.project.projectId)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(privateKey);
      const answer = await server.api('/sessions/authenticate', { body: {}, secret: forged });
      assertApiError(answer, 401, 'unauthorized_credentials');
    }
    assert.ok(await exportJWK(publicKey));
  });

  test('revoke ends the session: the token and the JWT answer session_not_found', async () => {
    const signedIn = await signInBySms(server, '+14155550206');
    const revoked = await server.api('/sessions/revoke', {
      body: {},
      secret: signedIn.session_token,
    });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.status_code, 200);
    assertApiError(
      await server.api('/sessions/authenticate', { body: {}, secret: signedIn.session_token }),
      401,
      'session_not_found',
    );
    assertApiError(
      await server.api('/sessions/authenticate', { body: {}, secret: signedIn.session_jwt }),
      401,
      'session_not_found',
    );
    assertApiError(
      await server.api('/users/me', { secret: signedIn.session_token }),
      401,
      'session_not_found',
    );
  });

  test('revoke with a JSON content type and no body at all, as Stytch’s SDK sends it', async () => {
    const signedIn = await signInBySms(server, '+14155550207');
    const revoked = await server.api('/sessions/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      secret: signedIn.session_token,
    });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.raw));
    assertApiError(
      await server.api('/sessions/authenticate', { body: {}, secret: signedIn.session_token }),
      401,
      'session_not_found',
    );
    // A route with a required field names it rather than failing on the empty body.
    const empty = await server.api('/otps/sms/login_or_create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    assertApiError(empty, 400, 'schema_error');
    assert.match(empty.body.error_message, /phone_number/);
  });

  test('a session ends at expires_at', async () => {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550207' },
    });
    const signedIn = await server.api('/otps/authenticate', {
      body: {
        token: server.lastCode('+14155550207'),
        method_id: sent.body.method_id,
        session_duration_minutes: 5,
      },
    });
    server.clock.advance(5 * 60_000 - 1);
    assert.equal(
      (await server.api('/users/me', { secret: signedIn.body.session_token })).status,
      200,
    );
    server.clock.advance(1);
    assertApiError(
      await server.api('/users/me', { secret: signedIn.body.session_token }),
      401,
      'session_not_found',
    );
  });

  test('an unknown token is session_not_found; calls needing a session say so', async () => {
    assertApiError(
      await server.api('/sessions/authenticate', { body: {}, secret: 'x'.repeat(43) }),
      401,
      'session_not_found',
    );
    assertApiError(
      await server.api('/sessions/authenticate', { body: {} }),
      401,
      'user_unauthenticated',
    );
    assertApiError(await server.api('/sessions/revoke', { body: {} }), 401, 'user_unauthenticated');
  });

  test('the JWKS of an unknown project is a 404', async () => {
    assertApiError(
      await server.api('/sessions/jwks/project-test-nope', { authorization: null }),
      404,
      'not_found',
    );
  });
});

describe('session keys survive a restart', () => {
  test('a JWT issued before a restart still authenticates after it', async () => {
    const first = await startTestServer();
    const signedIn = await signInBySms(first, '+14155550208');
    await first.close({ keepDatabase: true });
    const second = await startTestServer({ database: first.database });
    try {
      const answer = await second.api('/sessions/authenticate', {
        body: {},
        secret: signedIn.session_jwt,
      });
      assert.equal(answer.status, 200);
      const token = await second.api('/sessions/authenticate', {
        body: {},
        secret: signedIn.session_token,
      });
      assert.equal(token.status, 200);
    } finally {
      await second.close();
    }
  });

  test('with another server secret the sealed keys cannot be opened, and a new key signs', async () => {
    const first = await startTestServer();
    const signedIn = await signInBySms(first, '+14155550209');
    await first.close({ keepDatabase: true });
    const second = await startTestServer({
      database: first.database,
      secret: 'another-secret-0123456789abcdef0123',
    });
    try {
      // The opaque token does not depend on the secret; a new key signs its fresh JWT.
      const answer = await second.api('/sessions/authenticate', {
        body: {},
        secret: signedIn.session_token,
      });
      assert.equal(answer.status, 200);
      const header = JSON.parse(
        Buffer.from(answer.body.session_jwt.split('.')[0], 'base64url').toString(),
      );
      const oldHeader = JSON.parse(
        Buffer.from(signedIn.session_jwt.split('.')[0], 'base64url').toString(),
      );
      assert.notEqual(header.kid, oldHeader.kid);
      // A JWT signed under the old secret's key can no longer be checked.
      const old = await second.api('/sessions/authenticate', {
        body: {},
        secret: signedIn.session_jwt,
      });
      assertApiError(old, 401, 'unauthorized_credentials');
    } finally {
      await second.close();
    }
  });
});
