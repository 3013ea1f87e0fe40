/**
 * The invitation site behind `deploy/nginx/velvet.conf` (TLS with a self-signed certificate,
 * `X-Forwarded-For`, `X-Forwarded-Proto`, `Host`; one of its two upstream processes running),
 * the server on loopback with `TRUST_PROXY=1` as docs/production.md sets it: a
 * guest signs in over https and sees the invitation, with the session cookie `Secure`; an
 * `X-Forwarded-For` a client writes itself does not change the address the server counts it by,
 * which is the one nginx saw; and plain http is redirected to https.
 */
import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import { expect, test } from '@playwright/test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../server/config/config.js';
import { freePort } from '../server/test/ports.js';
import { invitation } from '../site/content/invitation.js';
import { type NginxProxy, startNginx } from './support/nginx-proxy.js';
import { requestCode, typeCode } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

/** An address a client claims in its own `X-Forwarded-For`. */
const SPOOFED = '203.0.113.66';

let proxy: NginxProxy | undefined;
let site: SiteServer | undefined;

test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  const port = await freePort();
  proxy = await startNginx(port);
  site = await startSite({ port, env: { PUBLIC_URL: proxy.url, TRUST_PROXY: '1' } });
});

test.afterAll(async () => {
  await site?.stop();
  await proxy?.stop();
});

function running(): { proxy: NginxProxy; site: SiteServer } {
  if (!proxy || !site) throw new Error('nginx or the server did not start');
  return { proxy, site };
}

/**
 * `POST /sdk/v1{path}` through nginx as the development project, from the local address `from`
 * (another loopback address than nginx's own), with `headers`; the answer's `data`.
 */
function postThroughProxy(
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string>,
): Promise<{ status: number; data: Record<string, unknown> }> {
  const { proxy } = running();
  const auth = Buffer.from(`${DEVELOPMENT_PUBLIC_TOKEN}:${DEVELOPMENT_PUBLIC_TOKEN}`);
  return new Promise((resolve, reject) => {
    const call = request(
      `${proxy.url}/sdk/v1${path}`,
      {
        method: 'POST',
        localAddress: from,
        // The proxy's certificate is self-signed: this client trusts it as the browser is told to.
        rejectUnauthorized: false,
        headers: {
          authorization: `Basic ${auth.toString('base64')}`,
          'content-type': 'application/json',
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const parsed = JSON.parse(text) as { data?: Record<string, unknown> };
          resolve({ status: response.statusCode ?? 0, data: parsed.data ?? parsed });
        });
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify(body));
  });
}

test('a guest signs in over https through nginx and sees the invitation; the cookie is Secure', async ({
  page,
}) => {
  const { proxy, site } = running();
  const phone = '+14155550901';
  site.guests('add', phone, 'Grace Hopper');
  // Every request of this browser claims an address of its choosing.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': SPOOFED });

  await page.goto(proxy.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Do we know you?' })).toBeVisible();
  await requestCode(page, phone);
  await typeCode(page, await site.velvet.lastCode(phone));
  const names = page.getByRole('heading', { level: 1, name: invitation.names });
  await expect(names).toBeVisible();
  await expect(page.getByText(invitation.tagline)).toBeVisible();

  const cookie = (await page.context().cookies()).find(
    (candidate) => candidate.name === '__Host-velvet_site_session',
  );
  expect(cookie, 'the session cookie of an https origin').toMatchObject({
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
  });
  await page.reload();
  await expect(names).toBeVisible();

  // The session records the browser's own address, not the one it claimed.
  const token = decodeURIComponent(cookie?.value ?? '');
  const session = await site.api('/sessions/authenticate', token);
  expect(session.status).toBe(200);
  expect(session.body).toMatchObject({ session: { attributes: { ip_address: '127.0.0.1' } } });
  // So does every request line of the log.
  const requests = site.velvet
    .log()
    .filter((line) => line.includes('"remoteAddress"'))
    .map((line) => (JSON.parse(line) as { req: { remoteAddress: string } }).req.remoteAddress);
  expect(requests.length).toBeGreaterThan(0);
  expect(new Set(requests)).toEqual(new Set(['127.0.0.1']));
});

test('through nginx a client is the address nginx saw, whatever X-Forwarded-For it wrote', async () => {
  const { site } = running();
  // nginx reaches the server from 127.0.0.1; this client reaches nginx from 127.0.0.5.
  const client = '127.0.0.5';
  const phone = '+14155550902';
  const spoof = { 'x-forwarded-for': SPOOFED };
  const sent = await postThroughProxy(
    '/otps/sms/login_or_create',
    { phone_number: phone },
    client,
    spoof,
  );
  expect(sent.status).toBe(200);
  // The request's id is nginx's own ($request_id), in the answer and in the server's log line.
  const id = String(sent.data.request_id);
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  // The line is written once the answer has gone, and read from the server's stdout: wait for it.
  await expect
    .poll(() => site.velvet.log().some((line) => line.includes(`"reqId":"${id}"`)), {
      timeout: 15_000,
    })
    .toBe(true);
  const signedIn = await postThroughProxy(
    '/otps/authenticate',
    { token: await site.velvet.lastCode(phone), method_id: sent.data.method_id },
    client,
    { 'x-forwarded-for': `${SPOOFED}, 198.51.100.1` },
  );
  expect(signedIn.status).toBe(200);
  expect(signedIn.data).toMatchObject({ session: { attributes: { ip_address: client } } });
});

test('plain http is redirected to the same path on https', async () => {
  const { proxy } = running();
  const answer = await new Promise<{ status: number; location: string | undefined }>(
    (resolve, reject) => {
      const call = httpRequest(`${proxy.httpUrl}/some/page?x=1`, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      });
      call.on('error', reject);
      call.end();
    },
  );
  expect(answer.status).toBe(301);
  expect(answer.location).toBe('https://localhost/some/page?x=1');
});

/** `GET path` through nginx over https; the answer's status. */
function getThroughProxy(path: string): Promise<number> {
  const { proxy } = running();
  return new Promise((resolve, reject) => {
    const call = request(`${proxy.url}${path}`, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.on('error', reject);
    call.end();
  });
}

test('nginx logs no query string and keeps /metrics and /readyz to the machine', async () => {
  const { proxy, site } = running();
  // A landing page's single-use token, as an OAuth return or a magic link brings it.
  const token = 'landing-token-5c0f1e9a7d';
  await getThroughProxy(`/oauth/landing?stytch_token_type=oauth&token=${token}`);
  await expect
    .poll(() => proxy.accessLog().some((line) => line.includes('/oauth/landing')))
    .toBe(true);
  expect(proxy.accessLog().join('\n')).not.toContain(token);
  // The operators' endpoints answer on the process itself, not through the public site.
  expect(await getThroughProxy('/metrics')).toBe(404);
  expect(await getThroughProxy('/readyz')).toBe(404);
  expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
});
