/**
 * The site's privacy rules on a real server: the page and its public assets for anyone; the
 * invitation's chunk and the photos only for a live session of an invited guest of the site's
 * project; `noindex, nofollow` on every response.
 */
import assert from 'node:assert/strict';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import {
  OTHER_TEST_TOKEN,
  SITE_TEST_TOKEN,
  type SiteTestServer,
  startSiteTestServer,
  writeSiteFolder,
} from './site-test-server.js';

const PRIVATE_CHUNK = '/private/Invitation-AbCdEf12.js';
const PHOTO = '/pair-photobooth-1.jpg';
const PUBLIC_CHUNK = '/assets/index-Zy98XwVu.js';
const SECRET = 'export default "the private invitation";';

const INVITED = '+14155550701';
const UNINVITED = '+14155550702';
const NO_FLAG = '+14155550703';

/** The server's own HttpOnly session cookie, beside others a page may have. */
function cookie(token: string): Record<string, string> {
  return {
    cookie: `other=1; velvet_site_session=${encodeURIComponent(token)}; velvet_session_jwt=x`,
  };
}

/** Only the cookie the client library writes from page script. */
function pageScriptCookie(token: string): Record<string, string> {
  return { cookie: `velvet_session=${encodeURIComponent(token)}` };
}

describe('the invitation site', () => {
  let server: SiteTestServer;
  let invitedToken: string;

  before(async () => {
    const index = `<!doctype html><html lang="en"><head><title>A private invitation</title>
<meta name="robots" content="noindex, nofollow">
<meta property="og:image" content="__VELVET_PUBLIC_URL__/preview-card.jpg">
<meta name="velvet-public-token" content="__VELVET_PUBLIC_TOKEN__"></head>
<body><div id="root"></div><script type="module" src="${PUBLIC_CHUNK}"></script></body></html>`;
    const publicChunk = 'import("../private/Invitation-AbCdEf12.js");';
    server = await startSiteTestServer(
      writeSiteFolder({
        'index.html': index,
        [PUBLIC_CHUNK.slice(1)]: publicChunk,
        [`${PUBLIC_CHUNK.slice(1)}.br`]: brotliCompressSync(publicChunk),
        'preview-card.jpg': 'generic image',
        [PRIVATE_CHUNK.slice(1)]: SECRET,
        [`photos${PHOTO}`]: 'photo bytes',
        // A public file by the photo's name must not shadow the private one.
        [PHOTO.slice(1)]: 'public impostor',
      }),
    );
    invitedToken = await server.signIn(INVITED);
    await server.setInvited(INVITED, true);
    await server.signIn(UNINVITED);
    await server.setInvited(UNINVITED, false);
  });

  after(async () => {
    await server?.close();
  });

  test('the page carries the site project token, the public URL and noindex', async () => {
    const response = await server.get('/');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(response.headers.get('x-robots-tag'), 'noindex, nofollow');
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    const html = await response.text();
    assert.ok(html.includes(`content="${SITE_TEST_TOKEN}"`));
    assert.ok(html.includes('content="http://party.velvet.test/preview-card.jpg"'));
    assert.ok(html.includes('<meta name="robots" content="noindex, nofollow">'));
    assert.ok(!html.includes('__VELVET_'));
    assert.equal((await server.get('/index.html')).status, 200);
  });

  test('public assets are served to anyone, compressed when asked, cached when hashed', async () => {
    const plain = await server.get(PUBLIC_CHUNK);
    assert.equal(plain.status, 200);
    assert.match(plain.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(plain.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(plain.headers.get('x-robots-tag'), 'noindex, nofollow');
    assert.ok((await plain.text()).includes('Invitation-AbCdEf12.js'));

    // node:http leaves the body as it came, compressed.
    const raw = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(
        `${server.url}${PUBLIC_CHUNK}`,
        { headers: { 'accept-encoding': 'gzip, br' } },
        resolve,
      ).on('error', reject),
    );
    assert.equal(raw.headers['content-encoding'], 'br');
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    assert.ok(
      brotliDecompressSync(Buffer.concat(chunks)).toString().includes('Invitation-AbCdEf12.js'),
    );
  });

  for (const path of [PRIVATE_CHUNK, PHOTO]) {
    describe(`${path} (private)`, () => {
      test('is refused without a cookie', async () => {
        const response = await server.get(path);
        assert.equal(response.status, 401);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        assert.equal(response.headers.get('x-robots-tag'), 'noindex, nofollow');
        const text = await response.text();
        assert.ok(!text.includes('private invitation') && !text.includes('photo bytes'));
      });

      test('is refused with a made-up session token or a JWT', async () => {
        assert.equal((await server.get(path, cookie('not-a-session'))).status, 401);
        assert.equal((await server.get(path, cookie('a'.repeat(43)))).status, 401);
        assert.equal((await server.get(path, cookie('eyJhbGciOi.eyJzdWIi.c2ln'))).status, 401);
        assert.equal((await server.get(path, { cookie: 'velvet_site_session=' })).status, 401);
      });

      test('is refused to the cookie page script writes (velvet_session), even of a guest', async () => {
        assert.equal((await server.get(path, pageScriptCookie(invitedToken))).status, 401);
      });

      test('on https only the __Host- cookie opens it', async () => {
        const https = { 'x-forwarded-proto': 'https' };
        const hostCookie = `__Host-velvet_site_session=${encodeURIComponent(invitedToken)}`;
        assert.equal((await server.get(path, { ...https, ...cookie(invitedToken) })).status, 401);
        assert.equal((await server.get(path, { ...https, cookie: hostCookie })).status, 200);
        assert.equal((await server.get(path, { cookie: hostCookie })).status, 401);
      });

      test('is refused to a signed-in user who is not invited, or has no flag', async () => {
        const uninvited = await server.signIn(UNINVITED);
        assert.equal((await server.get(path, cookie(uninvited))).status, 401);
        const noFlag = await server.signIn(NO_FLAG);
        await server.setInvited(NO_FLAG, undefined);
        assert.equal((await server.get(path, cookie(noFlag))).status, 401);
      });

      test('is refused to the session of another project, even of an invited phone', async () => {
        const other = await server.signIn(INVITED, OTHER_TEST_TOKEN);
        assert.equal((await server.get(path, cookie(other))).status, 401);
      });

      test('is served to an invited guest, privately and revalidated', async () => {
        const response = await server.get(path, cookie(invitedToken));
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('cache-control'), 'private, no-cache');
        assert.match(response.headers.get('vary') ?? '', /cookie/);
        assert.equal(response.headers.get('x-robots-tag'), 'noindex, nofollow');
        const body = await response.text();
        assert.equal(body, path === PHOTO ? 'photo bytes' : SECRET);

        const etag = response.headers.get('etag') ?? '';
        const again = await server.get(path, { ...cookie(invitedToken), 'if-none-match': etag });
        assert.equal(again.status, 304);
        // The validator opens nothing without the session.
        assert.equal((await server.get(path, { 'if-none-match': etag })).status, 401);
      });
    });
  }

  test('a revoked session, and one whose guest was taken off the list, lose access', async () => {
    const phone = '+14155550704';
    const token = await server.signIn(phone);
    await server.setInvited(phone, true);
    assert.equal((await server.get(PHOTO, cookie(token))).status, 200);
    await server.setInvited(phone, false);
    assert.equal((await server.get(PHOTO, cookie(token))).status, 401);
    await server.setInvited(phone, true);
    assert.equal((await server.get(PHOTO, cookie(token))).status, 200);
    await server.revoke(token);
    assert.equal((await server.get(PHOTO, cookie(token))).status, 401);
    assert.equal((await server.get(PRIVATE_CHUNK, cookie(token))).status, 401);
  });

  test('a session authenticated from the site sets the HttpOnly cookie that opens it; revoke clears it', async () => {
    const phone = '+14155550706';
    const token = await server.signIn(phone);
    await server.setInvited(phone, true);
    const call = (path: string, body: unknown) =>
      fetch(`${server.url}/sdk/v1${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${SITE_TEST_TOKEN}:${token}`).toString('base64')}`,
          'content-type': 'application/json',
          // The site's public origin, as the proxy in front passes it on.
          origin: 'http://party.velvet.test',
          'x-forwarded-host': 'party.velvet.test',
        },
        body: JSON.stringify(body),
      });
    const authenticated = await call('/sessions/authenticate', {});
    assert.equal(authenticated.status, 200);
    const setCookie = authenticated.headers.get('set-cookie') ?? '';
    assert.match(
      setCookie,
      /^velvet_site_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/,
    );
    const pair = setCookie.split(';')[0] ?? '';
    assert.equal((await server.get(PHOTO, { cookie: pair })).status, 200);
    const revoked = await call('/sessions/revoke', {});
    assert.equal(revoked.status, 200);
    assert.equal(
      revoked.headers.get('set-cookie'),
      'velvet_site_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    assert.equal((await server.get(PHOTO, { cookie: pair })).status, 401);
  });

  test('an expired session loses access', async () => {
    const phone = '+14155550705';
    const token = await server.signIn(phone);
    await server.setInvited(phone, true);
    assert.equal((await server.get(PRIVATE_CHUNK, cookie(token))).status, 200);
    server.clock.advance(61 * 60_000);
    assert.equal((await server.get(PRIVATE_CHUNK, cookie(token))).status, 401);
    server.clock.advance(-61 * 60_000);
  });

  test('unknown paths are 404 with noindex, and the API keeps its own answers', async () => {
    const missing = await server.get('/nothing-here.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('x-robots-tag'), 'noindex, nofollow');
    assert.equal(
      (await server.get('/private/Other-AbCdEf12.js', cookie(invitedToken))).status,
      404,
    );
    const api = await server.get('/sdk/v1/nope');
    assert.equal(api.status, 404);
    assert.equal((await api.json()).error_type, 'not_found');
    const health = await server.get('/healthz');
    assert.equal(health.status, 200);
    assert.equal(health.headers.get('x-robots-tag'), 'noindex, nofollow');
  });
});
