import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { hash as argon2Hash } from '@node-rs/argon2';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf } from '../../test/database-rows.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { ARGON2_PARAMETERS } from './password-hashing.js';

/** A password zxcvbn scores 4 and no breach list holds. */
const STRONG = 'violet-Harbor-7-quietly-juggles';
const STRONGER = 'amber-Comet-42-folds-paper-cranes';
const RESET_URL = 'http://app.velvet.test/reset';
/** The project's login redirect URL (where a user who logs in without a password lands). */
const LOGIN_URL = 'http://app.velvet.test/login';

const projectPasswords = {
  products: ['otp', 'passwords'] as Array<'otp' | 'passwords'>,
  passwords: { resetRedirectUrls: [RESET_URL, 'http://app.velvet.test/other'] },
  emailMagicLinks: { loginRedirectURLs: [LOGIN_URL] },
};

/** The reset link of the newest email to `to`. */
function resetLink(server: TestServer, to: string): URL {
  const [message] = server.outbox.list({ to });
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no reset link for ${to}`);
  return new URL(link);
}

async function create(server: TestServer, email: string, password = STRONG) {
  const answer = await server.api('/passwords', {
    body: { email, password, session_duration_minutes: 60 },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

describe('passwords', () => {
  let server: TestServer;
  const logs: string[] = [];
  before(async () => {
    server = await startTestServer({
      project: projectPasswords,
      logLine: (line) => logs.push(line),
      // Clients by `X-Forwarded-For`, for the throttling test.
      config: { trustProxy: true },
    });
  });
  after(() => server.close());

  test('strength_check: a common password is breached and invalid, a long passphrase valid', async () => {
    const weak = await server.api('/passwords/strength_check', { body: { password: 'password' } });
    assert.equal(weak.status, 200);
    assert.equal(weak.body.valid_password, false);
    assert.equal(weak.body.breached_password, true);
    assert.equal(weak.body.strength_policy, 'zxcvbn');
    assert.equal(weak.body.score, 0);
    const strong = await server.api('/passwords/strength_check', {
      body: { password: STRONG, email: 'someone@example.com' },
    });
    assert.equal(strong.body.valid_password, true);
    assert.equal(strong.body.breached_password, false);
    assert.equal(strong.body.score, 4);
    assert.equal(typeof strong.body.feedback.warning, 'string');
    assert.equal(strong.body.feedback.luds_requirements.missing_characters, 0);
    const middling = await server.api('/passwords/strength_check', {
      body: { password: 'sunflower22' },
    });
    assert.ok(middling.body.score < 3, `score ${middling.body.score}`);
    assert.equal(middling.body.valid_password, false);
    assert.ok(middling.body.feedback.warning || middling.body.feedback.suggestions.length > 0);
    assertApiError(
      await server.api('/passwords/strength_check', {
        body: { password: STRONG, email: 'not-an-email' },
      }),
      400,
      'invalid_email',
    );
  });

  test('create signs a new user in; search then says password; log in again with it', async () => {
    const created = await create(server, 'Ada@Example.com');
    assert.match(created.user_id, /^user-test-/);
    assert.match(created.email_id, /^email-test-/);
    assert.match(created.session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(created.session.authentication_factors[0].type, 'password');
    assert.equal(created.user.emails[0].email, 'ada@example.com');
    const search = await server.api('/users/search', { body: { email: 'ada@example.com' } });
    assert.equal(search.body.user_type, 'password');
    const login = await server.api('/passwords/authenticate', {
      body: { email: 'ada@example.com', password: STRONG, session_duration_minutes: 30 },
    });
    assert.equal(login.status, 200);
    assert.equal(login.body.user_id, created.user_id);
    assert.notEqual(login.body.session.session_id, created.session.session_id);
    assertApiError(
      await server.api('/passwords', { body: { email: 'ada@example.com', password: STRONGER } }),
      409,
      'duplicate_email',
    );
  });

  test('create refuses weak and breached passwords with their own errors', async () => {
    assertApiError(
      await server.api('/passwords', { body: { email: 'weak@example.com', password: 'letmein' } }),
      400,
      'breached_password',
    );
    const weak = await server.api('/passwords', {
      body: { email: 'weak@example.com', password: 'sunflower22' },
    });
    assertApiError(weak, 400, 'weak_password');
    assert.equal(typeof weak.body.feedback, 'object');
    const search = await server.api('/users/search', { body: { email: 'weak@example.com' } });
    assert.equal(search.body.user_type, 'new', 'no user was made');
  });

  test('a wrong password and an unknown email fail alike', async () => {
    await create(server, 'alike@example.com');
    const answers = await Promise.all(
      ['alike@example.com', 'nobody@example.com'].map((email, i) =>
        server.api('/passwords/authenticate', {
          body: { email, password: 'not-the-password-123' },
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        }),
      ),
    );
    for (const answer of answers) assertApiError(answer, 401, 'unauthorized_password');
    const [known, unknown] = answers.map((answer) => answer.body);
    assert.equal(unknown.error_message, known.error_message, 'one message for both');
    // The time is alike too: an unknown email runs one argon2id verification against a decoy
    // hash with the current parameters (password-hashing.test.ts), as a wrong password does.
  });

  test('wrong passwords delay only the client that made them; the owner signs in meanwhile', async () => {
    await create(server, 'throttled@example.com');
    const stranger = { 'x-forwarded-for': '198.51.100.7' };
    const owner = { 'x-forwarded-for': '203.0.113.5' };
    for (let i = 0; i < 5; i++) {
      assertApiError(
        await server.api('/passwords/authenticate', {
          body: { email: 'throttled@example.com', password: `wrong-${i}` },
          headers: stranger,
        }),
        401,
        'unauthorized_password',
      );
    }
    // The stranger's sixth try waits (10 s, doubling), even with the right password.
    const waiting = await server.api('/passwords/authenticate', {
      body: { email: 'throttled@example.com', password: STRONG },
      headers: stranger,
    });
    assertApiError(waiting, 429, 'too_many_requests');
    assert.equal(waiting.body.retry_after_seconds, 10);
    // An email without a user is throttled the same way, so a wait tells nothing.
    for (let i = 0; i < 5; i++) {
      await server.api('/passwords/authenticate', {
        body: { email: 'ghost@example.com', password: `wrong-${i}` },
        headers: stranger,
      });
    }
    assertApiError(
      await server.api('/passwords/authenticate', {
        body: { email: 'ghost@example.com', password: 'x' },
        headers: stranger,
      }),
      429,
      'too_many_requests',
    );
    // The owner, on another address, is not held up at all.
    const ownerLogin = await server.api('/passwords/authenticate', {
      body: { email: 'throttled@example.com', password: STRONG },
      headers: owner,
    });
    assert.equal(ownerLogin.status, 200, JSON.stringify(ownerLogin.body));
    server.clock.advance(10_000);
    const later = await server.api('/passwords/authenticate', {
      body: { email: 'throttled@example.com', password: STRONG },
      headers: stranger,
    });
    assert.equal(later.status, 200, 'the wait ends');
  });

  test('Dedupe: a passwordless user gets reset_password, and the emailed link sets the password', async () => {
    const sent = await server.api('/otps/email/login_or_create', {
      body: { email: 'dedupe@example.com' },
    });
    const otp = await server.api('/otps/authenticate', {
      body: { token: server.lastCode('dedupe@example.com'), method_id: sent.body.method_id },
    });
    assert.equal(otp.status, 200);
    const search = await server.api('/users/search', { body: { email: 'dedupe@example.com' } });
    assert.equal(search.body.user_type, 'passwordless');
    assertApiError(
      await server.api('/passwords', { body: { email: 'dedupe@example.com', password: STRONG } }),
      400,
      'reset_password',
    );
    const start = await server.api('/passwords/email/reset/start', {
      body: { email: 'dedupe@example.com', reset_password_redirect_url: RESET_URL },
    });
    assert.equal(start.status, 200);
    assert.equal(start.body.user_id, otp.body.user_id);
    const [email] = server.outbox.list({ to: 'dedupe@example.com' });
    assert.match(email?.subject ?? '', /Reset your Velvet tests password/);
    const link = resetLink(server, 'dedupe@example.com');
    assert.equal(`${link.origin}${link.pathname}`, RESET_URL);
    assert.equal(link.searchParams.get('stytch_token_type'), 'reset_password');
    const token = link.searchParams.get('token');
    assert.match(token ?? '', /^[A-Za-z0-9_-]{43}$/);

    const reset = await server.api('/passwords/email/reset', {
      body: { token, password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.equal(reset.body.user_id, otp.body.user_id);
    assert.equal(reset.body.user.emails[0].verified, true);
    // The passcode session ended with the reset; the new one lives.
    assertApiError(
      await server.api('/sessions/authenticate', { body: {}, secret: otp.body.session_token }),
      401,
      'session_not_found',
    );
    const live = await server.api('/sessions/authenticate', {
      body: {},
      secret: reset.body.session_token,
    });
    assert.equal(live.status, 200);
    assertApiError(
      await server.api('/passwords/email/reset', { body: { token, password: STRONGER } }),
      404,
      'password_reset_token_not_found',
    );
    const search2 = await server.api('/users/search', { body: { email: 'dedupe@example.com' } });
    assert.equal(search2.body.user_type, 'password');
  });

  test('a reset by email sent from a signed-in browser ends that session and starts a new one', async () => {
    const created = await create(server, 'signed-in-reset@example.com');
    await server.api('/passwords/email/reset/start', {
      body: { email: 'signed-in-reset@example.com' },
    });
    const token = resetLink(server, 'signed-in-reset@example.com').searchParams.get('token');
    const reset = await server.api('/passwords/email/reset', {
      body: { token, password: STRONGER, session_duration_minutes: 60 },
      secret: created.session_token,
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.notEqual(reset.body.session.session_id, created.session.session_id);
    assert.notEqual(reset.body.session_token, created.session_token);
    assertApiError(
      await server.api('/sessions/authenticate', { body: {}, secret: created.session_token }),
      401,
      'session_not_found',
    );
  });

  test('keep_other_sessions keeps them; an expired link fails; only listed redirect URLs', async () => {
    const created = await create(server, 'keep@example.com');
    // The address proven in the account's own session first: a reset link that is an
    // account's first proof ends all its sessions (see server/products/users/proof.ts).
    const claim = await server.api('/otps/email/send/secondary', {
      body: { email: 'keep@example.com' },
      secret: created.session_token,
    });
    const proven = await server.api('/otps/authenticate', {
      body: { token: server.lastCode('keep@example.com'), method_id: claim.body.method_id },
      secret: created.session_token,
    });
    assert.equal(proven.status, 200, JSON.stringify(proven.body));
    await server.api('/passwords/email/reset/start', {
      body: { email: 'keep@example.com', reset_password_expiration_minutes: 5 },
    });
    const token = resetLink(server, 'keep@example.com').searchParams.get('token');
    const reset = await server.api('/passwords/email/reset', {
      body: { token, password: STRONGER, keep_other_sessions: true },
    });
    assert.equal(reset.status, 200);
    const still = await server.api('/sessions/authenticate', {
      body: {},
      secret: created.session_token,
    });
    assert.equal(still.status, 200, 'the other session stays');

    await server.api('/passwords/email/reset/start', {
      body: { email: 'keep@example.com', reset_password_expiration_minutes: 5 },
    });
    const late = resetLink(server, 'keep@example.com').searchParams.get('token');
    server.clock.advance(5 * 60_000);
    assertApiError(
      await server.api('/passwords/email/reset', { body: { token: late, password: STRONG } }),
      401,
      'password_reset_token_expired',
    );
    assertApiError(
      await server.api('/passwords/email/reset/start', {
        body: { email: 'keep@example.com', reset_password_redirect_url: 'https://evil.example/' },
      }),
      400,
      'reset_redirect_url_not_allowed',
    );
    assertApiError(
      await server.api('/passwords/email/reset/start', {
        body: { email: 'keep@example.com', reset_password_redirect_url: `${RESET_URL}?x=1` },
      }),
      400,
      'reset_redirect_url_not_allowed',
    );
    assertApiError(
      await server.api('/passwords/email/reset/start', { body: { email: 'none@example.com' } }),
      404,
      'email_not_found',
    );
  });

  test('reset start takes login_redirect_url from the login redirect URLs and reset_password_redirect_url from the reset ones, each exactly', async () => {
    const email = 'login-redirect@example.com';
    await create(server, email);
    const sent = () => server.outbox.list({ to: email }).length;
    const started = await server.api('/passwords/email/reset/start', {
      body: { email, login_redirect_url: LOGIN_URL, reset_password_redirect_url: RESET_URL },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(sent(), 1);
    const link = resetLink(server, email);
    assert.equal(`${link.origin}${link.pathname}`, RESET_URL);
    // No email magic links in this project: no "Log in without password" link (none could sign in).
    const [message] = server.outbox.list({ to: email });
    assert.equal(message?.text.match(/https?:\/\/\S+/g)?.length, 1, message?.text);
    assert.doesNotMatch(message?.text ?? '', /without password/);

    // Listed among the reset URLs, as an earlier release required: still taken.
    const compatible = await server.api('/passwords/email/reset/start', {
      body: { email, login_redirect_url: RESET_URL },
    });
    assert.equal(compatible.status, 200, JSON.stringify(compatible.body));
    assert.equal(sent(), 2);

    for (const unlisted of [
      `${LOGIN_URL}?next=/admin`,
      'https://evil.example/login',
      `${LOGIN_URL}/`,
    ]) {
      const refused = await server.api('/passwords/email/reset/start', {
        body: { email, login_redirect_url: unlisted, reset_password_redirect_url: RESET_URL },
      });
      assertApiError(refused, 400, 'login_redirect_url_not_allowed');
      assert.match(refused.body.error_message, /login redirect URL/);
    }
    // A login URL is no reset URL.
    assertApiError(
      await server.api('/passwords/email/reset/start', {
        body: { email, reset_password_redirect_url: LOGIN_URL },
      }),
      400,
      'reset_redirect_url_not_allowed',
    );
    assert.equal(sent(), 2, 'a refused start sends nothing');
  });

  test('PKCE: a reset started with a code_challenge needs its code_verifier', async () => {
    await create(server, 'pkce@example.com');
    const verifier = 'a'.repeat(32) + 'b'.repeat(32);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await server.api('/passwords/email/reset/start', {
      body: { email: 'pkce@example.com', code_challenge: challenge },
    });
    const token = resetLink(server, 'pkce@example.com').searchParams.get('token');
    assertApiError(
      await server.api('/passwords/email/reset', { body: { token, password: STRONGER } }),
      400,
      'pkce_expected_code_verifier',
    );
    assertApiError(
      await server.api('/passwords/email/reset', {
        body: { token, password: STRONGER, code_verifier: 'c'.repeat(64) },
      }),
      400,
      'pkce_mismatch',
    );
    // A verifier RFC 7636 does not allow (43 to 128 unreserved characters) is a schema error, as
    // for magic links and OAuth.
    assertApiError(
      await server.api('/passwords/email/reset', {
        body: { token, password: STRONGER, code_verifier: 'wrong' },
      }),
      400,
      'schema_error',
    );
    const ok = await server.api('/passwords/email/reset', {
      body: { token, password: STRONGER, code_verifier: verifier },
    });
    assert.equal(ok.status, 200);
  });

  test('existing_password and session resets change the password and end other sessions', async () => {
    const created = await create(server, 'change@example.com');
    assertApiError(
      await server.api('/passwords/existing_password/reset', {
        body: { email: 'change@example.com', existing_password: 'wrong', new_password: STRONGER },
      }),
      401,
      'unauthorized_password',
    );
    const changed = await server.api('/passwords/existing_password/reset', {
      body: { email: 'change@example.com', existing_password: STRONG, new_password: STRONGER },
    });
    assert.equal(changed.status, 200);
    assertApiError(
      await server.api('/sessions/authenticate', { body: {}, secret: created.session_token }),
      401,
      'session_not_found',
    );
    const other = await server.api('/passwords/authenticate', {
      body: { email: 'change@example.com', password: STRONGER },
    });
    const bySession = await server.api('/passwords/session/reset', {
      body: { password: STRONG },
      secret: changed.body.session_token,
    });
    assert.equal(bySession.status, 200, JSON.stringify(bySession.body));
    assert.equal(bySession.body.session.session_id, changed.body.session.session_id);
    assertApiError(
      await server.api('/sessions/authenticate', { body: {}, secret: other.body.session_token }),
      401,
      'session_not_found',
    );
    const login = await server.api('/passwords/authenticate', {
      body: { email: 'change@example.com', password: STRONG },
    });
    assert.equal(login.status, 200);
    assertApiError(
      await server.api('/passwords/session/reset', { body: { password: STRONG } }),
      401,
      'user_unauthenticated',
    );
  });

  /** A session longer than the test project's maximum (7 days). */
  const TOO_LONG = 8 * 24 * 60;
  const passwordRows = () =>
    rowsOf(server.store, ['users', 'user_emails', 'passwords', 'password_resets', 'sessions']);

  test('a too-long session on POST /passwords creates no account and no password', async () => {
    const before = await passwordRows();
    const refused = await server.api('/passwords', {
      body: { email: 'too-long@example.com', password: STRONG, session_duration_minutes: TOO_LONG },
    });
    assertApiError(refused, 400, 'session_duration_too_long');
    assert.deepEqual(await passwordRows(), before, 'no user, email, password or session');
    // The address is still new: the same request with a valid duration signs up.
    const created = await create(server, 'too-long@example.com');
    assert.equal(created.user.emails[0].email, 'too-long@example.com');
  });

  test('a too-long session on a reset by email spends no link, keeps the password and every session', async () => {
    const created = await create(server, 'reset-too-long@example.com');
    await server.api('/passwords/email/reset/start', {
      body: { email: 'reset-too-long@example.com' },
    });
    const token = resetLink(server, 'reset-too-long@example.com').searchParams.get('token');
    const before = await passwordRows();
    const refused = await server.api('/passwords/email/reset', {
      body: { token, password: STRONGER, session_duration_minutes: TOO_LONG },
    });
    assertApiError(refused, 400, 'session_duration_too_long');
    assert.deepEqual(
      await passwordRows(),
      before,
      'link unspent, password and sessions as they were',
    );
    const live = await server.api('/sessions/authenticate', {
      body: {},
      secret: created.session_token,
    });
    assert.equal(live.status, 200);
    const reset = await server.api('/passwords/email/reset', {
      body: { token, password: STRONGER, session_duration_minutes: 60 },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
  });

  test('a too-long session on an existing-password or session reset changes no password and ends no session', async () => {
    const created = await create(server, 'change-too-long@example.com');
    const before = await passwordRows();
    assertApiError(
      await server.api('/passwords/existing_password/reset', {
        body: {
          email: 'change-too-long@example.com',
          existing_password: STRONG,
          new_password: STRONGER,
          session_duration_minutes: TOO_LONG,
        },
      }),
      400,
      'session_duration_too_long',
    );
    assertApiError(
      await server.api('/passwords/session/reset', {
        body: { password: STRONGER, session_duration_minutes: TOO_LONG },
        secret: created.session_token,
      }),
      400,
      'session_duration_too_long',
    );
    assert.deepEqual(await passwordRows(), before, 'password and sessions as they were');
    const login = await server.api('/passwords/authenticate', {
      body: { email: 'change-too-long@example.com', password: STRONG },
    });
    assert.equal(login.status, 200, 'the old password still works');
  });

  test('a session reset needs a password or email factor from the last 5 minutes', async () => {
    const created = await create(server, 'stale@example.com');
    server.clock.advance(5 * 60_000 + 1_000);
    const stale = await server.api('/passwords/session/reset', {
      body: { password: STRONGER },
      secret: created.session_token,
    });
    assertApiError(stale, 400, 'session_too_old_to_reset_password');
    assert.match(stale.body.error_message, /sign in again/);
    const login = await server.api('/passwords/authenticate', {
      body: { email: 'stale@example.com', password: STRONGER },
    });
    assert.equal(login.status, 401, 'the stale session did not change the password');
    const fresh = await server.api('/passwords/authenticate', {
      body: { email: 'stale@example.com', password: STRONG },
    });
    server.clock.advance(4 * 60_000);
    const reset = await server.api('/passwords/session/reset', {
      body: { password: STRONGER },
      secret: fresh.body.session_token,
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
  });

  test('a hash made with older parameters is upgraded at the next login', async () => {
    const created = await create(server, 'rehash@example.com');
    const old = await argon2Hash(STRONG, {
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
      algorithm: 2 as never,
    });
    await server.store.db
      .updateTable('passwords')
      .set({ password_hash: old })
      .where('user_id', '=', created.user_id)
      .execute();
    const login = await server.api('/passwords/authenticate', {
      body: { email: 'rehash@example.com', password: STRONG },
    });
    assert.equal(login.status, 200);
    const row = await server.store.db
      .selectFrom('passwords')
      .select('password_hash')
      .where('user_id', '=', created.user_id)
      .executeTakeFirstOrThrow();
    const { memoryCost, timeCost, parallelism } = ARGON2_PARAMETERS;
    assert.match(
      row.password_hash,
      new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`),
    );
  });

  test('a right password found in a breach since must be reset: reset_password', async () => {
    const created = await create(server, 'breached-later@example.com');
    const breachedHash = await argon2Hash('password1', {
      ...ARGON2_PARAMETERS,
      algorithm: 2 as never,
    });
    await server.store.db
      .updateTable('passwords')
      .set({ password_hash: breachedHash })
      .where('user_id', '=', created.user_id)
      .execute();
    assertApiError(
      await server.api('/passwords/authenticate', {
        body: { email: 'breached-later@example.com', password: 'password1' },
      }),
      400,
      'reset_password',
    );
  });

  test('bad input gets a clear 4xx', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ email: 'bad@example.com', password: '' }, 400, 'schema_error'],
      [{ email: 'bad@example.com', password: 'x'.repeat(10_000) }, 400, 'schema_error'],
      [{ email: 'bad@example.com', password: 12345678 }, 400, 'schema_error'],
      [{ email: ['bad@example.com'], password: STRONG }, 400, 'schema_error'],
      [{ email: 'bad@example.com' }, 400, 'schema_error'],
      [{ email: 'not an email', password: STRONG }, 400, 'invalid_email'],
      // Malformed text is refused before any route (`http/well-formed-text.ts`).
      [{ email: 'bad@example.com', password: `${STRONG}\ud800` }, 400, 'schema_error'],
      [{ email: 'bad@example.com', password: `${STRONG}\u0000` }, 400, 'schema_error'],
      // What a client's own decoding of bad bytes leaves could not be typed again.
      [{ email: 'bad@example.com', password: `${STRONG}\ufffd` }, 400, 'invalid_password'],
    ];
    for (const path of ['/passwords', '/passwords/authenticate']) {
      for (const [body, status, type] of cases) {
        const answer = await server.api(path, { body });
        assertApiError(answer, status, type);
        if (type === 'schema_error') assert.ok(answer.body.errors?.length > 0);
      }
    }
    // Bytes that are not UTF-8 inside the JSON string.
    const raw = Buffer.concat([
      Buffer.from('{"email":"bad@example.com","password":"abc'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('def-long-enough-1"}'),
    ]);
    const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${server.url}/sdk/v1/passwords`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from(`${server.project.publicToken}:${server.project.publicToken}`).toString('base64')}`,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(raw);
    });
    assert.equal(status.code, 400, status.body);
    assert.equal(JSON.parse(status.body).error_type, 'schema_error');
  });

  test('no password, hash or reset token ever reaches the log', async () => {
    const secret = 'log-Canary-77-walks-the-dog';
    await create(server, 'logs@example.com', secret);
    await server.api('/passwords/authenticate', {
      body: { email: 'logs@example.com', password: secret },
    });
    await server.api('/passwords/strength_check', { body: { password: secret } });
    await server.api('/passwords/email/reset/start', { body: { email: 'logs@example.com' } });
    const token = resetLink(server, 'logs@example.com').searchParams.get('token') ?? '';
    await server.api('/passwords/email/reset', { body: { token, password: STRONGER } });
    const row = await server.store.db
      .selectFrom('passwords as p')
      .innerJoin('user_emails as e', 'e.user_id', 'p.user_id')
      .select('p.password_hash')
      .where('e.email', '=', 'logs@example.com')
      .executeTakeFirstOrThrow();
    const text = logs.join('\n');
    assert.ok(logs.length > 5, 'the server logged');
    assert.ok(text.includes('password reset email sent'));
    for (const leak of [secret, STRONGER, token, row.password_hash, '$argon2id$']) {
      assert.ok(!text.includes(leak), `the log holds ${leak.slice(0, 12)}…`);
    }
  });
});

describe('passwords: the reset email’s “Log in without password” (a project with email magic links)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        products: ['emailMagicLinks', 'passwords'],
        passwords: { resetRedirectUrls: [RESET_URL] },
        emailMagicLinks: { loginRedirectURLs: [LOGIN_URL, 'http://app.velvet.test/login-2'] },
      },
    });
  });
  after(() => server.close());

  /** The reset email's two links: the reset link, then the login link. */
  function links(to: string): { reset: URL; login: URL; text: string; html: string } {
    const [message] = server.outbox.list({ to });
    const found = message?.text.match(/https?:\/\/\S+/g) ?? [];
    assert.equal(found.length, 2, message?.text);
    return {
      reset: new URL(found[0] ?? ''),
      login: new URL(found[1] ?? ''),
      text: message?.text ?? '',
      html: message?.html ?? '',
    };
  }

  test('the link opens login_redirect_url, signs in once with a hashed, single-use magic-link token; the reset link still works', async () => {
    const email = 'no-password-needed@example.com';
    const created = await create(server, email);
    const started = await server.api('/passwords/email/reset/start', {
      body: { email, login_redirect_url: 'http://app.velvet.test/login-2' },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const { reset, login, text, html } = links(email);
    assert.equal(`${reset.origin}${reset.pathname}`, RESET_URL);
    assert.equal(reset.searchParams.get('stytch_token_type'), 'reset_password');
    assert.equal(`${login.origin}${login.pathname}`, 'http://app.velvet.test/login-2');
    assert.equal(login.searchParams.get('stytch_token_type'), 'magic_links');
    assert.match(text, /Or log in without password/);
    assert.match(html, />log in without password<\/a>/);
    const token = login.searchParams.get('token') ?? '';
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(token, reset.searchParams.get('token'));

    // Stored as its SHA-256 only.
    const { magic_links: rows } = await rowsOf(server.store, ['magic_links']);
    const stored = JSON.stringify(rows);
    assert.ok(!stored.includes(token), 'the token is not stored');
    assert.ok(stored.includes(createHash('sha256').update(token).digest('hex')));

    const signedIn = await server.api('/magic_links/authenticate', {
      body: { token, session_duration_minutes: 60 },
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.user_id, created.user_id);
    assert.equal(signedIn.body.session.authentication_factors[0].type, 'magic_link');
    assertApiError(
      await server.api('/magic_links/authenticate', { body: { token } }),
      404,
      'unable_to_auth_magic_link',
    );
    // The reset link still sets a new password.
    const resetDone = await server.api('/passwords/email/reset', {
      body: { token: reset.searchParams.get('token'), password: STRONGER },
    });
    assert.equal(resetDone.status, 200, JSON.stringify(resetDone.body));
  });

  test('without login_redirect_url: the first login URL; with a code_challenge: only with its verifier', async () => {
    const email = 'pkce-no-password@example.com';
    await create(server, email);
    const verifier = 'd'.repeat(32) + 'e'.repeat(32);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await server.api('/passwords/email/reset/start', {
      body: { email, code_challenge: challenge },
    });
    const { login } = links(email);
    assert.equal(`${login.origin}${login.pathname}`, LOGIN_URL);
    const token = login.searchParams.get('token');
    assertApiError(
      await server.api('/magic_links/authenticate', { body: { token } }),
      400,
      'pkce_expected_code_verifier',
    );
    const signedIn = await server.api('/magic_links/authenticate', {
      body: { token, code_verifier: verifier },
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  });

  test('an unlisted login_redirect_url is refused before anything is stored or sent', async () => {
    const email = 'unlisted-login@example.com';
    await create(server, email);
    const before = await rowsOf(server.store, ['magic_links', 'password_resets']);
    assertApiError(
      await server.api('/passwords/email/reset/start', {
        body: { email, login_redirect_url: 'https://evil.example/login' },
      }),
      400,
      'login_redirect_url_not_allowed',
    );
    assert.deepEqual(await rowsOf(server.store, ['magic_links', 'password_resets']), before);
    assert.equal(server.outbox.list({ to: email }).length, 0);
  });
});

describe('passwords: limits and policies', () => {
  test('strength checks and logins are limited per IP', async () => {
    const server = await startTestServer({
      project: {
        ...projectPasswords,
        passwords: {
          strengthCheckLimit: { perIp: { max: 3, windowMinutes: 15 } },
          authenticateLimit: { perIp: { max: 2, windowMinutes: 15 } },
        },
      },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const ok = await server.api('/passwords/strength_check', { body: { password: `p${i}` } });
        assert.equal(ok.status, 200);
      }
      const limited = await server.api('/passwords/strength_check', { body: { password: 'p4' } });
      assertApiError(limited, 429, 'too_many_requests');
      assert.ok(limited.body.retry_after_seconds > 0);
      for (let i = 0; i < 2; i++) {
        await server.api('/passwords/authenticate', {
          body: { email: `ip${i}@example.com`, password: 'whatever' },
        });
      }
      assertApiError(
        await server.api('/passwords/authenticate', {
          body: { email: 'ip3@example.com', password: 'whatever' },
        }),
        429,
        'too_many_requests',
      );
    } finally {
      await server.close();
    }
  });

  test('the LUDS policy reports missing characters and kinds, from the configured bounds', async () => {
    const server = await startTestServer({
      project: {
        ...projectPasswords,
        passwords: { strengthPolicy: 'luds', ludsComplexity: 4, ludsMinimumCount: 12 },
      },
    });
    try {
      const bootstrap = await server.api(`/projects/bootstrap/${server.project.publicToken}`);
      assert.deepEqual(bootstrap.body.password_config, {
        luds_complexity: 4,
        luds_minimum_count: 12,
      });
      const short = await server.api('/passwords/strength_check', {
        body: { password: 'abcXYZ12' },
      });
      assert.equal(short.body.strength_policy, 'luds');
      assert.equal(short.body.valid_password, false);
      assert.equal(short.body.feedback.luds_requirements.missing_characters, 4);
      assert.equal(short.body.feedback.luds_requirements.missing_complexity, 1);
      assert.equal(short.body.feedback.luds_requirements.has_symbol, false);
      const good = await server.api('/passwords/strength_check', {
        body: { password: 'abcXYZ12!?wq' },
      });
      assert.equal(good.body.valid_password, true);
      assert.equal(good.body.feedback.luds_requirements.missing_complexity, 0);
    } finally {
      await server.close();
    }
  });

  test('passwords answer product_not_enabled on a project without them', async () => {
    const server = await startTestServer();
    try {
      assertApiError(
        await server.api('/passwords', { body: { email: 'a@example.com', password: STRONG } }),
        403,
        'product_not_enabled',
      );
    } finally {
      await server.close();
    }
  });
});
