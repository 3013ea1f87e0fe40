import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { mintImpersonationToken } from '../../cli/impersonation.js';
import { assertApiError } from '../../test/api-assertions.js';
import {
  signInBySms,
  startTestServer,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../../test/test-server.js';

const ISSUER = `http://velvet.test/oauth/${TEST_PUBLIC_TOKEN}`;
const SPA = 'party-planner';
const SPA_CALLBACK = 'https://planner.example/callback';
const SPA_LOGOUT = 'https://planner.example/signed-out';
const SERVER_APP = 'guest-list-server';
const SERVER_CALLBACK = 'https://guests.example/oauth/callback';
const SERVER_SECRET = 'a-long-client-secret-for-the-guest-list-server';
const VERIFIER = `${'v'.repeat(20)}erifier-0123456789-abcdefghijklmno`;
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

/** Calls a standard endpoint (not `/sdk/v1`). */
async function call(
  server: TestServer,
  path: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer read by the test.
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${server.url}/oauth/${TEST_PUBLIC_TOKEN}${path}`, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers: {
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...init.headers,
    },
    ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, body };
}

describe('Velvet as an OpenID Connect provider', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        idp: {
          clients: [
            {
              clientId: SPA,
              clientName: 'Party Planner',
              type: 'public',
              redirectUris: [SPA_CALLBACK],
              postLogoutRedirectUris: [SPA_LOGOUT],
              allowedOrigins: ['https://app.planner.example'],
            },
            {
              clientId: SERVER_APP,
              type: 'confidential',
              clientSecretSha256: createHash('sha256').update(SERVER_SECRET).digest('hex'),
              redirectUris: [SERVER_CALLBACK],
              scopes: ['openid', 'email', 'phone', 'guests:read'],
            },
          ],
        },
      },
    });
  });
  after(() => server.close());

  /** Signs in, consents and returns the code's redirect. */
  async function authorize(
    token: string,
    extra: Record<string, unknown> = {},
  ): Promise<{ redirect: URL; code: string }> {
    const answer = await server.api('/oauth/authorize', {
      secret: token,
      body: {
        client_id: SPA,
        redirect_uri: SPA_CALLBACK,
        response_type: 'code',
        scopes: ['openid', 'phone', 'offline_access'],
        consent_granted: true,
        state: 'state-1',
        nonce: 'nonce-1',
        code_challenge: CHALLENGE,
        ...extra,
      },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return { redirect: new URL(answer.body.redirect_uri), code: answer.body.authorization_code };
  }

  function exchange(code: string, verifier = VERIFIER) {
    return call(server, '/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: SPA_CALLBACK,
        code_verifier: verifier,
        client_id: SPA,
      },
    });
  }

  test('discovery names every endpoint under the issuer, and the JWKS holds RS256 and ES256 keys', async () => {
    const discovery = await call(server, '/.well-known/openid-configuration');
    assert.equal(discovery.status, 200);
    assert.equal(discovery.body.issuer, ISSUER);
    assert.equal(discovery.body.authorization_endpoint, `${ISSUER}/authorize`);
    assert.equal(discovery.body.token_endpoint, `${ISSUER}/token`);
    assert.equal(discovery.body.userinfo_endpoint, `${ISSUER}/userinfo`);
    assert.equal(discovery.body.end_session_endpoint, `${ISSUER}/logout`);
    assert.deepEqual(discovery.body.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(discovery.body.id_token_signing_alg_values_supported, ['RS256', 'ES256']);
    const jwks = await call(server, '/jwks');
    assert.deepEqual(
      // biome-ignore lint/suspicious/noExplicitAny: a JWK read by the test.
      jwks.body.keys.map((key: any) => key.alg).sort(),
      ['ES256', 'RS256'],
    );
    const unknown = await fetch(`${server.url}/oauth/public-token-test-nobody-at-all/jwks`);
    assert.equal(unknown.status, 404);
  });

  test('the authorization endpoint is a page that mounts the consent widget', async () => {
    const response = await fetch(`${server.url}/oauth/${TEST_PUBLIC_TOKEN}/authorize?client_id=x`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(response.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const html = await response.text();
    assert.match(html, /<velvet-identity-provider public-token="public-token-test-/);
    assert.match(html, /src="\/widget\/identity-provider.js"/);
  });

  test('preflight: client and redirect URI are checked before the session, then consent is asked once', async () => {
    const body = {
      client_id: SPA,
      redirect_uri: SPA_CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email', 'admin'],
    };
    assertApiError(
      await server.api('/oauth/authorize/start', { body: { ...body, client_id: 'nobody' } }),
      404,
      'connected_app_not_found',
    );
    assertApiError(
      await server.api('/oauth/authorize/start', {
        body: { ...body, redirect_uri: `${SPA_CALLBACK}/x` },
      }),
      400,
      'invalid_redirect_uri',
    );
    assertApiError(
      await server.api('/oauth/authorize/start', { body }),
      401,
      'user_unauthenticated',
    );
    assertApiError(
      await server.api('/oauth/authorize/start', { body: { ...body, client_id: undefined } }),
      400,
      'schema_error',
    );

    const user = await signInBySms(server, '+14155550901');
    const start = await server.api('/oauth/authorize/start', { body, secret: user.session_token });
    assert.equal(start.status, 200);
    assert.equal(start.body.consent_required, true);
    assert.equal(start.body.user_id, user.user_id);
    assert.deepEqual(start.body.client, {
      client_id: SPA,
      client_name: 'Party Planner',
      client_description: '',
      client_type: 'third_party_public',
    });
    assert.deepEqual(
      start.body.scope_results.map((r: { scope: string; is_grantable: boolean }) => [
        r.scope,
        r.is_grantable,
      ]),
      [
        ['openid', true],
        ['email', true],
        ['admin', false],
      ],
    );
    await authorize(user.session_token, { scopes: ['openid', 'email', 'admin'] });
    const again = await server.api('/oauth/authorize/start', { body, secret: user.session_token });
    assert.equal(again.body.consent_required, false, 'consent is remembered');
    const forced = await server.api('/oauth/authorize/start', {
      body: { ...body, prompt: 'consent' },
      secret: user.session_token,
    });
    assert.equal(forced.body.consent_required, true);
  });

  test('Deny redirects with access_denied and the state; an unregistered redirect URI is refused, not followed', async () => {
    const user = await signInBySms(server, '+14155550902');
    const denied = await server.api('/oauth/authorize', {
      secret: user.session_token,
      body: {
        client_id: SPA,
        redirect_uri: SPA_CALLBACK,
        response_type: 'code',
        scopes: ['openid'],
        consent_granted: false,
        state: 'xyz',
      },
    });
    const url = new URL(denied.body.redirect_uri);
    assert.equal(`${url.origin}${url.pathname}`, SPA_CALLBACK);
    assert.equal(url.searchParams.get('error'), 'access_denied');
    assert.equal(url.searchParams.get('state'), 'xyz');
    assert.equal(url.searchParams.get('code'), null);
    assert.equal(denied.body.authorization_code, undefined);

    const evil = await server.api('/oauth/authorize', {
      secret: user.session_token,
      body: {
        client_id: SPA,
        redirect_uri: 'https://evil.example/callback',
        response_type: 'code',
        scopes: ['openid'],
        consent_granted: true,
        code_challenge: CHALLENGE,
      },
    });
    assertApiError(evil, 400, 'invalid_redirect_uri');
    assert.equal(evil.body.redirect_uri, undefined);

    const noPkce = await server.api('/oauth/authorize', {
      secret: user.session_token,
      body: {
        client_id: SPA,
        redirect_uri: SPA_CALLBACK,
        response_type: 'code',
        scopes: ['openid'],
        consent_granted: true,
      },
    });
    assert.equal(new URL(noPkce.body.redirect_uri).searchParams.get('error'), 'invalid_request');
  });

  test('code with PKCE → ID token with nonce, userinfo, refresh with rotation', async () => {
    const user = await signInBySms(server, '+14155550903');
    const { redirect, code } = await authorize(user.session_token);
    assert.equal(redirect.searchParams.get('state'), 'state-1');
    assert.equal(redirect.searchParams.get('iss'), ISSUER);
    assert.equal(redirect.searchParams.get('code'), code);

    const tokens = await exchange(code);
    assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
    assert.equal(tokens.headers.get('cache-control'), 'no-store');
    assert.equal(tokens.body.token_type, 'Bearer');
    assert.equal(tokens.body.scope, 'openid phone offline_access');
    const jwks = createLocalJWKSet((await call(server, '/jwks')).body);
    const { payload } = await jwtVerify(tokens.body.id_token, jwks, {
      issuer: ISSUER,
      audience: SPA,
      currentDate: new Date(server.clock.now()),
    });
    assert.equal(payload.sub, user.user_id);
    assert.equal(payload.nonce, 'nonce-1');
    assert.equal(payload.phone_number, '+14155550903');

    const info = await call(server, '/userinfo', {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    assert.deepEqual(info.body, {
      sub: user.user_id,
      phone_number: '+14155550903',
      phone_number_verified: true,
    });

    const refreshed = await call(server, '/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: tokens.body.refresh_token,
        client_id: SPA,
      },
    });
    assert.equal(refreshed.status, 200);
    assert.notEqual(refreshed.body.refresh_token, tokens.body.refresh_token);
    const reused = await call(server, '/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: tokens.body.refresh_token,
        client_id: SPA,
      },
    });
    assert.equal(reused.status, 400);
    assert.equal(reused.body.error, 'invalid_grant');
    const afterReuse = await call(server, '/userinfo', {
      headers: { authorization: `Bearer ${refreshed.body.access_token}` },
    });
    assert.equal(afterReuse.status, 401, 'a reused refresh token revokes its whole family');
    assert.match(afterReuse.headers.get('www-authenticate') ?? '', /invalid_token/);
  });

  test('a replayed code fails and revokes what the first exchange issued', async () => {
    const user = await signInBySms(server, '+14155550904');
    const { code } = await authorize(user.session_token);
    const first = await exchange(code);
    assert.equal(first.status, 200);
    const replay = await exchange(code);
    assert.equal(replay.status, 400);
    assert.equal(replay.body.error, 'invalid_grant');
    const info = await call(server, '/userinfo', {
      headers: { authorization: `Bearer ${first.body.access_token}` },
    });
    assert.equal(info.status, 401);
  });

  test('a wrong verifier fails and spends the code; an expired code fails', async () => {
    const user = await signInBySms(server, '+14155550905');
    const { code } = await authorize(user.session_token);
    const wrong = await exchange(code, 'w'.repeat(43));
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'invalid_grant');
    assert.equal((await exchange(code)).body.error, 'invalid_grant');

    const late = await authorize(user.session_token);
    server.clock.advance(2 * 60_000 + 1);
    assert.equal((await exchange(late.code)).body.error, 'invalid_grant');
  });

  test('a confidential client authenticates with client_secret_basic or _post, never without', async () => {
    const user = await signInBySms(server, '+14155550906');
    const code = async () => {
      const answer = await server.api('/oauth/authorize', {
        secret: user.session_token,
        body: {
          client_id: SERVER_APP,
          redirect_uri: SERVER_CALLBACK,
          response_type: 'code',
          scopes: ['openid', 'guests:read'],
          consent_granted: true,
        },
      });
      return answer.body.authorization_code as string;
    };
    const basic = `Basic ${Buffer.from(`${SERVER_APP}:${encodeURIComponent(SERVER_SECRET)}`).toString('base64')}`;
    const viaBasic = await call(server, '/token', {
      form: { grant_type: 'authorization_code', code: await code(), redirect_uri: SERVER_CALLBACK },
      headers: { authorization: basic },
    });
    assert.equal(viaBasic.status, 200, JSON.stringify(viaBasic.body));
    assert.equal(viaBasic.body.scope, 'openid guests:read');
    assert.equal(viaBasic.body.refresh_token, undefined, 'no offline_access, no refresh token');
    const viaPost = await call(server, '/token', {
      form: {
        grant_type: 'authorization_code',
        code: await code(),
        redirect_uri: SERVER_CALLBACK,
        client_id: SERVER_APP,
        client_secret: SERVER_SECRET,
      },
    });
    assert.equal(viaPost.status, 200);
    const wrong = await call(server, '/token', {
      form: {
        grant_type: 'authorization_code',
        code: await code(),
        redirect_uri: SERVER_CALLBACK,
        client_id: SERVER_APP,
        client_secret: 'not-it',
      },
    });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, 'invalid_client');
    const none = await call(server, '/token', {
      form: {
        grant_type: 'authorization_code',
        code: await code(),
        redirect_uri: SERVER_CALLBACK,
        client_id: SERVER_APP,
      },
    });
    assert.equal(none.body.error, 'invalid_client');
  });

  test('connected apps: listed after consent; revoking withdraws consent and the app’s tokens', async () => {
    const user = await signInBySms(server, '+14155550907');
    const { code } = await authorize(user.session_token);
    const tokens = (await exchange(code)).body;
    const list = await server.api('/users/connected_apps', { secret: user.session_token });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.connected_apps.map((app: Record<string, unknown>) => [
        app.connected_app_id,
        app.name,
        app.scopes_granted,
      ]),
      [[SPA, 'Party Planner', 'openid phone offline_access']],
    );
    assertApiError(await server.api('/users/connected_apps'), 401, 'user_unauthenticated');

    const revoked = await server.api(`/users/connected_apps/${SPA}/revoke`, {
      method: 'POST',
      secret: user.session_token,
    });
    assert.equal(revoked.status, 200);
    const after = await server.api('/users/connected_apps', { secret: user.session_token });
    assert.deepEqual(after.body.connected_apps, []);
    const info = await call(server, '/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(info.status, 401);
    const refresh = await call(server, '/token', {
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: SPA },
    });
    assert.equal(refresh.body.error, 'invalid_grant');
    const start = await server.api('/oauth/authorize/start', {
      secret: user.session_token,
      body: {
        client_id: SPA,
        redirect_uri: SPA_CALLBACK,
        response_type: 'code',
        scopes: ['openid'],
      },
    });
    assert.equal(start.body.consent_required, true, 'consent is asked again');
    assertApiError(
      await server.api(`/users/connected_apps/${SPA}/revoke`, {
        method: 'POST',
        secret: user.session_token,
      }),
      404,
      'connected_app_not_found',
    );
  });

  test('logout preflight: exact post-logout URI, the ID token hint checked, confirmation only with a session', async () => {
    const user = await signInBySms(server, '+14155550908');
    const { code } = await authorize(user.session_token);
    const { id_token } = (await exchange(code)).body;
    const body = { client_id: SPA, post_logout_redirect_uri: SPA_LOGOUT, state: 'bye' };
    const withSession = await server.api('/oauth/logout/start', {
      body: { ...body, id_token_hint: id_token },
      secret: user.session_token,
    });
    assert.equal(withSession.status, 200, JSON.stringify(withSession.body));
    assert.equal(withSession.body.consent_required, true);
    assert.equal(withSession.body.redirect_uri, `${SPA_LOGOUT}?state=bye`);
    const without = await server.api('/oauth/logout/start', { body });
    assert.equal(without.body.consent_required, false);
    assertApiError(
      await server.api('/oauth/logout/start', {
        body: { ...body, post_logout_redirect_uri: 'https://evil.example/' },
      }),
      400,
      'invalid_post_logout_redirect_uri',
    );
    assertApiError(
      await server.api('/oauth/logout/start', { body: { ...body, id_token_hint: 'a.b.c' } }),
      400,
      'invalid_id_token_hint',
    );
    const other = await signInBySms(server, '+14155550909');
    assertApiError(
      await server.api('/oauth/logout/start', {
        body: { ...body, id_token_hint: id_token },
        secret: other.session_token,
      }),
      400,
      'invalid_id_token_hint',
    );
  });

  test('logout preflight with id_token_hint alone: the client is the hint’s aud, verified, expired accepted', async () => {
    const user = await signInBySms(server, '+14155550910');
    const { code } = await authorize(user.session_token);
    const { id_token } = (await exchange(code)).body;
    const now = await server.api('/oauth/logout/start', {
      body: { post_logout_redirect_uri: SPA_LOGOUT, id_token_hint: id_token, state: 's' },
      secret: user.session_token,
    });
    assert.equal(now.status, 200, JSON.stringify(now.body));
    assert.equal(now.body.consent_required, true);
    assert.equal(now.body.redirect_uri, `${SPA_LOGOUT}?state=s`);
    // RP-Initiated Logout 1.0: an expired ID token still names the client and the user.
    server.clock.advance(2 * 60 * 60_000);
    const body = { post_logout_redirect_uri: SPA_LOGOUT, id_token_hint: id_token };
    // (The session ended with the hour too: nothing to confirm.)
    const answer = await server.api('/oauth/logout/start', { body });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.consent_required, false);
    assert.equal(answer.body.redirect_uri, SPA_LOGOUT);
    // The hint still decides: its signature, and the post-logout URI of the client it names.
    const [header, payload] = id_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    assertApiError(
      await server.api('/oauth/logout/start', { body: { ...body, id_token_hint: forged } }),
      400,
      'invalid_id_token_hint',
    );
    assertApiError(
      await server.api('/oauth/logout/start', {
        body: { ...body, post_logout_redirect_uri: 'https://evil.example/' },
      }),
      400,
      'invalid_post_logout_redirect_uri',
    );
    assertApiError(
      await server.api('/oauth/logout/start', {
        body: { ...body, client_id: SERVER_APP },
      }),
      400,
      'invalid_post_logout_redirect_uri',
    );
    // Neither client_id nor a hint: nothing names the application.
    const neither = await server.api('/oauth/logout/start', {
      body: { post_logout_redirect_uri: SPA_LOGOUT },
    });
    assertApiError(neither, 400, 'schema_error');
  });

  test('an impersonated session cannot grant an application lasting access to the account', async () => {
    const guest = await signInBySms(server, '+14155550981');
    const project = await server.store.projects.findByPublicToken(TEST_PUBLIC_TOKEN);
    if (!project) throw new Error('no project');
    const minted = await mintImpersonationToken(
      server.store,
      project,
      guest.user_id,
      'support@party.example',
      server.clock.now(),
    );
    const impersonated = await server.api('/impersonation/authenticate', {
      body: { impersonation_token: minted.token },
    });
    assert.equal(impersonated.status, 200, JSON.stringify(impersonated.body));
    const grants = async () => ({
      grants: await server.store.db.selectFrom('idp_grants').selectAll().execute(),
      codes: await server.store.db.selectFrom('idp_codes').selectAll().execute(),
    });
    const before = await grants();
    const answer = await server.api('/oauth/authorize', {
      secret: impersonated.body.session_token,
      body: {
        client_id: SPA,
        redirect_uri: SPA_CALLBACK,
        response_type: 'code',
        scopes: ['openid', 'phone', 'offline_access'],
        consent_granted: true,
        code_challenge: CHALLENGE,
      },
    });
    assertApiError(answer, 403, 'unauthorized_action');
    assert.equal(answer.body.authorization_code, undefined);
    assert.deepEqual(await grants(), before, 'no grant, no code');
  });

  test('CORS on token, userinfo, revocation and introspection: the origins of registered redirect URIs and allowedOrigins, preflights answered', async () => {
    const cors = (headers: Headers) => ({
      origin: headers.get('access-control-allow-origin'),
      credentials: headers.get('access-control-allow-credentials'),
      methods: headers.get('access-control-allow-methods'),
      headers: headers.get('access-control-allow-headers')?.toLowerCase(),
      vary: headers.get('vary'),
    });
    const preflight = (path: string, origin: string, method: string) =>
      call(server, path, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    for (const origin of ['https://planner.example', 'https://app.planner.example']) {
      const token = await preflight('/token', origin, 'POST');
      assert.equal(token.status, 204);
      assert.deepEqual(cors(token.headers), {
        origin,
        credentials: null,
        methods: 'POST',
        headers: 'authorization, content-type',
        vary: 'Origin',
      });
      const info = await preflight('/userinfo', origin, 'GET');
      assert.equal(info.status, 204);
      assert.equal(cors(info.headers).methods, 'GET, POST');
      assert.equal(cors(info.headers).origin, origin);
      for (const path of ['/revoke', '/introspect']) {
        const answered = await preflight(path, origin, 'POST');
        assert.equal(answered.status, 204, path);
        assert.deepEqual(cors(answered.headers), cors(token.headers), path);
      }
    }
    // The answers themselves, errors included, carry the header; userinfo's challenge is readable.
    const user = await signInBySms(server, '+14155550911');
    const { code } = await authorize(user.session_token);
    const exchanged = await call(server, '/token', {
      headers: { origin: 'https://planner.example' },
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: SPA_CALLBACK,
        code_verifier: VERIFIER,
        client_id: SPA,
      },
    });
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    assert.equal(exchanged.headers.get('access-control-allow-origin'), 'https://planner.example');
    const info = await call(server, '/userinfo', {
      headers: {
        origin: 'https://planner.example',
        authorization: `Bearer ${exchanged.body.access_token}`,
      },
    });
    assert.equal(info.status, 200);
    assert.equal(info.headers.get('access-control-allow-origin'), 'https://planner.example');
    const refused = await call(server, '/userinfo', {
      headers: { origin: 'https://app.planner.example' },
    });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('access-control-allow-origin'), 'https://app.planner.example');
    assert.equal(refused.headers.get('access-control-expose-headers'), 'WWW-Authenticate');
    // Revocation (a public client names itself) and introspection (confidential clients only:
    // a public client's is refused, and the refusal is readable too).
    const revoked = await call(server, '/revoke', {
      headers: { origin: 'https://planner.example' },
      form: { token: exchanged.body.refresh_token, client_id: SPA },
    });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal(revoked.headers.get('access-control-allow-origin'), 'https://planner.example');
    const introspected = await call(server, '/introspect', {
      headers: { origin: 'https://app.planner.example' },
      form: { token: exchanged.body.access_token, client_id: SPA },
    });
    assert.equal(introspected.status, 401, JSON.stringify(introspected.body));
    assert.equal(introspected.body.error, 'invalid_client');
    assert.equal(
      introspected.headers.get('access-control-allow-origin'),
      'https://app.planner.example',
    );
    // Other origins: no CORS header at all, on the preflight or the answer.
    for (const origin of ['https://evil.example', 'https://planner.example.evil.example', 'null']) {
      const other = await preflight('/token', origin, 'POST');
      assert.equal(other.status, 204);
      assert.deepEqual(cors(other.headers), {
        origin: null,
        credentials: null,
        methods: null,
        headers: undefined,
        vary: 'Origin',
      });
      const answer = await call(server, '/userinfo', { headers: { origin } });
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
    }
    // The pages and another project's issuer are not opened by it.
    const page = await preflight('/authorize', 'https://planner.example', 'GET');
    assert.equal(page.headers.get('access-control-allow-origin'), null);
    const elsewhere = await fetch(`${server.url}/oauth/public-token-test-nobody/token`, {
      method: 'OPTIONS',
      headers: { origin: 'https://planner.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(elsewhere.headers.get('access-control-allow-origin'), null);
  });

  test('the token endpoint refuses other grants, repeated parameters and JSON', async () => {
    const grant = await call(server, '/token', {
      form: { grant_type: 'password', client_id: SPA },
    });
    assert.equal(grant.body.error, 'unsupported_grant_type');
    const twice = await fetch(`${server.url}/oauth/${TEST_PUBLIC_TOKEN}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&client_id=a&client_id=b',
    });
    assert.equal(twice.status, 400);
    assert.equal(((await twice.json()) as { error: string }).error, 'invalid_request');
    const json = await fetch(`${server.url}/oauth/${TEST_PUBLIC_TOKEN}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(json.status, 400);
  });
});
