import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { authorizationReturnAttacks } from '../../test/authorization-return-attacks.js';
import { rowsOf } from '../../test/database-rows.js';
import { eventually } from '../../test/eventually.js';
import { startTestServer, TEST_PUBLIC_TOKEN, type TestServer } from '../../test/test-server.js';
import { MagicLinksRepository } from './magic-links-repository.js';

const LOGIN_URL = 'http://app.velvet.test/signed-in';
const OTHER_LOGIN_URL = 'http://app.velvet.test/welcome?from=email';
const SIGNUP_URL = 'http://app.velvet.test/welcome';
const FOREIGN_TOKEN = 'public-token-test-11111111-1111-4111-8111-foreignproj';
const VELVET = 'http://velvet.test';
/** The project's authorization endpoint on the test server's public origin. */
const AUTHORIZE = `${VELVET}/oauth/${TEST_PUBLIC_TOKEN}/authorize`;
/** An authorization request as the authorization page's address has it. */
const REQUEST = `${AUTHORIZE}?client_id=some-app&redirect_uri=${encodeURIComponent('https://rp.test/cb')}&scope=openid+email&state=s%2F1&code_challenge=abc`;

/** The link in the newest email the outbox holds for `to`. */
function lastLink(server: TestServer, to: string): URL {
  const [message] = server.outbox.list({ to });
  const href = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!href) throw new Error(`no link in the outbox for ${to}`);
  return new URL(href);
}

/** The token of that link. */
function lastToken(server: TestServer, to: string): string {
  const token = lastLink(server, to).searchParams.get('token');
  if (!token) throw new Error('no token in the link');
  return token;
}

/** A PKCE pair as the client library makes it. */
function pkcePair() {
  const verifier = randomBytes(64).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('email magic links', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        emailMagicLinks: {
          loginRedirectURLs: [LOGIN_URL, OTHER_LOGIN_URL],
          signupRedirectURLs: [SIGNUP_URL, LOGIN_URL],
        },
      },
      extraProjects: [
        {
          name: 'Another project',
          publicToken: FOREIGN_TOKEN,
          emailMagicLinks: { loginRedirectURLs: [LOGIN_URL] },
        },
      ],
    });
  });
  after(() => server.close());
  /** What an authenticate writes: links, users, emails and sessions. */
  const magicLinkRows = () =>
    rowsOf(server.store, ['magic_links', 'users', 'user_emails', 'sessions']);

  test('login_or_create emails a new address a sign-up link to the first listed sign-up URL', async () => {
    const sent = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'Ada@Example.com' },
    });
    assert.equal(sent.status, 200);
    assert.match(sent.body.user_id, /^user-test-/);
    assert.match(sent.body.email_id, /^email-test-/);
    assert.equal(sent.body.user_created, undefined, 'the answer does not say the account is new');
    const [message] = server.outbox.list({ to: 'ada@example.com' });
    assert.ok(message, 'an email went to the lower-cased address');
    assert.equal(message.channel, 'email');
    assert.equal(message.subject, 'Finish signing up for Velvet tests');
    const link = lastLink(server, 'ada@example.com');
    assert.equal(`${link.origin}${link.pathname}`, SIGNUP_URL);
    assert.equal(link.searchParams.get('stytch_token_type'), 'magic_links');
    assert.match(link.searchParams.get('token') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.match(message.text, /It expires in 30 minutes\./);
    assert.match(message.html ?? '', /Velvet tests/);
    assert.ok(
      message.html?.includes(link.toString().replaceAll('&', '&amp;')),
      'the HTML has the link',
    );
    assert.doesNotMatch(message.html ?? '', /<img/i, 'no images, so no tracking pixels');
  });

  test('the link signs in once: a session, the email verified, the user active', async () => {
    const sent = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'grace@example.com', create_user_as_pending: true },
    });
    const token = lastToken(server, 'grace@example.com');
    const pending = await server.store.users.findById(server.project.projectId, sent.body.user_id);
    assert.equal(pending?.status, 'pending');
    const ok = await server.api('/magic_links/authenticate', {
      body: { token, session_duration_minutes: 60 },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.user_id, sent.body.user_id);
    assert.equal(ok.body.method_id, sent.body.email_id);
    assert.match(ok.body.session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(ok.body.session_jwt.split('.').length, 3);
    assert.equal(ok.body.user.status, 'active');
    assert.deepEqual(ok.body.user.emails, [
      { email_id: sent.body.email_id, email: 'grace@example.com', verified: true },
    ]);
    const [factor] = ok.body.session.authentication_factors;
    assert.equal(factor.type, 'magic_link');
    assert.equal(factor.delivery_method, 'email');
    assert.equal(factor.email_factor.email_address, 'grace@example.com');
    const me = await server.api('/users/me', { secret: ok.body.session_token });
    assert.equal(me.status, 200);

    const again = await server.api('/magic_links/authenticate', {
      body: { token, session_duration_minutes: 60 },
    });
    assertApiError(again, 404, 'unable_to_auth_magic_link');
  });

  test('a refused duration does not spend the link: it still signs in afterwards', async () => {
    const sent = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'patient@example.com' },
    });
    assert.equal(sent.status, 200);
    const token = lastToken(server, 'patient@example.com');
    const before = await magicLinkRows();
    const refused = await server.api('/magic_links/authenticate', {
      body: { token, session_duration_minutes: 8 * 24 * 60 },
    });
    assertApiError(refused, 400, 'session_duration_too_long');
    assert.equal(refused.raw.session_token, undefined);
    assert.deepEqual(await magicLinkRows(), before, 'link unspent, email unverified, no session');
    const signedIn = await server.api('/magic_links/authenticate', {
      body: { token, session_duration_minutes: 60 },
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.user_id, sent.body.user_id);
  });

  test('a refused duration with a session does not add the factor to it', async () => {
    const first = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'factor@example.com' },
    });
    const session = await server.api('/magic_links/authenticate', {
      body: { token: lastToken(server, 'factor@example.com'), session_duration_minutes: 60 },
    });
    assert.equal(session.status, 200);
    await server.api('/magic_links/email/send/primary', { body: { email: 'factor@example.com' } });
    await eventually(
      () => server.outbox.list({ to: 'factor@example.com' }).length === 2,
      'the second link',
    );
    const before = await magicLinkRows();
    assertApiError(
      await server.api('/magic_links/authenticate', {
        body: {
          token: lastToken(server, 'factor@example.com'),
          session_duration_minutes: 8 * 24 * 60,
        },
        secret: session.body.session_token,
      }),
      400,
      'session_duration_too_long',
    );
    assert.deepEqual(await magicLinkRows(), before, 'the session and the link as they were');
    assert.equal(first.status, 200);
  });

  test('a verified address gets a login link, to the URL asked for when it is listed', async () => {
    await server.api('/magic_links/email/login_or_create', { body: { email: 'lin@example.com' } });
    await server.api('/magic_links/authenticate', {
      body: { token: lastToken(server, 'lin@example.com') },
    });
    const sent = await server.api('/magic_links/email/login_or_create', {
      body: {
        email: 'lin@example.com',
        login_magic_link_url: OTHER_LOGIN_URL,
        login_expiration_minutes: 90,
      },
    });
    assert.equal(sent.status, 200);
    const [message] = server.outbox.list({ to: 'lin@example.com' });
    assert.equal(message?.subject, 'Sign in to Velvet tests');
    assert.match(message?.text ?? '', /It expires in 90 minutes\./);
    const link = lastLink(server, 'lin@example.com');
    assert.equal(link.searchParams.get('from'), 'email', 'the listed URL keeps its own query');
    assert.equal(`${link.origin}${link.pathname}`, 'http://app.velvet.test/welcome');

    server.clock.advance(90 * 60_000);
    const late = await server.api('/magic_links/authenticate', {
      body: { token: link.searchParams.get('token') },
    });
    assertApiError(late, 404, 'unable_to_auth_magic_link');
  });

  test('signup links expire after signup_expiration_minutes', async () => {
    await server.api('/magic_links/email/login_or_create', {
      body: { email: 'short@example.com', signup_expiration_minutes: 5 },
    });
    const token = lastToken(server, 'short@example.com');
    server.clock.advance(5 * 60_000 - 1);
    server.clock.advance(1);
    const late = await server.api('/magic_links/authenticate', { body: { token } });
    assertApiError(late, 404, 'unable_to_auth_magic_link');
  });

  test('an unlisted redirect URL is refused and nothing is sent', async () => {
    for (const field of ['login_magic_link_url', 'signup_magic_link_url']) {
      const answer = await server.api('/magic_links/email/login_or_create', {
        body: { email: 'eve@example.com', [field]: 'https://evil.example/steal' },
      });
      assertApiError(answer, 400, 'no_match_for_provided_magic_link_url');
      assert.match(answer.body.error_message, /evil\.example/);
    }
    const prefix = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'eve@example.com', login_magic_link_url: `${LOGIN_URL}/more` },
    });
    assertApiError(prefix, 400, 'no_match_for_provided_magic_link_url');
    assert.equal(server.outbox.list({ to: 'eve@example.com' }).length, 0);
    const user = await server.store.users.findByDestination(
      server.project.projectId,
      'email',
      'eve@example.com',
    );
    assert.equal(user, undefined, 'no user was made');
  });

  test('a link sent from the authorization page opens the same authorization request, with the token', async () => {
    const { verifier, challenge } = pkcePair();
    for (const [email, expected] of [
      ['idp-new@example.com', 'signup'],
      ['idp-new@example.com', 'login'],
    ] as const) {
      const sent = await server.api('/magic_links/email/login_or_create', {
        body: {
          email,
          login_magic_link_url: REQUEST,
          signup_magic_link_url: REQUEST,
          code_challenge: challenge,
        },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const link = lastLink(server, email);
      assert.equal(`${link.origin}${link.pathname}`, AUTHORIZE, `${expected} link`);
      const request = new URL(REQUEST);
      for (const [name, value] of request.searchParams) {
        assert.equal(link.searchParams.get(name), value, `the request's ${name} is kept`);
      }
      assert.equal(link.searchParams.get('stytch_token_type'), 'magic_links');
      const ok = await server.api('/magic_links/authenticate', {
        body: { token: link.searchParams.get('token'), code_verifier: verifier },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.user_id, sent.body.user_id);
    }
  });

  test('open redirect: another origin, path, project, scheme or a userinfo/fragment trick is refused, nothing stored or sent', async () => {
    const attacks = authorizationReturnAttacks(TEST_PUBLIC_TOKEN, FOREIGN_TOKEN);
    for (const email of ['idp-known@example.com', 'idp-stranger@example.com']) {
      if (email === 'idp-known@example.com') {
        await server.api('/magic_links/email/login_or_create', { body: { email } });
        assert.equal(server.outbox.list({ to: email }).length, 1);
      }
      const sentBefore = server.outbox.list({ to: email }).length;
      const rowsBefore = await magicLinkRows();
      for (const attack of attacks) {
        for (const field of ['login_magic_link_url', 'signup_magic_link_url']) {
          const refused = await server.api('/magic_links/email/login_or_create', {
            body: { email, [field]: attack },
          });
          assertApiError(refused, 400, 'no_match_for_provided_magic_link_url');
        }
      }
      assert.equal(
        server.outbox.list({ to: email }).length,
        sentBefore,
        `nothing sent to ${email}`,
      );
      assert.deepEqual(await magicLinkRows(), rowsBefore, 'no link, user or session stored');
    }
  });

  test('an invalid email is refused before anything happens', async () => {
    const answer = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'not-an-email' },
    });
    assertApiError(answer, 400, 'invalid_email');
    assert.equal(answer.body.error_message, 'Invalid email address, please try again.');
    const missing = await server.api('/magic_links/email/login_or_create', { body: {} });
    assertApiError(missing, 400, 'schema_error');
    assert.equal(missing.body.errors[0].path, 'body.email');
  });

  test('bad expiries, tokens and verifiers are schema errors', async () => {
    const long = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'x@example.com', login_expiration_minutes: 10_081 },
    });
    assertApiError(long, 400, 'schema_error');
    const badToken = await server.api('/magic_links/authenticate', { body: { token: 'a b' } });
    assertApiError(badToken, 400, 'schema_error');
    const noToken = await server.api('/magic_links/authenticate', { body: {} });
    assertApiError(noToken, 400, 'schema_error');
  });

  test('an oversized body is refused with 413', async () => {
    const answer = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'big@example.com', captcha_token: 'x'.repeat(2_000_000) },
    });
    assertApiError(answer, 413, 'payload_too_large');
    assert.equal(server.outbox.list({ to: 'big@example.com' }).length, 0);
  });

  test("another project's token does not sign in here, nor ours there", async () => {
    await server.api('/magic_links/email/login_or_create', {
      body: { email: 'foreign@example.com' },
      publicToken: FOREIGN_TOKEN,
    });
    const theirs = lastToken(server, 'foreign@example.com');
    const here = await server.api('/magic_links/authenticate', { body: { token: theirs } });
    assertApiError(here, 404, 'unable_to_auth_magic_link');
    const there = await server.api('/magic_links/authenticate', {
      body: { token: theirs },
      publicToken: FOREIGN_TOKEN,
    });
    assert.equal(there.status, 200, 'the refusal did not spend the token');
  });

  test('a made-up token is refused', async () => {
    const answer = await server.api('/magic_links/authenticate', {
      body: { token: randomBytes(32).toString('base64url') },
    });
    assertApiError(answer, 404, 'unable_to_auth_magic_link');
  });

  test('a PKCE link needs its verifier; a missing or wrong one does not spend it', async () => {
    const { verifier, challenge } = pkcePair();
    await server.api('/magic_links/email/login_or_create', {
      body: { email: 'pkce@example.com', code_challenge: challenge },
    });
    const token = lastToken(server, 'pkce@example.com');
    const missing = await server.api('/magic_links/authenticate', { body: { token } });
    assertApiError(missing, 400, 'pkce_expected_code_verifier');
    assert.match(missing.body.error_message, /pkce/);
    const wrong = await server.api('/magic_links/authenticate', {
      body: { token, code_verifier: pkcePair().verifier },
    });
    assertApiError(wrong, 400, 'pkce_mismatch');
    assert.match(wrong.body.error_message, /pkce/);
    const right = await server.api('/magic_links/authenticate', {
      body: { token, code_verifier: verifier },
    });
    assert.equal(right.status, 200);
  });

  test('send/primary answers alike for known and unknown addresses; only a user gets a link', async () => {
    await server.api('/magic_links/email/login_or_create', {
      body: { email: 'known@example.com' },
    });
    const before = server.outbox.list({ to: 'known@example.com' }).length;
    const known = await server.api('/magic_links/email/send/primary', {
      body: { email: 'known@example.com' },
    });
    const unknown = await server.api('/magic_links/email/send/primary', {
      body: { email: 'nobody@example.com' },
    });
    assert.equal(known.status, 200);
    assert.equal(unknown.status, 200);
    const shape = (body: Record<string, unknown>) =>
      Object.keys(body)
        .filter((key) => key !== 'request_id')
        .sort();
    assert.deepEqual(shape(known.body), shape(unknown.body));
    await eventually(
      () => server.outbox.list({ to: 'known@example.com' }).length === before + 1,
      'the primary link',
    );
    assert.equal(server.outbox.list({ to: 'nobody@example.com' }).length, 0);
    const none = await server.store.users.findByDestination(
      server.project.projectId,
      'email',
      'nobody@example.com',
    );
    assert.equal(none, undefined);
  });

  test('send/secondary adds the email to the session’s user, and its link adds the factor', async () => {
    await server.api('/magic_links/email/login_or_create', {
      body: { email: 'first@example.com' },
    });
    const first = await server.api('/magic_links/authenticate', {
      body: { token: lastToken(server, 'first@example.com') },
    });
    const sessionToken = first.body.session_token;
    const noSession = await server.api('/magic_links/email/send/secondary', {
      body: { email: 'second@example.com' },
    });
    assert.equal(noSession.status, 401);
    const sent = await server.api('/magic_links/email/send/secondary', {
      body: { email: 'second@example.com' },
      secret: sessionToken,
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.user_id, first.body.user_id);
    const ok = await server.api('/magic_links/authenticate', {
      body: { token: lastToken(server, 'second@example.com') },
      secret: sessionToken,
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.session.session_id, first.body.session.session_id);
    assert.equal(ok.body.session.authentication_factors.length, 2);
    assert.deepEqual(
      ok.body.user.emails.map((e: { email: string; verified: boolean }) => [e.email, e.verified]),
      [
        ['first@example.com', true],
        ['second@example.com', true],
      ],
    );
    // An address another user only claims (nobody proved it) blocks no one: this user's own
    // claim is stored and the link sent.
    const claimed = await server.api('/magic_links/email/send/secondary', {
      body: { email: 'known@example.com' },
      secret: sessionToken,
    });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    assert.equal(claimed.body.user_id, first.body.user_id);
  });

  test('sends are limited per (address, client), with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      const ok = await server.api('/magic_links/email/login_or_create', {
        body: { email: 'often@example.com' },
      });
      assert.equal(ok.status, 200);
    }
    const limited = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'often@example.com' },
    });
    assertApiError(limited, 429, 'magic_link_send_rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal(server.outbox.list({ to: 'often@example.com' }).length, 5);
  });

  test('wrong verifiers are throttled like wrong passcodes, and lock nobody out of sending', async () => {
    const email = 'throttled@example.com';
    const pair = pkcePair();
    await server.api('/magic_links/email/login_or_create', {
      body: { email, code_challenge: pair.challenge },
    });
    const token = lastToken(server, email);
    // Five wrong verifiers are free (each its own error); the sixth try must wait.
    for (let i = 0; i < 5; i++) {
      const answer = await server.api('/magic_links/authenticate', {
        body: { token, code_verifier: pkcePair().verifier },
      });
      assertApiError(answer, 400, 'pkce_mismatch');
    }
    const waiting = await server.api('/magic_links/authenticate', {
      body: { token, code_verifier: pair.verifier },
    });
    assertApiError(waiting, 429, 'too_many_requests');
    assert.ok(Number(waiting.headers.get('retry-after')) >= 10);
    // Sending is never locked by wrong verifiers: a stranger cannot stop the owner's links.
    const send = await server.api('/magic_links/email/login_or_create', { body: { email } });
    assert.equal(send.status, 200);
    // After the wait, the right verifier signs in with the first link.
    server.clock.advance(10_000);
    const signedIn = await server.api('/magic_links/authenticate', {
      body: { token, code_verifier: pair.verifier },
    });
    assert.equal(signedIn.status, 200);
  });

  test('the right verifier is no failure when a second tab spends the link first', async (t) => {
    const email = 'two-tabs@example.com';
    const pair = pkcePair();
    await server.api('/magic_links/email/login_or_create', {
      body: { email, code_challenge: pair.challenge },
    });
    const token = lastToken(server, email);
    for (let i = 0; i < 4; i++) {
      const answer = await server.api('/magic_links/authenticate', {
        body: { token, code_verifier: pkcePair().verifier },
      });
      assertApiError(answer, 400, 'pkce_mismatch');
    }
    // The losing tab: its verifier matches, and its update finds the link already spent, as
    // when another tab's request spends it between this one's read and its update.
    const consume = MagicLinksRepository.prototype.consume;
    MagicLinksRepository.prototype.consume = async () => false;
    t.after(() => {
      MagicLinksRepository.prototype.consume = consume;
    });
    const lost = await server.api('/magic_links/authenticate', {
      body: { token, code_verifier: pair.verifier },
    });
    MagicLinksRepository.prototype.consume = consume;
    assertApiError(lost, 404, 'unable_to_auth_magic_link');
    // Four wrong verifiers and a right one: the right one cleared them, so the next link of this
    // browser signs in at once (counted as a fifth failure, it would have to wait).
    const next = pkcePair();
    await server.api('/magic_links/email/login_or_create', {
      body: { email, code_challenge: next.challenge },
    });
    const signedIn = await server.api('/magic_links/authenticate', {
      body: { token: lastToken(server, email), code_verifier: next.verifier },
    });
    assert.equal(signedIn.status, 200);
  });
});

describe('magic links per project settings', () => {
  test("a stranger's magic link sent without PKCE cannot be made under a project that requires it", async (t) => {
    // Login CSRF: a stranger asks for a link to their own address and plants it in someone
    // else's browser. Under `pkceRequired` every send needs a challenge, so every link is bound
    // to the browser that asked for it.
    const server = await startTestServer({
      project: { emailMagicLinks: { loginRedirectURLs: [LOGIN_URL], pkceRequired: true } },
    });
    t.after(() => server.close());
    const bootstrap = await server.api(`/projects/bootstrap/${server.project.publicToken}`);
    assert.equal(bootstrap.body.pkce_required_for_email_magic_links, true);
    const rows = () => rowsOf(server.store, ['magic_links', 'users', 'user_emails']);
    const before = await rows();
    for (const path of ['/magic_links/email/login_or_create', '/magic_links/email/send/primary']) {
      const answer = await server.api(path, { body: { email: 'stranger@example.com' } });
      assertApiError(answer, 400, 'pkce_expected_code_challenge');
    }
    assert.equal(server.outbox.list().length, 0);
    assert.deepEqual(await rows(), before, 'no user, email or link was made');
    // With a challenge the link signs in only with its verifier.
    const pair = pkcePair();
    const sent = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'stranger@example.com', code_challenge: pair.challenge },
    });
    assert.equal(sent.status, 200);
    const token = lastToken(server, 'stranger@example.com');
    assertApiError(
      await server.api('/magic_links/authenticate', { body: { token } }),
      400,
      'pkce_expected_code_verifier',
    );
    const own = await server.api('/magic_links/authenticate', {
      body: { token, code_verifier: pair.verifier },
    });
    assert.equal(own.status, 200);
  });

  test('a link sent before the project required PKCE is refused once it does', async (t) => {
    const config = (pkceRequired: boolean) => ({
      emailMagicLinks: { loginRedirectURLs: [LOGIN_URL], pkceRequired },
    });
    const lenient = await startTestServer({ project: config(false) });
    const sent = await lenient.api('/magic_links/email/login_or_create', {
      body: { email: 'early@example.com' },
    });
    assert.equal(sent.status, 200);
    const token = lastToken(lenient, 'early@example.com');
    await lenient.close({ keepDatabase: true });
    // The same database, restarted with the project requiring PKCE.
    const strict = await startTestServer({ project: config(true), database: lenient.database });
    t.after(() => strict.close());
    const before = await rowsOf(strict.store, ['magic_links', 'sessions']);
    const answer = await strict.api('/magic_links/authenticate', { body: { token } });
    assertApiError(answer, 400, 'pkce_expected_code_challenge');
    assert.deepEqual(await rowsOf(strict.store, ['magic_links', 'sessions']), before);
  });

  test('a project listing no redirect URL says so', async (t) => {
    const server = await startTestServer();
    t.after(() => server.close());
    const bootstrap = await server.api(`/projects/bootstrap/${server.project.publicToken}`);
    assert.equal(bootstrap.body.pkce_required_for_email_magic_links, false);
    const answer = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'p@example.com' },
    });
    assertApiError(answer, 400, 'no_login_redirect_urls_set');
  });

  test('a project without the product refuses it', async (t) => {
    const server = await startTestServer({
      project: { products: ['otp'], emailMagicLinks: { loginRedirectURLs: [LOGIN_URL] } },
    });
    t.after(() => server.close());
    const answer = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'p@example.com' },
    });
    assertApiError(answer, 403, 'product_not_enabled');
  });
});
