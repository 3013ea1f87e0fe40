/**
 * OpenID Connect conformance with relying-party libraries nobody here wrote: `openid-client`
 * and `oauth4webapi` talk to a real test server over HTTP (their requests to the issuer,
 * `http://velvet.test/...`, are sent to the server's port) and verify what it answers: RS256 and
 * ES256 ID tokens, RFC 9068 access tokens, `prompt=none` (both errors), `prompt=login`,
 * `max_age`, `request` and `request_uri`, `response_mode` refusals, RFC 7009 revocation with
 * RFC 7662 introspection and userinfo after it, RFC 6750's challenges, and
 * `session.exchangeAccessToken` with an access token from `/token`. The browser part of a
 * sign-in (the consent page's widget) is the SDK call it makes, `POST /sdk/v1/oauth/authorize`.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as oauth from 'oauth4webapi';
import * as oidc from 'openid-client';
import { assertApiError } from '../../test/api-assertions.js';
import {
  signInBySms,
  startTestServer,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../../test/test-server.js';

const ORIGIN = 'http://velvet.test';
const ISSUER = `${ORIGIN}/oauth/${TEST_PUBLIC_TOKEN}`;
const RS_APP = 'rs-app';
const RS_CALLBACK = 'https://rs.example/callback';
const RS_SECRET = 'a-long-client-secret-for-the-rs256-application';
const ES_APP = 'es-app';
const ES_CALLBACK = 'https://es.example/callback';
const ES_SECRET = 'a-long-client-secret-for-the-es256-application';
const VERIFIER = `${'v'.repeat(20)}erifier-0123456789-abcdefghijklmno`;
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const SCOPES = ['openid', 'email', 'phone', 'full_access', 'offline_access'];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('OpenID Connect conformance with openid-client and oauth4webapi', () => {
  let server: TestServer;
  /** Sends a request for the issuer's origin to the test server. */
  let toServer: (url: string, init?: RequestInit | oidc.CustomFetchOptions) => Promise<Response>;
  let rs: oidc.Configuration;
  let es: oidc.Configuration;
  let phones = 0;

  before(async () => {
    server = await startTestServer({
      project: {
        idp: {
          clients: [
            {
              clientId: RS_APP,
              clientName: 'RS App',
              type: 'confidential',
              clientSecretSha256: sha256(RS_SECRET),
              redirectUris: [RS_CALLBACK],
              scopes: SCOPES,
            },
            {
              clientId: ES_APP,
              type: 'confidential',
              clientSecretSha256: sha256(ES_SECRET),
              redirectUris: [ES_CALLBACK],
              scopes: SCOPES,
              idTokenSignedResponseAlg: 'ES256',
            },
          ],
        },
      },
    });
    // The libraries check `iat` and `exp` against the real time: the server's clock starts there.
    server.clock.current = Date.now();
    toServer = (url, init) => fetch(url.replace(ORIGIN, server.url), init as RequestInit);
    const options = { [oidc.customFetch]: toServer, execute: [oidc.allowInsecureRequests] };
    rs = await oidc.discovery(new URL(ISSUER), RS_APP, RS_SECRET, undefined, options);
    es = await oidc.discovery(
      new URL(ISSUER),
      ES_APP,
      { client_secret: ES_SECRET, id_token_signed_response_alg: 'ES256' },
      undefined,
      options,
    );
  });
  after(() => server.close());

  /** A newly signed-in user's session token and id. */
  async function signIn(): Promise<{ token: string; userId: string }> {
    phones += 1;
    const answer = await signInBySms(server, `+1415555${String(7000 + phones)}`);
    return { token: answer.session_token, userId: answer.user_id };
  }

  /** What the consent page's widget sends when the user allows: the redirect with the code. */
  async function allow(
    session: string,
    extra: Record<string, unknown> = {},
    client = RS_APP,
    callback = RS_CALLBACK,
  ): Promise<URL> {
    const answer = await server.api('/oauth/authorize', {
      secret: session,
      body: {
        client_id: client,
        redirect_uri: callback,
        response_type: 'code',
        scopes: SCOPES,
        consent_granted: true,
        state: 'state-1',
        nonce: 'nonce-1',
        code_challenge: CHALLENGE,
        ...extra,
      },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return new URL(answer.body.redirect_uri);
  }

  const checks = { pkceCodeVerifier: VERIFIER, expectedState: 'state-1', expectedNonce: 'nonce-1' };

  /** `GET /authorize` as a browser with the provider's session cookie sends it; not followed. */
  function authorizeEndpoint(params: Record<string, string>, session?: string) {
    const query = new URLSearchParams({
      client_id: RS_APP,
      redirect_uri: RS_CALLBACK,
      response_type: 'code',
      scope: SCOPES.join(' '),
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      ...params,
    });
    return fetch(`${server.url}/oauth/${TEST_PUBLIC_TOKEN}/authorize?${query}`, {
      redirect: 'manual',
      headers: session ? { cookie: `velvet_site_session=${session}` } : {},
    });
  }

  /** The authorization error the redirect carries, as oauth4webapi reads it. */
  function authorizationError(location: string, client = RS_APP): string {
    const as: oauth.AuthorizationServer = { issuer: ISSUER };
    try {
      oauth.validateAuthResponse(as, { client_id: client }, new URL(location), 'state-1');
    } catch (error) {
      assert.ok(error instanceof oauth.AuthorizationResponseError, String(error));
      return error.error;
    }
    assert.fail(`no error in ${location}`);
  }

  test('discovery: both algorithms, revocation and introspection, the modes and refusals', async () => {
    const metadata = rs.serverMetadata();
    assert.deepEqual(metadata.id_token_signing_alg_values_supported, ['RS256', 'ES256']);
    assert.equal(metadata.revocation_endpoint, `${ISSUER}/revoke`);
    assert.equal(metadata.introspection_endpoint, `${ISSUER}/introspect`);
    assert.deepEqual(metadata.response_modes_supported, ['query']);
    assert.equal(metadata.claims_parameter_supported, false);
    assert.equal(metadata.request_parameter_supported, false);
    assert.equal(metadata.request_uri_parameter_supported, false);
    // oauth4webapi's own discovery accepts the document for the issuer.
    const as = await oauth.processDiscoveryResponse(
      new URL(ISSUER),
      await toServer(`${ISSUER}/.well-known/openid-configuration`),
    );
    const jwks = await (await toServer(String(as.jwks_uri))).json();
    assert.deepEqual(
      jwks.keys.map((key: { alg: string; kty: string }) => `${key.alg}/${key.kty}`).sort(),
      ['ES256/EC', 'RS256/RSA'],
    );
  });

  test('an RS256 ID token by default, verified by openid-client, and an RFC 9068 access token', async () => {
    const user = await signIn();
    const tokens = await oidc.authorizationCodeGrant(rs, await allow(user.token), checks);
    assert.equal(decodeProtectedHeader(String(tokens.id_token)).alg, 'RS256');
    const claims = tokens.claims();
    assert.equal(claims?.sub, user.userId);
    assert.equal(claims?.aud, RS_APP);
    assert.equal(typeof claims?.auth_time, 'number');
    const header = decodeProtectedHeader(tokens.access_token);
    assert.equal(header.typ, 'at+jwt');
    assert.equal(header.alg, 'RS256');
    const access = decodeJwt(tokens.access_token);
    assert.equal(access.iss, ISSUER);
    assert.equal(access.sub, user.userId);
    assert.equal(access.aud, server.project.projectId);
    assert.equal(access.client_id, RS_APP);
    assert.equal(access.scope, SCOPES.join(' '));
    assert.equal(typeof access.jti, 'string');
    assert.equal(Number(access.exp) - Number(access.iat), 3600);
    const info = await oidc.fetchUserInfo(rs, tokens.access_token, user.userId);
    assert.equal(info.sub, user.userId);
  });

  test('an ES256 ID token for the client that registered id_token_signed_response_alg ES256', async () => {
    const user = await signIn();
    const tokens = await oidc.authorizationCodeGrant(
      es,
      await allow(user.token, { client_id: ES_APP, redirect_uri: ES_CALLBACK }),
      checks,
    );
    assert.equal(decodeProtectedHeader(String(tokens.id_token)).alg, 'ES256');
    assert.equal(tokens.claims()?.sub, user.userId);
    // The RS256 client's library refuses an ES256 ID token: the algorithm is the client's.
    const other = await signIn();
    await assert.rejects(
      oidc.authorizationCodeGrant(
        rs,
        new URL(
          (await allow(other.token, { client_id: ES_APP, redirect_uri: ES_CALLBACK })).href.replace(
            ES_CALLBACK,
            RS_CALLBACK,
          ),
        ),
        checks,
      ),
    );
  });

  test('oauth4webapi: the code grant, ID token, userinfo, refresh, introspection and revocation with client_secret_post', async () => {
    const as = await oauth.processDiscoveryResponse(
      new URL(ISSUER),
      await toServer(`${ISSUER}/.well-known/openid-configuration`),
    );
    const client: oauth.Client = { client_id: RS_APP };
    const auth = oauth.ClientSecretPost(RS_SECRET);
    const options = { [oauth.customFetch]: toServer, [oauth.allowInsecureRequests]: true };
    const user = await signIn();
    const callback = oauth.validateAuthResponse(as, client, await allow(user.token), 'state-1');
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      callback,
      RS_CALLBACK,
      VERIFIER,
      options,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: 'nonce-1',
      requireIdToken: true,
    });
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    assert.equal(claims?.sub, user.userId);
    assert.equal(decodeProtectedHeader(String(tokens.id_token)).alg, 'RS256');
    const info = await oauth.processUserInfoResponse(
      as,
      client,
      user.userId,
      await oauth.userInfoRequest(as, client, tokens.access_token, options),
    );
    assert.equal(info.sub, user.userId);

    // The refresh token grant: a new pair.
    const refresh = (token: string) =>
      oauth.refreshTokenGrantRequest(as, client, auth, token, options);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await refresh(String(tokens.refresh_token)),
    );
    assert.ok(refreshed.refresh_token, 'a new refresh token');
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token);
    assert.notEqual(refreshed.access_token, tokens.access_token);
    // Introspection (RFC 7662) and revocation (RFC 7009) as oauth4webapi sends and reads them.
    const introspect = async (token: string) =>
      oauth.processIntrospectionResponse(
        as,
        client,
        await oauth.introspectionRequest(as, client, auth, token, options),
      );
    for (const token of [refreshed.access_token, String(refreshed.refresh_token)]) {
      const live = await introspect(token);
      assert.equal(live.active, true);
      assert.equal(live.sub, user.userId);
      assert.equal(live.client_id, RS_APP);
    }
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, refreshed.access_token, options),
    );
    assert.equal((await introspect(refreshed.access_token)).active, false);
    assert.equal((await introspect(String(refreshed.refresh_token))).active, true);
    // The rotated refresh token used again: invalid_grant, and its whole family is revoked.
    await assert.rejects(
      oauth.processRefreshTokenResponse(as, client, await refresh(String(tokens.refresh_token))),
      (error) => {
        assert.ok(error instanceof oauth.ResponseBodyError, String(error));
        assert.equal(error.error, 'invalid_grant');
        return true;
      },
    );
    assert.equal((await introspect(String(refreshed.refresh_token))).active, false);
  });

  test('prompt=none: login_required without a session, consent_required before consent, else a code', async () => {
    const none = { prompt: 'none' };
    const signedOut = await authorizeEndpoint(none);
    assert.equal(signedOut.status, 302);
    const location = String(signedOut.headers.get('location'));
    assert.ok(location.startsWith(`${RS_CALLBACK}?`), location);
    assert.equal(authorizationError(location), 'login_required');
    assert.equal(new URL(location).searchParams.get('iss'), ISSUER);

    const user = await signIn();
    const unconsented = await authorizeEndpoint(none, user.token);
    assert.equal(
      authorizationError(String(unconsented.headers.get('location'))),
      'consent_required',
    );

    await oidc.authorizationCodeGrant(rs, await allow(user.token), checks);
    const silent = await authorizeEndpoint(none, user.token);
    assert.equal(silent.status, 302);
    const tokens = await oidc.authorizationCodeGrant(
      rs,
      new URL(String(silent.headers.get('location'))),
      checks,
    );
    assert.equal(tokens.claims()?.sub, user.userId);
    // A session cookie that names no live session is no session.
    const forged = await authorizeEndpoint(none, 'not-a-session-token-at-all-0123456789');
    assert.equal(authorizationError(String(forged.headers.get('location'))), 'login_required');
    // A parameter given twice is a malformed request, answered before any session is used.
    const twice = await fetch(
      `${server.url}/oauth/${TEST_PUBLIC_TOKEN}/authorize?client_id=${RS_APP}&redirect_uri=${encodeURIComponent(RS_CALLBACK)}&state=state-1&prompt=none&prompt=login`,
      { redirect: 'manual', headers: { cookie: `velvet_site_session=${user.token}` } },
    );
    assert.equal(authorizationError(String(twice.headers.get('location'))), 'invalid_request');
    // prompt=none with anything else is a malformed request.
    const mixed = await authorizeEndpoint({ prompt: 'none login' }, user.token);
    assert.equal(authorizationError(String(mixed.headers.get('location'))), 'invalid_request');
  });

  test('prompt=login: the page again with auth_after, no code on the old session until the user signs in again', async () => {
    const user = await signIn();
    await allow(user.token);
    server.clock.advance(5_000);
    const asked = server.clock.now();
    const login = await authorizeEndpoint({ prompt: 'login consent' }, user.token);
    assert.equal(login.status, 302);
    const again = new URL(String(login.headers.get('location')));
    assert.equal(again.origin + again.pathname, `${ISSUER}/authorize`);
    assert.equal(again.searchParams.get('prompt'), 'consent');
    assert.equal(again.searchParams.get('auth_after'), String(Math.floor(asked / 1000)));
    const page = await fetch(again.href.replace(ORIGIN, server.url), {
      redirect: 'manual',
      headers: { cookie: `velvet_site_session=${user.token}` },
    });
    assert.equal(page.status, 200, 'the page, not a code');
    const authAfter = Number(again.searchParams.get('auth_after'));
    const body = { auth_after: authAfter };
    assertApiError(
      await server.api('/oauth/authorize/start', {
        secret: user.token,
        body: {
          client_id: RS_APP,
          redirect_uri: RS_CALLBACK,
          response_type: 'code',
          scopes: SCOPES,
          ...body,
        },
      }),
      401,
      'reauthentication_required',
    );
    assertApiError(
      await server.api('/oauth/authorize', {
        secret: user.token,
        body: {
          client_id: RS_APP,
          redirect_uri: RS_CALLBACK,
          response_type: 'code',
          scopes: SCOPES,
          consent_granted: true,
          ...body,
        },
      }),
      401,
      'reauthentication_required',
    );
    // An auth_after in the future asks for no more than a sign-in now.
    const future = { auth_after: authAfter + 3600 };
    assertApiError(
      await server.api('/oauth/authorize', {
        secret: user.token,
        body: {
          client_id: RS_APP,
          redirect_uri: RS_CALLBACK,
          response_type: 'code',
          scopes: SCOPES,
          consent_granted: true,
          ...future,
        },
      }),
      401,
      'reauthentication_required',
    );
    // Signed in again (a passcode on the same session): now the code, with the new auth_time.
    server.clock.advance(1_000);
    const phone = `+1415555${String(7000 + phones)}`;
    const sent = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
    const renewed = await server.api('/otps/authenticate', {
      body: {
        token: server.lastCode(phone),
        method_id: sent.body.method_id,
        session_token: user.token,
      },
    });
    assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
    const tokens = await oidc.authorizationCodeGrant(
      rs,
      await allow(renewed.body.session_token, body),
      checks,
    );
    assert.ok(Number(tokens.claims()?.auth_time) >= authAfter);
    await allow(renewed.body.session_token, { auth_after: authAfter + 3600 });
    // select_account is answered the same way: the page signs the user in (and so chooses).
    const select = await authorizeEndpoint({ prompt: 'select_account' }, user.token);
    assert.equal(new URL(String(select.headers.get('location'))).searchParams.has('prompt'), false);
  });

  test('max_age: an older authentication is login_required silently and re-authentication on the page', async () => {
    const user = await signIn();
    await allow(user.token);
    server.clock.advance(120_000);
    const stale = await authorizeEndpoint({ prompt: 'none', max_age: '60' }, user.token);
    assert.equal(authorizationError(String(stale.headers.get('location'))), 'login_required');
    assertApiError(
      await server.api('/oauth/authorize', {
        secret: user.token,
        body: {
          client_id: RS_APP,
          redirect_uri: RS_CALLBACK,
          response_type: 'code',
          scopes: SCOPES,
          consent_granted: true,
          max_age: 60,
        },
      }),
      401,
      'reauthentication_required',
    );
    const fresh = await authorizeEndpoint({ prompt: 'none', max_age: '600' }, user.token);
    const tokens = await oidc.authorizationCodeGrant(
      rs,
      new URL(String(fresh.headers.get('location'))),
      { ...checks, maxAge: 600 },
    );
    assert.equal(typeof tokens.claims()?.auth_time, 'number');
    const malformed = await authorizeEndpoint({ max_age: 'soon' }, user.token);
    assert.equal(authorizationError(String(malformed.headers.get('location'))), 'invalid_request');

    // On the page, max_age becomes a fixed auth_after (now less max_age), so a sign-in slower
    // than max_age (max_age=0, a sign-in that takes 5 s) still gets its code.
    const page = await authorizeEndpoint({ max_age: '0' }, user.token);
    const again = new URL(String(page.headers.get('location')));
    assert.equal(again.searchParams.has('max_age'), false);
    const authAfter = Number(again.searchParams.get('auth_after'));
    assert.equal(authAfter, Math.floor(server.clock.now() / 1000));
    server.clock.advance(2_000);
    const signedInAgain = await signIn();
    server.clock.advance(5_000);
    const code = await allow(signedInAgain.token, { auth_after: authAfter });
    const late = await oidc.authorizationCodeGrant(rs, code, checks);
    assert.ok(Number(late.claims()?.auth_time) >= authAfter);
  });

  test('request and request_uri are refused to the redirect URI; other response modes are refused on the page', async () => {
    const request = await authorizeEndpoint({ request: 'eyJhbGciOiJub25lIn0.e30.' });
    assert.equal(
      authorizationError(String(request.headers.get('location'))),
      'request_not_supported',
    );
    const requestUri = await authorizeEndpoint({ request_uri: 'https://rs.example/request.jwt' });
    assert.equal(
      authorizationError(String(requestUri.headers.get('location'))),
      'request_uri_not_supported',
    );
    for (const mode of ['form_post', 'fragment']) {
      const refused = await authorizeEndpoint({ response_mode: mode, prompt: 'none' });
      assert.equal(refused.status, 400, mode);
      assert.equal(refused.headers.get('location'), null, 'nothing is sent to the application');
      assert.match(await refused.text(), new RegExp(`response_mode=${mode} is not supported`));
    }
    const query = await authorizeEndpoint({ response_mode: 'query', prompt: 'none' });
    assert.equal(authorizationError(String(query.headers.get('location'))), 'login_required');
    // An unregistered redirect URI gets the page (which explains), never a redirect.
    const stranger = await authorizeEndpoint({
      redirect_uri: 'https://evil.example/cb',
      request: 'x',
    });
    assert.equal(stranger.status, 200);
  });

  test('revocation (RFC 7009): introspection (RFC 7662) says inactive, userinfo refuses', async () => {
    const user = await signIn();
    const tokens = await oidc.authorizationCodeGrant(rs, await allow(user.token), checks);
    const live = await oidc.tokenIntrospection(rs, tokens.access_token);
    assert.equal(live.active, true);
    assert.equal(live.sub, user.userId);
    assert.equal(live.client_id, RS_APP);
    assert.equal(live.token_type, 'Bearer');
    assert.equal(live.scope, SCOPES.join(' '));
    // Another client's view of the token: inactive, and its revocation changes nothing.
    assert.equal((await oidc.tokenIntrospection(es, tokens.access_token)).active, false);
    await oidc.tokenRevocation(es, tokens.access_token);
    assert.equal((await oidc.tokenIntrospection(rs, tokens.access_token)).active, true);

    await oidc.tokenRevocation(rs, tokens.access_token);
    assert.equal((await oidc.tokenIntrospection(rs, tokens.access_token)).active, false);
    await assert.rejects(oidc.fetchUserInfo(rs, tokens.access_token, user.userId), (error) => {
      assert.ok(error instanceof oidc.WWWAuthenticateChallengeError, String(error));
      assert.equal(error.cause[0]?.parameters.error, 'invalid_token');
      return true;
    });
    // A refresh token's revocation takes the tokens issued with it along.
    const refresh = String(tokens.refresh_token);
    const refreshed = await oidc.refreshTokenGrant(rs, refresh);
    assert.equal((await oidc.tokenIntrospection(rs, refreshed.access_token)).active, true);
    await oidc.tokenRevocation(rs, String(refreshed.refresh_token), {
      token_type_hint: 'refresh_token',
    });
    assert.equal((await oidc.tokenIntrospection(rs, refreshed.access_token)).active, false);
    assert.equal((await oidc.tokenIntrospection(rs, 'no-such-token')).active, false);
    // An unknown token revokes as a success (section 2.2); a wrong secret is invalid_client.
    await oidc.tokenRevocation(rs, 'no-such-token');
    const wrongSecret = await toServer(`${ISSUER}/revoke`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${RS_APP}:wrong`).toString('base64')}`,
      },
      body: 'token=x',
    });
    assert.equal(wrongSecret.status, 401);
    assert.equal((await wrongSecret.json()).error, 'invalid_client');
  });

  test('RFC 6750: no credentials get a bare Bearer challenge, a bad token invalid_token', async () => {
    const userinfo = `${server.url}/oauth/${TEST_PUBLIC_TOKEN}/userinfo`;
    const withoutToken: Record<string, string>[] = [
      {},
      { authorization: 'Basic eDp5' },
      { authorization: 'Bearer ' },
    ];
    for (const headers of withoutToken) {
      const bare = await fetch(userinfo, { headers });
      assert.equal(bare.status, 401);
      // Section 3.1: the scheme alone, no error code, when the request carries no token.
      assert.equal(bare.headers.get('www-authenticate'), 'Bearer');
    }
    // oauth4webapi reads the challenge of a token it does not accept.
    const as = await oauth.processDiscoveryResponse(
      new URL(ISSUER),
      await toServer(`${ISSUER}/.well-known/openid-configuration`),
    );
    const client = { client_id: RS_APP };
    const options = { [oauth.customFetch]: toServer, [oauth.allowInsecureRequests]: true };
    const response = await oauth.userInfoRequest(as, client, 'not-a-token', options);
    assert.equal(response.status, 401);
    await assert.rejects(
      oauth.processUserInfoResponse(as, client, oauth.skipSubjectCheck, response),
      (error) => {
        assert.ok(error instanceof oauth.WWWAuthenticateChallengeError, String(error));
        assert.equal(error.cause[0]?.scheme, 'bearer');
        assert.equal(error.cause[0]?.parameters.error, 'invalid_token');
        return true;
      },
    );
  });

  test('session.exchangeAccessToken takes an access token from /token, until it is revoked', async () => {
    const user = await signIn();
    const tokens = await oidc.authorizationCodeGrant(rs, await allow(user.token), checks);
    const exchange = () =>
      server.api('/sessions/exchange_access_token', {
        body: { access_token: tokens.access_token, session_duration_minutes: 30 },
      });
    const answer = await exchange();
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.user_id, user.userId);
    assert.deepEqual(
      answer.body.session.authentication_factors[0].oauth_access_token_exchange_factor,
      {
        client_id: RS_APP,
      },
    );
    await oidc.tokenRevocation(rs, tokens.access_token);
    const refused = await exchange();
    assertApiError(refused, 401, 'invalid_access_token');
    assert.match(refused.body.error_message, /revoked/);
  });
});
