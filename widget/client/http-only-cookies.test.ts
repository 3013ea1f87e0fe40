/**
 * HttpOnly-cookie mode (`httpOnlyCookies`), as the invitation site runs the client on the
 * server's own origin: no session token or JWT in `document.cookie`, localStorage or
 * sessionStorage, nor in what the session gives page script; requests carry credentials, the
 * public token only, and `X-Velvet-Session`; signing out clears the state. Other origins keep
 * the script-readable session.
 */
import { expect } from '@open-wc/testing';
import { SESSION_COOKIE, SESSION_JWT_COOKIE } from './constants.js';
import type { SessionChange } from './session-state.js';
import { sessionStorageKey } from './session-storage.js';
import {
  apiErrorBody,
  authenticateBody,
  makeSession,
  makeUser,
  success,
} from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  signIn,
  type TestClient,
  uniqueToken,
} from './testing/test-client.js';
import { waitFor } from './testing/wait-for.js';

/** A token the fake server issues; the tests look for it everywhere page script can read. */
const TOKEN = 'session-token-httponly-0123456789';
const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';

/** Everything page script can read that could hold a token: cookies and both storages. */
function scriptReadable(): string {
  const stores = [localStorage, sessionStorage].map((storage) =>
    Object.keys(storage)
      .map((key) => `${key}=${storage.getItem(key)}`)
      .join('\n'),
  );
  return [document.cookie, ...stores].join('\n');
}

/** The basic auth of the public token alone. */
function publicOnly(test: TestClient): string {
  return `Basic ${btoa(`${test.publicToken}:${test.publicToken}`)}`;
}

function httpOnlyClient(options: { publicToken?: string } = {}): TestClient {
  return createTestClient({ httpOnlyCookies: true, ...options });
}

describe('HttpOnly-cookie mode', () => {
  afterEach(cleanUpClients);

  it('holds the session without tokens: getTokens() is null, as the server sends none', async () => {
    const test = httpOnlyClient();
    await signIn(test, '');
    expect(test.client.session.status).to.equal('signed_in');
    expect(test.client.session.getSync()?.session_id).to.equal(makeSession().session_id);
    expect(test.client.session.getTokens()).to.equal(null);
  });

  it('keeps no session token or JWT where page script reads, even when an answer carries them', async () => {
    const test = httpOnlyClient();
    test.api.on('POST', '/otps/authenticate', { json: authenticateBody(TOKEN, JWT) });
    await test.client.otps.authenticate('123456', 'phone-number-test-1', {
      session_duration_minutes: 60,
    });
    expect(test.client.session.status).to.equal('signed_in');
    // The only session cookies script writes are the removals of what an older version left.
    const written = test.cookies.writes.filter((cookie) =>
      [SESSION_COOKIE, SESSION_JWT_COOKIE].some((name) => cookie.startsWith(`${name}=`)),
    );
    expect(written.length).to.be.greaterThan(0);
    for (const cookie of written) expect(cookie).to.match(/^velvet_session(_jwt)?=; .*Max-Age=0/);
    const readable = scriptReadable();
    expect(readable).to.not.contain(TOKEN);
    expect(readable).to.not.contain(JWT);
    // The non-secret session stays for the next page load and the other tabs.
    const stored = JSON.parse(localStorage.getItem(sessionStorageKey(test.publicToken)) ?? '{}');
    expect(stored.session.session_id).to.equal(makeSession().session_id);
    expect(stored.user.user_id).to.equal(makeUser().user_id);
  });

  it('sends credentials and the public token only, saying whether it holds a session', async () => {
    const test = httpOnlyClient();
    await signIn(test, '');
    test.api.on('GET', '/users/me', { json: success({ ...makeUser() }) });
    await test.client.user.get();

    const [signingIn] = test.api.requestsTo('/otps/authenticate');
    const [me] = test.api.requestsTo('/users/me');
    expect(signingIn?.credentials).to.equal('include');
    expect(signingIn?.headers.get('Authorization')).to.equal(publicOnly(test));
    expect(signingIn?.headers.get('X-Velvet-Session')).to.equal('none');
    expect(me?.credentials).to.equal('include');
    expect(me?.headers.get('Authorization')).to.equal(publicOnly(test));
    expect(me?.headers.get('X-Velvet-Session')).to.equal('cookie');
  });

  it('signs out: revoke goes with the cookie, the local session and storage are cleared', async () => {
    const test = httpOnlyClient();
    await signIn(test, '');
    const changes: SessionChange[] = [];
    test.client.session.onChange((change) => changes.push(change));
    test.api.on('POST', '/sessions/revoke', { json: success({}) });
    await test.client.session.revoke();

    const [revoke] = test.api.requestsTo('/sessions/revoke');
    expect(revoke?.headers.get('X-Velvet-Session')).to.equal('cookie');
    expect(revoke?.credentials).to.equal('include');
    expect(test.client.session.status).to.equal('destroyed');
    expect(changes.map((change) => change.reason)).to.deep.equal(['revoked']);
    expect(localStorage.getItem(sessionStorageKey(test.publicToken))).to.equal(null);
    // Signed out, the next call says it holds no session, so the server ignores any cookie.
    test.api.on('POST', '/otps/sms/login_or_create', {
      json: success({ user_id: 'user-test-1', method_id: 'phone-number-test-1' }),
    });
    await test.client.otps.sms.loginOrCreate('+14155550100');
    expect(
      test.api.requestsTo('/otps/sms/login_or_create')[0]?.headers.get('X-Velvet-Session'),
    ).to.equal('none');
  });

  it('destroys the session when the server no longer knows its cookie', async () => {
    const test = httpOnlyClient();
    await signIn(test, '');
    test.api.on('GET', '/users/me', {
      status: 401,
      json: apiErrorBody(401, 'session_not_found', 'The session could not be found.'),
    });
    await test.client.user.get().catch(() => undefined);
    expect(test.client.session.status).to.equal('destroyed');
  });

  it('another tab adopts the sign-in, and holds no token either', async () => {
    const first = httpOnlyClient();
    const second = httpOnlyClient({ publicToken: first.publicToken });
    const changes: SessionChange[] = [];
    second.client.session.onChange((change) => changes.push(change));
    await signIn(first, '');
    const change = await waitFor(() => changes[0], 'the second tab never heard the sign-in');
    expect(change.data?.session.session_id).to.equal(makeSession().session_id);
    expect(change.data?.sessionToken).to.equal('');
    expect(second.client.session.status).to.equal('signed_in');
    expect(second.client.session.getTokens()).to.equal(null);
  });

  it('drops the tokens an earlier page load kept, and stays signed in by the cookie', () => {
    const publicToken = uniqueToken();
    const stored = {
      sessionToken: TOKEN,
      sessionJwt: JWT,
      session: makeSession(),
      user: makeUser(),
    };
    localStorage.setItem(sessionStorageKey(publicToken), JSON.stringify(stored));
    // biome-ignore lint/suspicious/noDocumentCookie: what the script-readable mode left.
    document.cookie = `${SESSION_COOKIE}=${TOKEN}; Path=/`;

    const test = httpOnlyClient({ publicToken });
    expect(test.client.session.status).to.equal('signed_in');
    expect(test.client.session.getTokens()).to.equal(null);
    expect(scriptReadable()).to.not.contain(TOKEN);
    expect(scriptReadable()).to.not.contain(JWT);
  });

  it('a page whose API is on another origin keeps the script-readable session', async () => {
    const test = createTestClient({ httpOnlyCookies: true, apiBase: 'https://id.velvet.test' });
    await signIn(test, TOKEN);
    expect(test.client.session.getTokens()?.sessionToken).to.equal(TOKEN);
    expect(document.cookie).to.contain(`${SESSION_COOKIE}=${TOKEN}`);
    const [signingIn] = test.api.requestsTo('/otps/authenticate');
    expect(signingIn?.headers.get('X-Velvet-Session')).to.equal(null);
  });
});
