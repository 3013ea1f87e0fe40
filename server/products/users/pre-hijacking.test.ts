/**
 * Account pre-hijacking, over HTTP on a real server: an account made first for someone else's
 * address, by a password on the unverified address or by a provider that did not verify it,
 * must neither become the owner's account when the owner later proves the address nor keep its
 * maker's way in.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { type GitHubPeer, startGitHubPeer } from '../oauth/testing/github-peer.js';
import { passProvider, pkcePair } from '../oauth/testing/oauth-browser.js';
import { type OidcPeer, startOidcPeer } from '../oauth/testing/oidc-peer.js';

const VELVET = 'http://velvet.test';
const LOGIN_URL = 'http://app.velvet.test/signed-in';
const SIGNUP_URL = 'http://app.velvet.test/welcome';
/** A password zxcvbn scores 4 and no breach list holds. */
const STRONG = 'violet-Harbor-7-quietly-juggles';

describe('account pre-hijacking', () => {
  let server: TestServer;
  let google: OidcPeer;
  /** The GitHub stand-in, configured as Facebook: its `/user` answers what Facebook's `/me` does. */
  let facebook: GitHubPeer;

  before(async () => {
    google = await startOidcPeer({
      redirectUris: [`${VELVET}/sdk/v1/public/oauth/google/callback`],
    });
    facebook = await startGitHubPeer();
    server = await startTestServer({
      project: {
        products: ['otp', 'emailMagicLinks', 'passwords', 'oauth'],
        emailMagicLinks: { loginRedirectURLs: [LOGIN_URL], signupRedirectURLs: [SIGNUP_URL] },
        oauth: {
          providers: {
            google: {
              clientId: google.clientId,
              clientSecret: google.clientSecret,
              issuer: google.issuer,
            },
            facebook: {
              clientId: facebook.clientId,
              clientSecret: facebook.clientSecret,
              ...facebook.endpoints,
            },
          },
          loginRedirectURLs: [LOGIN_URL],
          signupRedirectURLs: [SIGNUP_URL],
        },
      },
    });
  });
  after(async () => {
    await server.close();
    await google.close();
    await facebook.close();
  });

  /** An OAuth sign-in through `provider` (as `login` at the OIDC peer); the authenticate body. */
  async function signInWith(provider: 'google' | 'facebook', login?: string) {
    const { verifier, challenge } = pkcePair();
    const start = new URL(`${server.url}/sdk/v1/public/oauth/${provider}/start`);
    start.searchParams.set('public_token', server.project.publicToken);
    start.searchParams.set('code_challenge', challenge);
    const started = await fetch(start, { redirect: 'manual' });
    assert.equal(started.status, 302);
    const back = await passProvider(started.headers.get('location') ?? '', VELVET, { login });
    const landed = await fetch(back.toString().replace(VELVET, server.url), { redirect: 'manual' });
    assert.equal(landed.status, 302, await landed.clone().text());
    const token = new URL(landed.headers.get('location') ?? '').searchParams.get('token');
    const answer = await server.api('/oauth/authenticate', {
      body: { token, code_verifier: verifier, session_duration_minutes: 60 },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  }

  /** The owner signs in by magic link; the authenticate body. */
  async function ownerByMagicLink(email: string) {
    const sent = await server.api('/magic_links/email/login_or_create', { body: { email } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const [message] = server.outbox.list({ to: email });
    const link = new URL(message?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const answer = await server.api('/magic_links/authenticate', {
      body: { token: link.searchParams.get('token'), session_duration_minutes: 60 },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  }

  /** The owner signs in by email passcode; the authenticate body. */
  async function ownerByEmailCode(email: string) {
    const sent = await server.api('/otps/email/login_or_create', { body: { email } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const answer = await server.api('/otps/authenticate', {
      body: { token: server.lastCode(email), method_id: sent.body.method_id },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  }

  /** The rows of `table` whose `user_id` is `userId`. */
  const rowsOf = (
    table: 'passwords' | 'totps' | 'oauth_registrations' | 'user_emails',
    userId: string,
  ) => server.store.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();

  test("a password set on the owner's unverified address first is gone when the owner proves it", async () => {
    const victim = 'ada@example.com';
    const attacker = await server.api('/passwords', {
      body: { email: victim, password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(attacker.status, 200, JSON.stringify(attacker.body));
    const totp = await server.api('/totps', { body: {}, secret: attacker.body.session_token });
    assert.equal(totp.status, 200, JSON.stringify(totp.body));

    const owner = await ownerByMagicLink(victim);
    // The account made for the address is the owner's now, without what its maker set on it.
    assert.deepEqual(await rowsOf('passwords', owner.user_id), []);
    assert.deepEqual(await rowsOf('totps', owner.user_id), []);
    const login = await server.api('/passwords/authenticate', {
      body: { email: victim, password: STRONG },
    });
    assert.equal(login.status, 401, JSON.stringify(login.body));
    assert.equal(login.body.error_type, 'unauthorized_password');
    const attackerSession = await server.api('/sessions/authenticate', {
      body: {},
      secret: attacker.body.session_token,
    });
    assert.equal(attackerSession.status, 401, JSON.stringify(attackerSession.body));
    assert.equal(attackerSession.body.error_type, 'session_not_found');
    const ownerSession = await server.api('/sessions/authenticate', {
      body: {},
      secret: owner.session_token,
    });
    assert.equal(ownerSession.status, 200);
    assert.deepEqual(
      ownerSession.body.user.emails.map((e: { email: string; verified: boolean }) => [
        e.email,
        e.verified,
      ]),
      [[victim, true]],
    );
  });

  test("a Facebook account claiming the owner's address (unverified) never becomes the owner's account", async () => {
    const victim = 'grace@example.com';
    facebook.setAccount({
      id: 7001,
      login: 'grace-impostor',
      name: 'Grace Impostor',
      emails: [{ email: victim, primary: true, verified: true }],
    });
    const attacker = await signInWith('facebook');
    assert.equal(attacker.user.emails[0]?.verified, false, 'Facebook vouches for no address');

    const owner = await ownerByEmailCode(victim);
    assert.notEqual(owner.user_id, attacker.user_id);
    assert.deepEqual(owner.user.providers, []);
    // The attacker's Facebook sign-in leads to its own account, which no longer claims the address.
    const again = await signInWith('facebook');
    assert.equal(again.user_id, attacker.user_id);
    assert.deepEqual(again.user.emails, []);
    assert.deepEqual(await rowsOf('oauth_registrations', owner.user_id), []);
  });

  test("a Google account whose email_verified is false never becomes the owner's account", async () => {
    // The OIDC peer's account `unverified-hopper` has the address unverified-hopper@oidc.test,
    // with email_verified false.
    const victim = 'unverified-hopper@oidc.test';
    const attacker = await signInWith('google', 'unverified-hopper');
    assert.equal(attacker.user.emails[0]?.verified, false);

    const owner = await ownerByMagicLink(victim);
    assert.notEqual(owner.user_id, attacker.user_id);
    assert.deepEqual(owner.user.providers, []);
    const again = await signInWith('google', 'unverified-hopper');
    assert.equal(again.user_id, attacker.user_id);
    assert.deepEqual(again.user.emails, []);
    assert.deepEqual(
      (await rowsOf('user_emails', owner.user_id)).map((row) => [row.email, Number(row.verified)]),
      [[victim, 1]],
    );
  });
});
