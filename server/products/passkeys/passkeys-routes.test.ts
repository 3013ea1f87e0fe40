import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf } from '../../test/database-rows.js';
import {
  signInBySms,
  startTestServer,
  TEST_ORIGIN,
  type TestServer,
} from '../../test/test-server.js';
import { CHALLENGE_LIFETIME_MS } from './passkeys-service.js';
import { SoftwareAuthenticator } from './testing/software-authenticator.js';

const RP_ID = new URL(TEST_ORIGIN).hostname;
const OTHER_TOKEN = 'public-token-test-00000000-0000-4000-8000-otherproject';
const page = { origin: TEST_ORIGIN };

let phoneSeq = 0;
const nextPhone = () => `+1415555${String(3000 + phoneSeq++).padStart(4, '0')}`;

describe('passkeys: /webauthn/*', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: { products: ['otp', 'passkeys'] },
      extraProjects: [
        {
          name: 'Other project',
          publicToken: OTHER_TOKEN,
          authorizedOrigins: [TEST_ORIGIN],
          products: ['otp', 'passkeys'],
        },
      ],
    });
  });
  after(() => server.close());

  /** A signed-up user: the session token and user id. */
  async function signedUp(): Promise<{ token: string; userId: string }> {
    const body = await signInBySms(server, nextPhone());
    return { token: body.session_token, userId: body.user_id };
  }

  async function registerStart(token: string, body: object = {}, publicToken?: string) {
    return server.api('/webauthn/register/start', {
      secret: token,
      ...(publicToken ? { publicToken } : {}),
      headers: { origin: TEST_ORIGIN },
      body: { domain: RP_ID, return_passkey_credential_options: true, ...body },
    });
  }

  async function register(token: string, credential: string, publicToken?: string) {
    return server.api('/webauthn/register', {
      secret: token,
      ...(publicToken ? { publicToken } : {}),
      headers: { origin: TEST_ORIGIN },
      body: { public_key_credential: credential, session_duration_minutes: 60 },
    });
  }

  async function authStart(publicToken?: string) {
    return server.api('/webauthn/authenticate/start/primary', {
      ...(publicToken ? { publicToken } : {}),
      headers: { origin: TEST_ORIGIN },
      body: { domain: RP_ID, return_passkey_credential_options: true },
    });
  }

  async function authenticate(credential: string, publicToken?: string) {
    return server.api('/webauthn/authenticate', {
      ...(publicToken ? { publicToken } : {}),
      headers: { origin: TEST_ORIGIN },
      body: { public_key_credential: credential, session_duration_minutes: 30 },
    });
  }

  async function registrationsOf(token: string) {
    const me = await server.api('/users/me', { secret: token });
    assert.equal(me.status, 200);
    return me.body.webauthn_registrations as Array<{
      webauthn_registration_id: string;
      name: string;
    }>;
  }

  /** A user with one registered passkey on `authenticator`. */
  async function withPasskey(authenticator = new SoftwareAuthenticator()) {
    const user = await signedUp();
    const start = await registerStart(user.token);
    const done = await register(
      user.token,
      authenticator.register(start.body.public_key_credential_creation_options, page),
    );
    assert.equal(done.status, 200, JSON.stringify(done.body));
    return { ...user, authenticator, registrationId: done.body.webauthn_registration_id as string };
  }

  test('a signed-in user registers a passkey: options as a JSON string, the passkey on the user and the session', async () => {
    const user = await signedUp();
    const start = await registerStart(user.token);
    assert.equal(start.status, 200);
    assert.equal(start.body.user_id, user.userId);
    assert.equal(typeof start.body.public_key_credential_creation_options, 'string');
    const options = JSON.parse(start.body.public_key_credential_creation_options);
    assert.equal(options.rp.id, RP_ID);
    assert.equal(options.rp.name, 'Velvet tests');
    assert.equal(Buffer.from(options.user.id, 'base64url').toString(), user.userId);
    assert.equal(options.authenticatorSelection.residentKey, 'required');
    assert.equal(options.authenticatorSelection.userVerification, 'required');
    assert.match(options.challenge, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(options.excludeCredentials, []);

    const authenticator = new SoftwareAuthenticator();
    const done = await register(
      user.token,
      authenticator.register(start.raw.data.public_key_credential_creation_options, page),
    );
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.match(done.body.webauthn_registration_id, /^webauthn-registration-test-/);
    assert.equal(done.body.user_id, user.userId);
    assert.equal(done.body.session_token, user.token);
    assert.equal(done.body.session_jwt.split('.').length, 3);
    const factor = done.body.session.authentication_factors.at(-1);
    assert.equal(factor.type, 'webauthn');
    assert.equal(
      factor.webauthn_factor.webauthn_registration_id,
      done.body.webauthn_registration_id,
    );
    assert.equal(factor.webauthn_factor.domain, RP_ID);
    const [listed] = done.body.user.webauthn_registrations;
    assert.equal(listed.webauthn_registration_id, done.body.webauthn_registration_id);
    assert.equal(typeof listed.name, 'string');
    assert.ok(listed.name.length > 0);
    assert.equal(listed.domain, RP_ID);
    assert.deepEqual(await registrationsOf(user.token), done.body.user.webauthn_registrations);

    // The next registration excludes the credential the user has.
    const again = await registerStart(user.token);
    const excluded = JSON.parse(
      again.body.public_key_credential_creation_options,
    ).excludeCredentials;
    assert.deepEqual(
      excluded.map((c: { id: string }) => c.id),
      [authenticator.credentials[0]?.id.toString('base64url')],
    );
  });

  test('the passkey signs in without a username: a new session for its user, and the counter is stored', async () => {
    const { userId, authenticator, registrationId } = await withPasskey();
    const start = await authStart();
    assert.equal(start.status, 200);
    const options = JSON.parse(start.body.public_key_credential_request_options);
    assert.equal(options.rpId, RP_ID);
    assert.deepEqual(options.allowCredentials, []);
    assert.equal(options.userVerification, 'required');
    const signedIn = await authenticate(
      authenticator.authenticate(start.body.public_key_credential_request_options, page),
    );
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.user_id, userId);
    assert.equal(signedIn.body.webauthn_registration_id, registrationId);
    assert.match(signedIn.body.session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(signedIn.body.user.user_id, userId);
    assert.equal(
      Date.parse(signedIn.body.session.expires_at) - Date.parse(signedIn.body.session.started_at),
      30 * 60_000,
    );
    const row = await server.store.db
      .selectFrom('webauthn_registrations')
      .select(['sign_count', 'backed_up', 'device_type', 'last_used_at'])
      .where('webauthn_registration_id', '=', registrationId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.sign_count), 1);
    assert.equal(Number(row.backed_up), 1);
    assert.equal(row.device_type, 'multiDevice');
    assert.equal(Number(row.last_used_at), server.clock.now());

    // A counter that goes backwards is a cloned authenticator: refused.
    const next = await authStart();
    const cloned = await authenticate(
      authenticator.authenticate(next.body.public_key_credential_request_options, {
        ...page,
        counter: 1,
      }),
    );
    assertApiError(cloned, 401, 'unable_to_auth_webauthn_registration');
  });

  test('a challenge is single use: a replayed registration or sign-in is refused and stores nothing', async () => {
    const user = await signedUp();
    const authenticator = new SoftwareAuthenticator();
    const start = await registerStart(user.token);
    const credential = authenticator.register(
      start.body.public_key_credential_creation_options,
      page,
    );
    assert.equal((await register(user.token, credential)).status, 200);
    assertApiError(await register(user.token, credential), 400, 'webauthn_challenge_not_found');
    assert.equal((await registrationsOf(user.token)).length, 1);

    const auth = await authStart();
    const assertion = authenticator.authenticate(
      auth.body.public_key_credential_request_options,
      page,
    );
    assert.equal((await authenticate(assertion)).status, 200);
    const replayed = await authenticate(assertion);
    assertApiError(replayed, 400, 'webauthn_challenge_not_found');
    assert.equal(replayed.body.session_token, undefined);
  });

  const TOO_LONG = 8 * 24 * 60;
  const passkeyRows = () =>
    rowsOf(server.store, ['webauthn_registrations', 'webauthn_challenges', 'sessions']);

  test('a refused duration stores no passkey and spends no challenge: the same answer registers afterwards', async () => {
    const user = await signedUp();
    const start = await registerStart(user.token);
    const credential = new SoftwareAuthenticator().register(
      start.body.public_key_credential_creation_options,
      page,
    );
    const before = await passkeyRows();
    const refused = await server.api('/webauthn/register', {
      secret: user.token,
      headers: page,
      body: { public_key_credential: credential, session_duration_minutes: TOO_LONG },
    });
    assertApiError(refused, 400, 'session_duration_too_long');
    assert.deepEqual(
      await passkeyRows(),
      before,
      'no passkey, the challenge and session as they were',
    );
    assert.equal((await register(user.token, credential)).status, 200);
  });

  test('a refused duration on a passkey sign-in spends no challenge: the same assertion signs in afterwards', async () => {
    const { authenticator, userId } = await withPasskey();
    const start = await authStart();
    const assertion = authenticator.authenticate(
      start.body.public_key_credential_request_options,
      page,
    );
    const before = await passkeyRows();
    const refused = await server.api('/webauthn/authenticate', {
      headers: page,
      body: { public_key_credential: assertion, session_duration_minutes: TOO_LONG },
    });
    assertApiError(refused, 400, 'session_duration_too_long');
    assert.deepEqual(
      await passkeyRows(),
      before,
      'challenge unspent, counter unchanged, no session',
    );
    const signedIn = await authenticate(assertion);
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.user_id, userId);
  });

  test('a challenge expires after five minutes', async () => {
    const user = await signedUp();
    const authenticator = new SoftwareAuthenticator();
    const start = await registerStart(user.token);
    server.clock.advance(CHALLENGE_LIFETIME_MS);
    const late = await register(
      user.token,
      authenticator.register(start.body.public_key_credential_creation_options, page),
    );
    assertApiError(late, 400, 'webauthn_challenge_not_found');
    assert.deepEqual(await registrationsOf(user.token), []);

    const { authenticator: holder } = await withPasskey();
    const auth = await authStart();
    server.clock.advance(CHALLENGE_LIFETIME_MS + 1);
    assertApiError(
      await authenticate(
        holder.authenticate(auth.body.public_key_credential_request_options, page),
      ),
      400,
      'webauthn_challenge_not_found',
    );
  });

  test('an answer from an origin the project does not allow is refused', async () => {
    const user = await signedUp();
    const authenticator = new SoftwareAuthenticator();
    const start = await registerStart(user.token);
    const evil = await register(
      user.token,
      authenticator.register(start.body.public_key_credential_creation_options, {
        origin: 'http://evil.test',
      }),
    );
    assertApiError(evil, 400, 'invalid_public_key_credential');
    assert.match(evil.body.error_message, /origin/i);
    assert.deepEqual(await registrationsOf(user.token), []);

    const { authenticator: holder } = await withPasskey();
    const auth = await authStart();
    const signedIn = await authenticate(
      holder.authenticate(auth.body.public_key_credential_request_options, {
        origin: 'https://app.velvet.test.evil.test',
      }),
    );
    assertApiError(signedIn, 401, 'unable_to_auth_webauthn_registration');
  });

  test('a credential made for another RP ID is refused', async () => {
    const user = await signedUp();
    const start = await registerStart(user.token);
    const foreign = await register(
      user.token,
      new SoftwareAuthenticator().register(start.body.public_key_credential_creation_options, {
        ...page,
        rpId: 'evil.test',
      }),
    );
    assertApiError(foreign, 400, 'invalid_public_key_credential');
    assert.match(foreign.body.error_message, /RP ID/i);
    assert.deepEqual(await registrationsOf(user.token), []);

    const { authenticator } = await withPasskey();
    const auth = await authStart();
    assertApiError(
      await authenticate(
        authenticator.authenticate(auth.body.public_key_credential_request_options, {
          ...page,
          rpId: 'evil.test',
        }),
      ),
      401,
      'unable_to_auth_webauthn_registration',
    );
  });

  test('a domain the project does not allow cannot start a ceremony', async () => {
    const user = await signedUp();
    for (const domain of ['evil.test', 'test', 'velvet.test.evil', 'app.velvet.test:8080']) {
      const refused = await registerStart(user.token, { domain });
      assertApiError(refused, 400, 'invalid_webauthn_domain');
    }
    const signedOut = await server.api('/webauthn/authenticate/start/primary', {
      headers: { origin: TEST_ORIGIN },
      body: { domain: 'evil.test' },
    });
    assertApiError(signedOut, 400, 'invalid_webauthn_domain');
    // A parent domain of an authorized origin is a valid RP ID.
    assert.equal((await registerStart(user.token, { domain: 'velvet.test' })).status, 200);
  });

  test('registering needs a session, and a challenge of another user or project does not work', async () => {
    const noSession = await server.api('/webauthn/register/start', {
      headers: { origin: TEST_ORIGIN },
      body: { domain: RP_ID },
    });
    assertApiError(noSession, 401, 'user_unauthenticated');
    const alice = await signedUp();
    const bob = await signedUp();
    const start = await registerStart(alice.token);
    const credential = new SoftwareAuthenticator().register(
      start.body.public_key_credential_creation_options,
      page,
    );
    assertApiError(
      await server.api('/webauthn/register', {
        headers: { origin: TEST_ORIGIN },
        body: { public_key_credential: credential },
      }),
      401,
      'user_unauthenticated',
    );
    assertApiError(await register(bob.token, credential), 400, 'webauthn_challenge_not_found');
    assert.deepEqual(await registrationsOf(bob.token), []);
    // Alice's challenge was not spent by Bob's attempt.
    assert.equal((await register(alice.token, credential)).status, 200);

    // A sign-in challenge of one project does not sign in to another.
    const { authenticator } = await withPasskey();
    const auth = await authStart(OTHER_TOKEN);
    assert.equal(auth.status, 200);
    assertApiError(
      await authenticate(
        authenticator.authenticate(auth.body.public_key_credential_request_options, page),
      ),
      400,
      'webauthn_challenge_not_found',
    );
  });

  test('a secondary sign-in is bound to the session user', async () => {
    const alice = await withPasskey();
    const bob = await withPasskey();
    const start = await server.api('/webauthn/authenticate/start/secondary', {
      secret: bob.token,
      headers: { origin: TEST_ORIGIN },
      body: { domain: RP_ID, return_passkey_credential_options: true },
    });
    assert.equal(start.status, 200);
    const options = JSON.parse(start.body.public_key_credential_request_options);
    assert.deepEqual(
      options.allowCredentials.map((c: { id: string }) => c.id),
      [bob.authenticator.credentials[0]?.id.toString('base64url')],
    );
    const stolen = await server.api('/webauthn/authenticate', {
      secret: bob.token,
      headers: { origin: TEST_ORIGIN },
      body: {
        public_key_credential: alice.authenticator.authenticate(
          start.body.public_key_credential_request_options,
          page,
        ),
      },
    });
    assertApiError(stolen, 401, 'unable_to_auth_webauthn_registration');
  });

  test('a passkey must verify the user', async () => {
    const user = await signedUp();
    const start = await registerStart(user.token);
    const unverified = await register(
      user.token,
      new SoftwareAuthenticator().register(start.body.public_key_credential_creation_options, {
        ...page,
        userVerified: false,
      }),
    );
    assertApiError(unverified, 400, 'invalid_public_key_credential');
    assert.deepEqual(await registrationsOf(user.token), []);

    const { authenticator } = await withPasskey();
    const auth = await authStart();
    assertApiError(
      await authenticate(
        authenticator.authenticate(auth.body.public_key_credential_request_options, {
          ...page,
          userVerified: false,
        }),
      ),
      401,
      'unable_to_auth_webauthn_registration',
    );
  });

  test('malformed credentials are a 400 and store nothing', async () => {
    const user = await signedUp();
    const start = await registerStart(user.token);
    const good = JSON.parse(
      new SoftwareAuthenticator().register(start.body.public_key_credential_creation_options, page),
    );
    const malformed = [
      'not json',
      '[]',
      JSON.stringify({ ...good, type: 'password' }),
      JSON.stringify({ ...good, response: undefined }),
      JSON.stringify({ ...good, rawId: 'AAAA' }),
      JSON.stringify({ ...good, response: { ...good.response, clientDataJSON: '%%%' } }),
      JSON.stringify({ ...good, response: { ...good.response, attestationObject: undefined } }),
      JSON.stringify({ ...good, response: { ...good.response, attestationObject: 'AAAA' } }),
    ];
    for (const credential of malformed) {
      const answer = await register(user.token, credential);
      assert.ok(answer.status === 400, `${credential.slice(0, 40)} → ${answer.status}`);
      assert.ok(
        ['invalid_public_key_credential', 'webauthn_challenge_not_found'].includes(
          answer.body.error_type,
        ),
        answer.body.error_type,
      );
    }
    assertApiError(
      await server.api('/webauthn/register', {
        secret: user.token,
        body: { public_key_credential: 5 },
      }),
      400,
      'schema_error',
    );
    assert.deepEqual(await registrationsOf(user.token), []);
    assertApiError(
      await authenticate('{"type":"public-key"}'),
      400,
      'invalid_public_key_credential',
    );
  });

  test('the same credential cannot be registered twice, by its user or another', async () => {
    const { token, authenticator } = await withPasskey();
    const credential = authenticator.credentials[0];
    assert.ok(credential);
    // An authenticator that ignores excludeCredentials and presents the registered credential.
    const start = await registerStart(token);
    const again = await register(
      token,
      authenticator.register(start.body.public_key_credential_creation_options, {
        ...page,
        credential,
      }),
    );
    assertApiError(again, 409, 'duplicate_webauthn_registration');
    assert.match(again.body.error_message, /already registered/);
    assert.equal((await registrationsOf(token)).length, 1);

    const other = await signedUp();
    const otherStart = await registerStart(other.token);
    const stolen = await register(
      other.token,
      authenticator.register(otherStart.body.public_key_credential_creation_options, {
        ...page,
        credential,
      }),
    );
    assertApiError(stolen, 409, 'duplicate_webauthn_registration');
    assert.deepEqual(await registrationsOf(other.token), []);
  });

  test('a passkey can be renamed and deleted, only by its user; a deleted one no longer signs in', async () => {
    const alice = await withPasskey();
    const bob = await signedUp();
    const renamed = await server.api(`/webauthn/update/${alice.registrationId}`, {
      method: 'PUT',
      secret: alice.token,
      body: { name: 'Work laptop' },
    });
    assert.equal(renamed.status, 200);
    assert.deepEqual(renamed.body.webauthn_registration, {
      webauthn_registration_id: alice.registrationId,
      domain: RP_ID,
      user_agent: renamed.body.webauthn_registration.user_agent,
      authenticator_type: '',
      verified: true,
      name: 'Work laptop',
    });
    assert.equal((await registrationsOf(alice.token))[0]?.name, 'Work laptop');
    assertApiError(
      await server.api(`/webauthn/update/${alice.registrationId}`, {
        method: 'PUT',
        secret: bob.token,
        body: { name: 'Mine now' },
      }),
      404,
      'webauthn_registration_not_found',
    );
    assertApiError(
      await server.api(`/webauthn/update/${alice.registrationId}`, {
        method: 'PUT',
        secret: alice.token,
        body: { name: '' },
      }),
      400,
      'schema_error',
    );
    assertApiError(
      await server.api(`/users/webauthn_registrations/${alice.registrationId}`, {
        method: 'DELETE',
        secret: bob.token,
      }),
      404,
      'webauthn_registration_not_found',
    );
    const deleted = await server.api(`/users/webauthn_registrations/${alice.registrationId}`, {
      method: 'DELETE',
      secret: alice.token,
    });
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.user_id, alice.userId);
    assert.deepEqual(deleted.body.__user.webauthn_registrations, []);

    // The authenticator still offers the credential; the server no longer knows it.
    const auth = await authStart();
    const gone = await authenticate(
      alice.authenticator.authenticate(auth.body.public_key_credential_request_options, page),
    );
    assertApiError(gone, 404, 'webauthn_registration_not_found');
    assert.match(gone.body.error_message, /Passkey registration not found/);
  });

  test('passkeys answer product_not_enabled for a project without them', async () => {
    const plain = await startTestServer({ database: undefined });
    try {
      const answer = await plain.api('/webauthn/authenticate/start/primary', {
        headers: { origin: TEST_ORIGIN },
        body: { domain: RP_ID },
      });
      assertApiError(answer, 403, 'product_not_enabled');
    } finally {
      await plain.close();
    }
  });
});
