/**
 * Cookie sessions over HTTP (`cookie-session.ts`): a page on the server's own origin that sends
 * `X-Velvet-Session` sees no session token or JWT in any answer, its `HttpOnly` cookie is its
 * session on every route that reads one, and nobody else can use that cookie: a call from
 * another origin is refused before any route runs, and a call without the header never reads it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../test/api-assertions.js';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test/test-server.js';

/** The server's own origin in these tests (its `publicUrl`, reached through a proxy). */
const SITE_ORIGIN = 'http://velvet.test';
/** A page the project authorizes, on a sibling host: same site, so a browser sends it Lax cookies. */
const SIBLING_ORIGIN = 'http://other.velvet.test';

/** The headers of a call made by the site's page, in cookie mode `mode`. */
function fromSite(mode: 'cookie' | 'none', cookie?: string): Record<string, string> {
  return {
    origin: SITE_ORIGIN,
    'x-forwarded-host': 'velvet.test',
    'x-velvet-session': mode,
    ...(cookie ? { cookie } : {}),
  };
}

/** The `name=value` of a `Set-Cookie` header. */
function cookiePair(setCookie: string | null): string {
  return String(setCookie).split(';')[0] ?? '';
}

/** The token a `Set-Cookie` header of the session cookie sets. */
function cookieToken(setCookie: string | null): string {
  return decodeURIComponent(cookiePair(setCookie).split('=')[1] ?? '');
}

describe('cookie sessions for pages on the server’s own origin', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      config: { trustProxy: true },
      project: { authorizedOrigins: [TEST_ORIGIN, SIBLING_ORIGIN] },
    });
  });
  after(() => server.close());

  /** Signs `phone` in from the site's page in cookie mode; the answer and its cookie. */
  async function signInFromSite(phone: string) {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: phone },
      headers: fromSite('none'),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const answer = await server.api('/otps/authenticate', {
      body: {
        token: server.lastCode(phone),
        method_id: sent.body.method_id,
        session_duration_minutes: 60,
      },
      headers: fromSite('none'),
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const setCookie = answer.headers.get('set-cookie');
    return { answer, setCookie, cookie: cookiePair(setCookie), token: cookieToken(setCookie) };
  }

  /** The session rows, as they are stored. */
  function sessionRows() {
    return server.store.db
      .selectFrom('sessions')
      .select(['session_id', 'expires_at', 'revoked_at', 'last_accessed_at'])
      .orderBy('session_id')
      .execute();
  }

  test('a page script on the site sees no session token or JWT in a sign-in answer: the HttpOnly cookie is the session', async () => {
    const { answer, setCookie, cookie, token } = await signInFromSite('+14155550701');
    assert.equal(answer.body.session_token, '');
    assert.equal(answer.body.session_jwt, '');
    assert.ok(!answer.raw.data.session_token && !JSON.stringify(answer.raw).includes(token));
    assert.match(String(setCookie), /^velvet_site_session=[\w-]{20,}; .*HttpOnly; SameSite=Lax$/);
    // The cookie's token is the session the answer describes.
    const checked = await server.api('/sessions/authenticate', { body: {}, secret: token });
    assert.equal(checked.status, 200);
    assert.equal(checked.body.session.session_id, answer.body.session.session_id);
    // …and the page's next call is signed in by the cookie alone.
    const me = await server.api('/users/me', { headers: fromSite('cookie', cookie) });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.equal(me.body.user_id, answer.body.user_id);
  });

  test('the cookie is the session for sessions/authenticate (renewing it), users/me, a secondary send and sessions/revoke', async () => {
    const { answer, cookie, token } = await signInFromSite('+14155550702');
    const refreshed = await server.api('/sessions/authenticate', {
      body: { session_duration_minutes: 120 },
      headers: fromSite('cookie', cookie),
    });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.equal(refreshed.body.session_token, '');
    assert.equal(refreshed.body.session_jwt, '');
    assert.equal(refreshed.body.session.session_id, answer.body.session.session_id);
    assert.equal(
      refreshed.headers.get('set-cookie'),
      `velvet_site_session=${token}; Path=/; Max-Age=7200; HttpOnly; SameSite=Lax`,
    );

    // A same-origin GET: browsers send no Origin, but say Sec-Fetch-Site: same-origin.
    const { origin: _origin, ...withoutOrigin } = fromSite('cookie', cookie);
    const me = await server.api('/users/me', {
      headers: { ...withoutOrigin, 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.equal(me.body.user_id, answer.body.user_id);

    const updated = await server.api('/users/me', {
      method: 'PUT',
      body: { untrusted_metadata: { song: 'Lady' } },
      headers: fromSite('cookie', cookie),
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    const secondary = await server.api('/otps/sms/send/secondary', {
      body: { phone_number: '+14155550712' },
      headers: fromSite('cookie', cookie),
    });
    assert.equal(secondary.status, 200, JSON.stringify(secondary.body));

    const revoked = await server.api('/sessions/revoke', {
      body: {},
      headers: fromSite('cookie', cookie),
    });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal(
      revoked.headers.get('set-cookie'),
      'velvet_site_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    const after = await server.api('/sessions/authenticate', { body: {}, secret: token });
    assertApiError(after, 401, 'session_not_found');
  });

  test('a cross-site page’s call carrying the site’s cookie is refused, and the session stays as it was', async () => {
    const { cookie, token } = await signInFromSite('+14155550703');
    const rows = await sessionRows();
    const forged: Record<string, string>[] = [
      // A page on another origin the project lists (a sibling host gets the Lax cookie).
      { ...fromSite('cookie', cookie), origin: SIBLING_ORIGIN },
      // A request whose browser says it came from another site, with no Origin.
      { cookie, 'x-velvet-session': 'cookie', 'sec-fetch-site': 'cross-site' },
      // No browser's word at all (a script elsewhere replaying the cookie).
      { cookie, 'x-velvet-session': 'cookie', 'x-forwarded-host': 'velvet.test' },
    ];
    for (const headers of forged) {
      const answer = await server.api('/sessions/revoke', { body: {}, headers });
      assertApiError(answer, 403, 'session_cookie_not_same_origin');
      assert.equal(answer.headers.get('set-cookie'), null);
    }
    // Without the header the cookie is not read at all: a form or a plain cross-site request.
    const plain = await server.api('/sessions/revoke', {
      body: {},
      headers: { origin: SIBLING_ORIGIN, cookie },
    });
    assertApiError(plain, 401, 'user_unauthenticated');
    assert.deepEqual(await sessionRows(), rows);
    const still = await server.api('/sessions/authenticate', { body: {}, secret: token });
    assert.equal(still.status, 200);
  });

  test('a cookie naming a revoked session is refused and deleted, and a page holding none signs in past it', async () => {
    const { cookie, token } = await signInFromSite('+14155550704');
    assert.equal((await server.api('/sessions/revoke', { body: {}, secret: token })).status, 200);
    // A same-origin GET, as the browser sends it: no Origin, Sec-Fetch-Site: same-origin.
    const { origin: _origin, ...withoutOrigin } = fromSite('cookie', cookie);
    const stale = await server.api('/users/me', {
      headers: { ...withoutOrigin, 'sec-fetch-site': 'same-origin' },
    });
    assertApiError(stale, 401, 'session_not_found');
    assert.equal(
      stale.headers.get('set-cookie'),
      'velvet_site_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    // "none": the page holds no session, so the leftover cookie is not read.
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550704' },
      headers: fromSite('none', cookie),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
  });

  test('in cookie mode a session token in Basic auth, or another mode, is refused without a write', async () => {
    const { cookie, token } = await signInFromSite('+14155550705');
    const rows = await sessionRows();
    const both = await server.api('/sessions/authenticate', {
      body: { session_duration_minutes: 120 },
      secret: token,
      headers: fromSite('cookie', cookie),
    });
    assertApiError(both, 401, 'unauthorized_credentials');
    const other = await server.api('/sessions/authenticate', {
      body: { session_duration_minutes: 120 },
      headers: { ...fromSite('cookie', cookie), 'x-velvet-session': 'token' },
    });
    assertApiError(other, 400, 'invalid_request');
    assert.deepEqual(await sessionRows(), rows);
  });

  test('the header is not among the headers CORS allows, so no other origin’s page can send it', async () => {
    const preflight = await fetch(`${server.url}/sdk/v1/sessions/revoke`, {
      method: 'OPTIONS',
      headers: {
        origin: SIBLING_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-velvet-session',
      },
    });
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    assert.ok(allowed.includes('authorization'), allowed);
    assert.ok(!allowed.includes('x-velvet-session'), allowed);
  });
});
