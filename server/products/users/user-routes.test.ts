import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';

describe('the signed-in user', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('GET /users/me returns the user in Stytch’s shape', async () => {
    const signedIn = await signInBySms(server, '+14155550301');
    const me = await server.api('/users/me', { secret: signedIn.session_token });
    assert.equal(me.status, 200);
    assert.equal(me.body.user_id, signedIn.user_id);
    assert.equal(me.body.status, 'active');
    assert.deepEqual(me.body.phone_numbers, [
      { phone_id: signedIn.method_id, phone_number: '+14155550301', verified: true },
    ]);
    assert.deepEqual(me.body.emails, []);
    assert.deepEqual(me.body.webauthn_registrations, []);
    assert.deepEqual(me.body.trusted_metadata, {});
    assert.deepEqual(me.body.untrusted_metadata, {});
    assert.deepEqual(me.body.name, { first_name: '', middle_name: '', last_name: '' });
    assertApiError(await server.api('/users/me'), 401, 'user_unauthenticated');
  });

  test('PUT /users/me merges untrusted_metadata, null removes a key, trusted stays untouched', async () => {
    const signedIn = await signInBySms(server, '+14155550302');
    await server.store.users.setTrustedMetadata(signedIn.user_id, { invited: false });
    const first = await server.api('/users/me', {
      method: 'PUT',
      body: { untrusted_metadata: { song: 'Lady (Hear Me Tonight)', diet: 'vegan' } },
      secret: signedIn.session_token,
    });
    assert.equal(first.status, 200);
    const second = await server.api('/users/me', {
      method: 'PUT',
      body: {
        untrusted_metadata: { diet: null, plus_one: true },
        trusted_metadata: { invited: true },
      },
      secret: signedIn.session_token,
    });
    assert.equal(second.status, 200);
    const me = await server.api('/users/me', { secret: signedIn.session_token });
    assert.deepEqual(me.body.untrusted_metadata, {
      song: 'Lady (Hear Me Tonight)',
      plus_one: true,
    });
    assert.deepEqual(me.body.trusted_metadata, { invited: false }, 'the API cannot invite itself');
  });

  test('PUT /users/me sets name alone, with metadata, or metadata alone, and answers __user as Stytch’s SDK reads it', async () => {
    const signedIn = await signInBySms(server, '+14155550306');
    const named = await server.api('/users/me', {
      method: 'PUT',
      body: { name: { first_name: 'Ada', last_name: 'Lovelace' } },
      secret: signedIn.session_token,
    });
    assert.equal(named.status, 200, JSON.stringify(named.body));
    const expected = { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' };
    assert.deepEqual(named.body.name, expected);
    assert.deepEqual(named.body.__user.name, expected);
    assert.equal(named.body.__user.user_id, signedIn.user_id);

    // Both at once; the name's fields not given stay.
    const both = await server.api('/users/me', {
      method: 'PUT',
      body: { name: { middle_name: 'King' }, untrusted_metadata: { seat: 'table 2' } },
      secret: signedIn.session_token,
    });
    assert.equal(both.status, 200, JSON.stringify(both.body));
    const full = { first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' };
    assert.deepEqual(both.body.__user.name, full);
    assert.deepEqual(both.body.__user.untrusted_metadata, { seat: 'table 2' });

    const metadataOnly = await server.api('/users/me', {
      method: 'PUT',
      body: { untrusted_metadata: { seat: null } },
      secret: signedIn.session_token,
    });
    assert.deepEqual(metadataOnly.body.__user.name, full);
    assert.deepEqual(metadataOnly.body.__user.untrusted_metadata, {});

    const me = await server.api('/users/me', { secret: signedIn.session_token });
    assert.deepEqual(me.body.name, full, 'stored');

    assertApiError(
      await server.api('/users/me', { method: 'PUT', body: {}, secret: signedIn.session_token }),
      400,
      'schema_error',
    );
    const unknownPart = await server.api('/users/me', {
      method: 'PUT',
      body: { name: { nickname: 'Countess' } },
      secret: signedIn.session_token,
    });
    assertApiError(unknownPart, 400, 'schema_error');
    const tooLong = await server.api('/users/me', {
      method: 'PUT',
      body: { name: { first_name: 'A'.repeat(257) } },
      secret: signedIn.session_token,
    });
    assertApiError(tooLong, 400, 'schema_error');
    assert.deepEqual(
      (await server.api('/users/me', { secret: signedIn.session_token })).body.name,
      full,
      'a refused update changes nothing',
    );
  });

  test('untrusted_metadata is limited to 4096 bytes and must be an object', async () => {
    const signedIn = await signInBySms(server, '+14155550303');
    const big = await server.api('/users/me', {
      method: 'PUT',
      body: { untrusted_metadata: { note: 'x'.repeat(4096) } },
      secret: signedIn.session_token,
    });
    assertApiError(big, 400, 'metadata_too_large');
    const notObject = await server.api('/users/me', {
      method: 'PUT',
      body: { untrusted_metadata: ['a'] },
      secret: signedIn.session_token,
    });
    assertApiError(notObject, 400, 'schema_error');
    assert.equal(notObject.body.errors[0].path, 'body.untrusted_metadata');
  });

  test('DELETE /users/emails/{id} and /users/phone_numbers/{id} remove the user’s own factors, never the last way to sign in', async () => {
    const signedIn = await signInBySms(server, '+14155550304');
    const secondary = await server.api('/otps/email/send/secondary', {
      body: { email: 'lin@example.com' },
      secret: signedIn.session_token,
    });
    const emailId = secondary.body.email_id;
    const other = await signInBySms(server, '+14155550305');
    assertApiError(
      await server.api(`/users/emails/${emailId}`, {
        method: 'DELETE',
        secret: other.session_token,
      }),
      404,
      'email_id_not_found',
    );
    const removed = await server.api(`/users/emails/${emailId}`, {
      method: 'DELETE',
      secret: signedIn.session_token,
    });
    assert.equal(removed.status, 200);
    assert.deepEqual(removed.body.emails, []);
    // The phone number is now the user's only way to sign in: it stays until another is added.
    assertApiError(
      await server.api(`/users/phone_numbers/${signedIn.method_id}`, {
        method: 'DELETE',
        secret: signedIn.session_token,
      }),
      409,
      'cannot_delete_last_sign_in_method',
    );
    await server.api('/otps/email/send/secondary', {
      body: { email: 'lin.again@example.com' },
      secret: signedIn.session_token,
    });
    const phoneRemoved = await server.api(`/users/phone_numbers/${signedIn.method_id}`, {
      method: 'DELETE',
      secret: signedIn.session_token,
    });
    assert.equal(phoneRemoved.status, 200);
    assert.deepEqual(phoneRemoved.body.phone_numbers, []);
    // Stytch's SDK reads the updated user from `__user`.
    assert.deepEqual((phoneRemoved.body.__user as { phone_numbers: unknown[] }).phone_numbers, []);
    assertApiError(
      await server.api(`/users/phone_numbers/${signedIn.method_id}`, {
        method: 'DELETE',
        secret: signedIn.session_token,
      }),
      404,
      'phone_id_not_found',
    );
  });

  test('POST /users/search tells new from known emails', async () => {
    const fresh = await server.api('/users/search', { body: { email: 'nobody@example.com' } });
    assert.equal(fresh.status, 200);
    assert.equal(fresh.body.user_type, 'new');
    // Stytch's SDK reads `userType` (its prebuilt password screens choose by it).
    assert.equal(fresh.body.userType, 'new');
    await server.api('/otps/email/login_or_create', { body: { email: 'Known@Example.com' } });
    const known = await server.api('/users/search', { body: { email: 'known@example.com' } });
    assert.equal(known.body.user_type, 'passwordless');
    assert.equal(known.body.userType, 'passwordless');
    assertApiError(
      await server.api('/users/search', { body: { email: 'nope' } }),
      400,
      'invalid_email',
    );
    assertApiError(await server.api('/users/search', { body: {} }), 400, 'schema_error');
  });
});
