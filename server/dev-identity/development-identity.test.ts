/**
 * The development identity provider over HTTP on a real server: every one of the 19 providers
 * signs a new user up and the same person in again through the stand-in's own pages and
 * endpoints (in each provider's protocol shape, read by the real OAuth product), and what it
 * refuses: an unknown app, a redirect URI other than the server's callback, a code replayed,
 * expired or exchanged with the wrong verifier, secret or redirect URI. Production has none of it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OAUTH_PROVIDERS } from '../../widget/client/oauth-provider-names.js';
import { s256 } from '../keys/pkce.js';
import { pkcePair } from '../products/oauth/testing/oauth-browser.js';
import { startTestServer, TEST_PUBLIC_TOKEN, type TestServer } from '../test/test-server.js';
import { CODE_TTL_MS } from './authorization-codes.js';

const VELVET = 'http://velvet.test';
const LOGIN_URL = 'http://app.velvet.test/signed-in';
const SIGNUP_URL = 'http://app.velvet.test/welcome';

/** Every provider set to the stand-in, each app with its own id and secret. */
const providers = Object.fromEntries(
  OAUTH_PROVIDERS.map((name) => [
    name,
    { clientId: `dev-${name}-client`, clientSecret: `dev-${name}-secret`, development: true },
  ]),
);

/** Providers whose API shares no email (their readers read none). */
const NO_EMAIL = new Set(['twitter', 'tiktok', 'snapchat']);
/** Providers whose API does not say the email is verified (their readers never trust it). */
const UNVERIFIED = new Set(['facebook', 'amazon', 'coinbase', 'figma']);

/** The hidden fields and action of the `index`th form of `html`. */
function formOf(html: string, index = 0): { action: string; fields: URLSearchParams } {
  const form = [...html.matchAll(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)][index];
  assert.ok(form, `no form ${index} in ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields.set(input[1] ?? '', decode(input[2] ?? ''));
  }
  return { action: decode(form[1] ?? ''), fields };
}
function decode(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

describe('the development identity provider', () => {
  let server: TestServer;
  const local = (url: string) => url.replace(VELVET, server.url);

  before(async () => {
    server = await startTestServer({
      project: {
        products: ['oauth', 'otp'],
        oauth: { providers, loginRedirectURLs: [LOGIN_URL], signupRedirectURLs: [SIGNUP_URL] },
      },
    });
  });
  after(() => server.close());

  /** `GET /public/oauth/{provider}/start`: the stand-in's authorization URL. */
  async function start(provider: string, challenge: string): Promise<string> {
    const url = new URL(`${server.url}/sdk/v1/public/oauth/${provider}/start`);
    url.searchParams.set('public_token', TEST_PUBLIC_TOKEN);
    url.searchParams.set('code_challenge', challenge);
    const started = await fetch(url, { redirect: 'manual' });
    assert.equal(started.status, 302, await started.text());
    return started.headers.get('location') ?? '';
  }

  /** Picks `person` on the stand-in's page and follows the return to Velvet: where it lands. */
  async function signIn(provider: string, person: Record<string, string>) {
    const { verifier, challenge } = pkcePair();
    const authorize = await start(provider, challenge);
    assert.ok(authorize.startsWith(`${VELVET}/dev/identity/${provider}/authorize?`), authorize);
    const page = await fetch(local(authorize));
    const html = await page.text();
    assert.equal(page.status, 200, html);
    assert.match(html, /<h1>Development sign-in: not the real [^<]+<\/h1>/);
    const typed = formOf(html, 1);
    for (const [name, value] of Object.entries(person)) typed.fields.set(name, value);
    const chosen = await fetch(`${server.url}${typed.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: typed.fields,
    });
    const returned = await chosen.text();
    assert.equal(chosen.status, 200, returned);
    const landed = await followReturn(returned);
    assert.equal(landed.status, 302, await landed.clone().text());
    return { target: new URL(landed.headers.get('location') ?? ''), verifier };
  }

  /** Follows the return page to Velvet's callback, as its script does. */
  async function followReturn(html: string): Promise<Response> {
    const link = /<a href="([^"]+)" data-return>/.exec(html)?.[1];
    if (link) return fetch(local(decode(link)), { redirect: 'manual' });
    const form = formOf(html);
    return fetch(local(form.action), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.fields,
    });
  }

  async function authenticate(target: URL, verifier: string) {
    const answer = await server.api('/oauth/authenticate', {
      body: { token: target.searchParams.get('token'), code_verifier: verifier },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  }

  for (const provider of OAUTH_PROVIDERS) {
    test(`${provider}: a new person signs up, then signs in again as the same user`, async () => {
      const person = {
        name: `Test ${provider}`,
        email: `${provider}@example.com`,
        email_verified: 'on',
      };
      const first = await signIn(provider, person);
      assert.equal(`${first.target.origin}${first.target.pathname}`, SIGNUP_URL);
      const created = await authenticate(first.target, first.verifier);
      assert.match(created.provider_subject, /dev-[0-9a-f]{24}/);
      // The email as the provider's shape carries it: vouched for, shared unverified, or absent.
      const emails = created.user.emails.map((e: { email: string; verified: boolean }) => [
        e.email,
        e.verified,
      ]);
      if (NO_EMAIL.has(provider)) assert.deepEqual(emails, []);
      else assert.deepEqual(emails, [[person.email, !UNVERIFIED.has(provider)]]);
      assert.equal(created.user.name.first_name, 'Test');
      assert.equal(created.user.name.last_name, provider);

      const second = await signIn(provider, person);
      assert.equal(`${second.target.origin}${second.target.pathname}`, LOGIN_URL);
      const again = await authenticate(second.target, second.verifier);
      assert.equal(again.user_id, created.user_id);
      assert.equal(again.provider_subject, created.provider_subject);
    });
  }

  /** Posts the stand-in's form for `params` with a preset person: the return page's code. */
  async function authorizeDirectly(provider: string, params: Record<string, string>) {
    const response = await fetch(`${server.url}/dev/identity/${provider}/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, preset: '0' }),
    });
    return { status: response.status, html: await response.text() };
  }

  test('refuses an unknown app and a redirect URI other than the callback: no redirect, no code', async () => {
    const callback = `${VELVET}/sdk/v1/public/oauth/github/callback`;
    const valid = { client_id: 'dev-github-client', redirect_uri: callback, response_type: 'code' };
    for (const [params, reason] of [
      [{ ...valid, client_id: 'someone-else' }, /No project sets up github/],
      [
        { ...valid, redirect_uri: 'https://attacker.test/steal' },
        /must be this server.{1,5}s own OAuth callback/,
      ],
      [{ ...valid, redirect_uri: `${callback}?next=https://attacker.test` }, /own OAuth callback/],
    ] as const) {
      const url = `${server.url}/dev/identity/github/authorize?${new URLSearchParams(params)}`;
      const page = await fetch(url, { redirect: 'manual' });
      const html = await page.text();
      assert.equal(page.status, 400);
      assert.equal(page.headers.get('location'), null);
      assert.match(html, reason);
      const posted = await authorizeDirectly('github', params);
      assert.equal(posted.status, 400);
      assert.doesNotMatch(posted.html, /code=|data-return/);
    }
    // A provider that takes PKCE refuses a request without an S256 challenge.
    const google = {
      client_id: 'dev-google-client',
      redirect_uri: `${VELVET}/sdk/v1/public/oauth/google/callback`,
      response_type: 'code',
    };
    const bare = await authorizeDirectly('google', google);
    assert.equal(bare.status, 400);
    assert.match(bare.html, /requires an S256 PKCE code_challenge/);
  });

  test('Cancel answers access_denied, and a typed person without a name gets the page again, with no code', async () => {
    const { challenge } = pkcePair();
    const authorize = await start('discord', challenge);
    const html = await (await fetch(local(authorize))).text();
    const presets = formOf(html, 0);
    presets.fields.set('decision', 'deny');
    const post = (fields: URLSearchParams) =>
      fetch(`${server.url}${presets.action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields,
      });
    const typed = formOf(html, 1);
    typed.fields.set('name', '  ');
    typed.fields.set('email', 'not-an-email');
    const again = await post(typed.fields);
    const page = await again.text();
    assert.equal(again.status, 400);
    assert.match(page, /role="alert" id="problem">Type a name/);
    assert.doesNotMatch(page, /data-return/);

    const denied = await post(presets.fields);
    const returned = await denied.text();
    assert.match(returned, /error=access_denied/);
    const landed = await followReturn(returned);
    assert.equal(landed.headers.get('location'), null);
    assert.match(
      await landed.text(),
      /data-error-type="oauth_provider_error"[^>]*>Sign-in was cancelled/,
    );
  });

  test('a code works once, for its app (secret as the provider takes it), redirect URI and PKCE verifier, for two minutes', async () => {
    const redirect = `${VELVET}/sdk/v1/public/oauth/gitlab/callback`;
    const verifier = 'v'.repeat(43);
    const issue = async () => {
      const { html } = await authorizeDirectly('gitlab', {
        client_id: 'dev-gitlab-client',
        redirect_uri: redirect,
        response_type: 'code',
        code_challenge: s256(verifier),
        code_challenge_method: 'S256',
        nonce: 'n-1',
      });
      const link = decode(/<a href="([^"]+)" data-return>/.exec(html)?.[1] ?? '');
      return new URL(link).searchParams.get('code') ?? '';
    };
    // GitLab takes client_secret_basic.
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`dev-gitlab-client:${secret}`).toString('base64')}`;
    const exchange = (code: string, fields: Record<string, string>, authorization: string) =>
      fetch(`${server.url}/dev/identity/gitlab/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirect,
          code_verifier: verifier,
          ...fields,
        }),
      });
    const code = await issue();
    const refused = async (response: Response, status: number, error: string) => {
      assert.equal(response.status, status);
      assert.equal((await response.json()).error, error);
    };
    await refused(
      await exchange(code, { code_verifier: 'w'.repeat(43) }, basic('dev-gitlab-secret')),
      400,
      'invalid_grant',
    );
    await refused(
      await exchange(code, { redirect_uri: `${redirect}x` }, basic('dev-gitlab-secret')),
      400,
      'invalid_grant',
    );
    await refused(await exchange(code, {}, basic('wrong-secret')), 401, 'invalid_client');
    // The secret in the form, where GitLab takes it in the header.
    await refused(
      await exchange(
        code,
        { client_id: 'dev-gitlab-client', client_secret: 'dev-gitlab-secret' },
        '',
      ),
      401,
      'invalid_client',
    );
    // The refusals left the code as it was: the right request gets the tokens, once.
    const ok = await exchange(code, {}, basic('dev-gitlab-secret'));
    assert.equal(ok.status, 200);
    const tokens = await ok.json();
    assert.equal(tokens.token_type, 'Bearer');
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1], 'base64url').toString());
    assert.equal(claims.iss, `${VELVET}/dev/identity/gitlab`);
    assert.equal(claims.aud, 'dev-gitlab-client');
    assert.equal(claims.nonce, 'n-1');
    assert.equal(claims.email, 'ada@example.com');
    const jwks = await (await fetch(`${server.url}/dev/identity/jwks`)).json();
    assert.equal(
      jwks.keys[0].kid,
      JSON.parse(Buffer.from(tokens.id_token.split('.')[0], 'base64url').toString()).kid,
    );
    await refused(await exchange(code, {}, basic('dev-gitlab-secret')), 400, 'invalid_grant');

    const late = await issue();
    server.clock.advance(CODE_TTL_MS + 1);
    await refused(await exchange(late, {}, basic('dev-gitlab-secret')), 400, 'invalid_grant');
  });
});

describe('Google One Tap through the development identity provider', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        products: ['oauth'],
        oauth: { providers, loginRedirectURLs: [LOGIN_URL], signupRedirectURLs: [SIGNUP_URL] },
      },
    });
  });
  after(() => server.close());

  test('start names the development script; its ID token (development key, issuer, client id, nonce) signs in', async () => {
    const started = await server.api('/oauth/google/onetap/start');
    assert.equal(started.status, 200);
    assert.equal(started.body.development_script_url, `${VELVET}/dev/identity/google/gsi/client`);
    const script = await fetch(`${server.url}/dev/identity/google/gsi/client`);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    const source = await script.text();
    assert.match(source, /label: 'Development'/);
    assert.match(source, /google\.accounts\.id = \{/);

    const issue = (body: unknown) =>
      fetch(`${server.url}/dev/identity/google/gsi/issue`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://app.velvet.test' },
        body: JSON.stringify(body),
      });
    const account = { email: 'ada@example.com', name: 'Ada Lovelace' };
    // Only the project's development client id gets a token.
    const stranger = await issue({ nonce: started.body.nonce, clientId: 'someone', account });
    assert.equal(stranger.status, 400);
    const issued = await issue({
      nonce: started.body.nonce,
      clientId: started.body.google_client_id,
      account,
    });
    assert.equal(issued.status, 200);
    assert.equal(issued.headers.get('access-control-allow-origin'), 'http://app.velvet.test');
    const idToken = await issued.text();
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString());
    assert.equal(claims.iss, `${VELVET}/dev/identity/google`);
    assert.equal(claims.aud, 'dev-google-client');
    assert.equal(claims.nonce, started.body.nonce);

    const { verifier, challenge } = pkcePair();
    const submitted = await server.api('/oauth/google/onetap/submit', {
      body: {
        id_token: idToken,
        oauth_callback_id: started.body.oauth_callback_id,
        pkce_code_challenge: challenge,
      },
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const target = new URL(submitted.body.redirect_url);
    assert.equal(`${target.origin}${target.pathname}`, SIGNUP_URL);
    const answer = await server.api('/oauth/authenticate', {
      body: { token: target.searchParams.get('token'), code_verifier: verifier },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.user.emails[0].email, 'ada@example.com');
    assert.equal(answer.body.user.emails[0].verified, true);
  });
});

describe('the development identity provider in production', () => {
  test('is not served: its paths answer 404, and a provider set to it does not start', async () => {
    const server = await startTestServer({
      config: { production: true },
      project: {
        products: ['oauth', 'otp'],
        oauth: { providers, loginRedirectURLs: [LOGIN_URL] },
      },
    });
    try {
      for (const path of [
        '/dev/identity/jwks',
        '/dev/identity/return.js',
        '/dev/identity/google/.well-known/openid-configuration',
        '/dev/identity/google/authorize?client_id=dev-google-client',
        '/dev/identity/github/user',
      ]) {
        assert.equal((await fetch(`${server.url}${path}`)).status, 404, path);
      }
      for (const path of ['/dev/identity/google/token', '/dev/identity/google/gsi/issue']) {
        assert.equal((await fetch(`${server.url}${path}`, { method: 'POST' })).status, 404, path);
      }
      assert.equal((await fetch(`${server.url}/dev/identity/google/gsi/client`)).status, 404);
      // One Tap names no development script, and no development token would pass.
      const oneTap = await server.api('/oauth/google/onetap/start');
      assert.equal(oneTap.status, 200);
      assert.equal(oneTap.body.development_script_url, undefined);
      const url = new URL(`${server.url}/sdk/v1/public/oauth/google/start`);
      url.searchParams.set('public_token', TEST_PUBLIC_TOKEN);
      url.searchParams.set('code_challenge', pkcePair().challenge);
      const started = await fetch(url, { redirect: 'manual' });
      assert.equal(started.headers.get('location'), null);
      assert.match(await started.text(), /data-error-type="oauth_provider_not_configured"/);
    } finally {
      await server.close();
    }
  });
});
