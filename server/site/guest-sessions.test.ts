/**
 * Guests stay signed in through the party, on a real server with a clock the test moves: the
 * page learns the site project's guest session length (`sessions.siteGuestDurationDays`, 30 days
 * by default) from `index.html`, signs in for that long and extends it at each visit, as the
 * site does (`site/app/guest-status.ts`), all through its HttpOnly cookie. A day later the guest
 * is still in without a new code; the session ends the configured length after the last visit,
 * and at sign-out. Only the site's project is allowed such sessions: another project keeps the
 * usual 7-day maximum.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { basicAuth } from '../test/test-server.js';
import {
  OTHER_TEST_TOKEN,
  SITE_TEST_TOKEN,
  type SiteTestServer,
  startSiteTestServer,
  writeSiteFolder,
} from './site-test-server.js';

const PRIVATE_CHUNK = '/private/Invitation-AbCdEf12.js';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The site's public origin, as the proxy in front passes it on. */
const SITE_ORIGIN = 'party.velvet.test';

/** A site folder whose page carries the guests' session length, as the build writes it. */
function siteFolder(): string {
  return writeSiteFolder({
    'index.html': `<!doctype html><title>A private invitation</title>
<meta name="velvet-public-token" content="__VELVET_PUBLIC_TOKEN__">
<meta name="velvet-guest-session-minutes" content="__VELVET_GUEST_SESSION_MINUTES__">`,
    [PRIVATE_CHUNK.slice(1)]: 'export default "the private invitation";',
  });
}

/** The minutes the page served by `server` asks for. */
async function pageSessionMinutes(server: SiteTestServer): Promise<number> {
  const html = await (await server.get('/')).text();
  const minutes = html.match(/name="velvet-guest-session-minutes" content="(\d+)"/)?.[1];
  assert.ok(minutes, html);
  return Number(minutes);
}

/** What the answer to one of the page's calls says, and the cookie it sets. */
interface PageAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON bodies.
  body: any;
  setCookie: string;
}

/**
 * A call of the site's page (client library in HttpOnly-cookie mode): from the site's own origin,
 * with its session cookie (`cookie`, the `name=value` pair) or none while signed out.
 */
async function pageCall(
  server: SiteTestServer,
  path: string,
  body: unknown,
  cookie?: string,
  publicToken = SITE_TEST_TOKEN,
): Promise<PageAnswer> {
  const response = await fetch(`${server.url}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(publicToken, publicToken),
      'content-type': 'application/json',
      origin: `http://${SITE_ORIGIN}`,
      'x-forwarded-host': SITE_ORIGIN,
      'x-velvet-session': cookie ? 'cookie' : 'none',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  return {
    status: response.status,
    body: response.ok ? json.data : json,
    setCookie: response.headers.get('set-cookie') ?? '',
  };
}

/** The `Max-Age` of a `Set-Cookie` header, in seconds. */
function maxAge(setCookie: string): number {
  return Number(setCookie.match(/Max-Age=(\d+)/)?.[1]);
}

/**
 * Signs `phone` in from the page for `minutes` (a passcode by SMS, as the widget does); the
 * answer of the sign-in, with the cookie pair it set.
 */
async function signInFromPage(
  server: SiteTestServer,
  phone: string,
  minutes: number,
  publicToken = SITE_TEST_TOKEN,
): Promise<PageAnswer & { cookie: string }> {
  const sent = await pageCall(
    server,
    '/otps/sms/login_or_create',
    { phone_number: phone },
    undefined,
    publicToken,
  );
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const signedIn = await pageCall(
    server,
    '/otps/authenticate',
    {
      token: server.lastCode(phone),
      method_id: sent.body.method_id,
      session_duration_minutes: minutes,
    },
    undefined,
    publicToken,
  );
  return { ...signedIn, cookie: signedIn.setCookie.split(';')[0] ?? '' };
}

describe('guests stay signed in through the party', () => {
  let server: SiteTestServer;
  before(async () => {
    server = await startSiteTestServer(siteFolder());
  });
  after(async () => {
    await server?.close();
  });

  test('a guest is still in a day later without a new code, and out 30 days after the last visit', async () => {
    const phone = '+14155550851';
    const minutes = await pageSessionMinutes(server);
    assert.equal(minutes, 30 * 24 * 60);
    const start = server.clock.now();
    const signedIn = await signInFromPage(server, phone, minutes);
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    await server.setInvited(phone, true);
    assert.equal(maxAge(signedIn.setCookie), 30 * 24 * 60 * 60);
    assert.equal(Date.parse(signedIn.body.session.expires_at), start + 30 * DAY);
    const texts = () => server.lastCode(phone);
    const code = texts();

    // The next evening the guest opens the invitation again: the page checks its session,
    // asking for the guests' length again, and the server counts it from now.
    server.clock.advance(DAY);
    const visit = await pageCall(
      server,
      '/sessions/authenticate',
      { session_duration_minutes: minutes },
      signedIn.cookie,
    );
    assert.equal(visit.status, 200, JSON.stringify(visit.body));
    assert.equal(visit.body.user.trusted_metadata.invited, true);
    assert.equal(Date.parse(visit.body.session.expires_at), start + 31 * DAY);
    assert.equal(maxAge(visit.setCookie), 30 * 24 * 60 * 60);
    assert.equal((await server.get(PRIVATE_CHUNK, { cookie: signedIn.cookie })).status, 200);
    assert.equal(texts(), code, 'no new code was sent');

    // 30 days after the sign-in, the visit of day 1 still holds it…
    server.clock.advance(29 * DAY + 12 * 60 * MINUTE);
    assert.equal((await server.get(PRIVATE_CHUNK, { cookie: signedIn.cookie })).status, 200);
    // …and 30 days after that visit it is over: the page is back at the gate.
    server.clock.advance(12 * 60 * MINUTE + MINUTE);
    assert.equal((await server.get(PRIVATE_CHUNK, { cookie: signedIn.cookie })).status, 401);
    const late = await pageCall(
      server,
      '/sessions/authenticate',
      { session_duration_minutes: minutes },
      signedIn.cookie,
    );
    assert.equal(late.status, 401, JSON.stringify(late.body));
    assert.equal(late.body.error_type, 'session_not_found');
  });

  test('signing out still ends the session at once', async () => {
    const phone = '+14155550852';
    const signedIn = await signInFromPage(server, phone, await pageSessionMinutes(server));
    await server.setInvited(phone, true);
    assert.equal((await server.get(PRIVATE_CHUNK, { cookie: signedIn.cookie })).status, 200);
    const out = await pageCall(server, '/sessions/revoke', {}, signedIn.cookie);
    assert.equal(out.status, 200, JSON.stringify(out.body));
    assert.match(out.setCookie, /^velvet_site_session=; Path=\/; Max-Age=0;/);
    assert.equal((await server.get(PRIVATE_CHUNK, { cookie: signedIn.cookie })).status, 401);
    const gone = await pageCall(server, '/sessions/authenticate', {}, signedIn.cookie);
    assert.equal(gone.status, 401, JSON.stringify(gone.body));
    assert.equal(gone.body.error_type, 'session_not_found');
  });

  test("the site's project takes up to the guests' length, another project keeps 7 days", async () => {
    const minutes = await pageSessionMinutes(server);
    const over = await signInFromPage(server, '+14155550853', minutes + 1);
    assert.equal(over.status, 400);
    assert.equal(over.body.error_type, 'session_duration_too_long');
    assert.equal(over.body.max_session_duration_minutes, minutes);

    const other = await signInFromPage(server, '+14155550854', minutes, OTHER_TEST_TOKEN);
    assert.equal(other.status, 400);
    assert.equal(other.body.max_session_duration_minutes, 7 * 24 * 60);
    const week = await signInFromPage(server, '+14155550855', 7 * 24 * 60, OTHER_TEST_TOKEN);
    assert.equal(week.status, 200, JSON.stringify(week.body));
  });
});

describe('hosts set how long guests stay signed in', () => {
  let server: SiteTestServer;
  before(async () => {
    server = await startSiteTestServer(siteFolder(), { sessions: { siteGuestDurationDays: 2 } });
  });
  after(async () => {
    await server?.close();
  });

  test('with siteGuestDurationDays 2 the page asks for 2 days, and the session ends then', async () => {
    const phone = '+14155550856';
    const minutes = await pageSessionMinutes(server);
    assert.equal(minutes, 2 * 24 * 60);
    const signedIn = await signInFromPage(server, phone, minutes);
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    await server.setInvited(phone, true);
    server.clock.advance(DAY);
    assert.equal((await server.get(PRIVATE_CHUNK, { cookie: signedIn.cookie })).status, 200);
    server.clock.advance(DAY);
    assert.equal((await server.get(PRIVATE_CHUNK, { cookie: signedIn.cookie })).status, 401);
    // Shorter than the usual maximum, which stays as configured (7 days).
    const week = await signInFromPage(server, '+14155550857', 7 * 24 * 60);
    assert.equal(week.status, 200, JSON.stringify(week.body));
  });
});
