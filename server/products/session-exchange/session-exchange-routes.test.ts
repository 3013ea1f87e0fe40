import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { KEY_ROTATION_MS } from '../../app.js';
import { JWT_ALGORITHM, KeyRing } from '../../keys/key-ring.js';
import { SealedJson } from '../../keys/sealed-json.js';
import { assertApiError } from '../../test/api-assertions.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';
import type { ProductContext } from '../product.js';
import { sessionExchangeProduct } from './session-exchange-product.js';

const SECRET = 'test-secret-exchange-0123456789abcdef0123';
const ISSUER = 'https://idp.partner.test';
const APP = 'first-party-app';
const APP_SECRET = 'a-long-client-secret-for-the-first-party-app';
const APP_CALLBACK = 'https://app.example/callback';

/** A local issuer: a real key pair and a JWKS server speaking the JWK Set format. */
async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'partner-1', alg: 'RS256', use: 'sig' };
  let fetches = 0;
  const server: Server = createServer((_request, response) => {
    fetches++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  return {
    url,
    fetches: () => fetches,
    sign: (
      claims: Record<string, unknown>,
      options: { issuer?: string; audience?: string; expSeconds?: number; nowMs: number },
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'partner-1' })
        .setIssuer(options.issuer ?? ISSUER)
        .setAudience(options.audience ?? 'velvet-party')
        .setIssuedAt(Math.floor(options.nowMs / 1000))
        .setExpirationTime(Math.floor(options.nowMs / 1000) + (options.expSeconds ?? 300))
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('sessions from other credentials', () => {
  let server: TestServer;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let ring: KeyRing;
  before(async () => {
    issuer = await startIssuer();
    server = await startTestServer({
      secret: SECRET,
      project: {
        idp: {
          clients: [
            {
              clientId: APP,
              type: 'confidential',
              clientSecretSha256: createHash('sha256').update(APP_SECRET).digest('hex'),
              redirectUris: [APP_CALLBACK],
              scopes: ['openid', 'full_access'],
              skipConsent: true,
            },
          ],
        },
        trustedTokenProfiles: [
          {
            profileId: 'partner',
            issuer: ISSUER,
            audience: 'velvet-party',
            jwksUrl: issuer.url,
            userClaim: 'email',
            userClaimHolds: 'email',
          },
          {
            profileId: 'partner-ids',
            issuer: ISSUER,
            audience: 'velvet-party',
            jwksUrl: issuer.url,
          },
        ],
      },
    });
    // The identity provider's side: the project's own key ring, as `server/products/idp/` signs.
    ring = new KeyRing(
      server.store.signingKeys,
      new SealedJson(SECRET, 'jwt-signing-keys'),
      KEY_ROTATION_MS,
      server.clock.now,
    );
  });
  after(async () => {
    await server.close();
    await issuer.close();
  });

  /**
   * An access token from the identity provider's own `/token`: the user's session allows the
   * first-party app (what the consent page sends), and the app exchanges the code.
   */
  async function issuedAccessToken(sessionToken: string): Promise<string> {
    const allowed = await server.api('/oauth/authorize', {
      secret: sessionToken,
      body: {
        client_id: APP,
        redirect_uri: APP_CALLBACK,
        response_type: 'code',
        scopes: ['openid', 'full_access'],
        consent_granted: true,
      },
    });
    assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
    const response = await fetch(`${server.url}/oauth/${server.project.publicToken}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${APP}:${APP_SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: allowed.body.authorization_code,
        redirect_uri: APP_CALLBACK,
      }),
    });
    assert.equal(response.status, 200);
    return (await response.json()).access_token;
  }

  /**
   * A token with the claims and signature of the IdP's (see `access-tokens.ts`) that its
   * `/token` never issued, for the refusals.
   */
  async function accessToken(
    claims: Record<string, unknown>,
    options: { audience?: string; issuer?: string; expSeconds?: number } = {},
  ) {
    const key = await ring.signingKey(server.project.projectId);
    const now = Math.floor(server.clock.now() / 1000);
    return new SignJWT({
      scope: 'openid full_access',
      client_id: 'connected-app-test-1',
      ...claims,
    })
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? 'http://velvet.test')
      .setAudience(options.audience ?? server.project.projectId)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expSeconds ?? 3600))
      .sign(key.privateKey);
  }

  test('POST /sessions/exchange_access_token: a full-access token of this project becomes a session', async () => {
    const user = await signInBySms(server, '+14155550941');
    const answer = await server.api('/sessions/exchange_access_token', {
      body: {
        access_token: await issuedAccessToken(user.session_token),
        session_duration_minutes: 30,
      },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.user_id, user.user_id);
    assert.notEqual(answer.body.session_token, user.session_token, 'a new session');
    const [factor] = answer.body.session.authentication_factors;
    assert.equal(factor.type, 'oauth_access_token_exchange');
    assert.deepEqual(factor.oauth_access_token_exchange_factor, { client_id: APP });
    const me = await server.api('/users/me', { secret: answer.body.session_token });
    assert.equal(me.body.user_id, user.user_id);
  });

  test('exchange refuses expired, foreign, narrow-scoped tokens and session JWTs', async () => {
    const user = await signInBySms(server, '+14155550942');
    const exchange = (access_token: string) =>
      server.api('/sessions/exchange_access_token', {
        body: { access_token, session_duration_minutes: 30 },
      });
    const expired = await accessToken({ sub: user.user_id }, { expSeconds: 60 });
    server.clock.advance(61_000);
    const refusedExpired = await exchange(expired);
    assertApiError(refusedExpired, 401, 'invalid_access_token');
    assert.match(refusedExpired.body.error_message, /expired/);
    // Refused for their claims, before the lookup that would refuse any token never issued.
    const foreignAudience = await exchange(
      await accessToken({ sub: user.user_id }, { audience: 'project-test-other' }),
    );
    assertApiError(foreignAudience, 401, 'invalid_access_token');
    assert.match(foreignAudience.body.error_message, /is not valid/);
    const foreignIssuer = await exchange(
      await accessToken({ sub: user.user_id }, { issuer: 'https://evil.test' }),
    );
    assertApiError(foreignIssuer, 401, 'invalid_access_token');
    assert.match(foreignIssuer.body.error_message, /is not valid/);
    const narrow = await exchange(await accessToken({ sub: user.user_id, scope: 'openid email' }));
    assertApiError(narrow, 401, 'invalid_access_token');
    assert.match(narrow.body.error_message, /full_access/);
    assertApiError(await exchange(user.session_jwt), 401, 'invalid_access_token');
    // Signed by another party's key, with a kid the ring does not know.
    assertApiError(
      await exchange(await issuer.sign({ sub: user.user_id }, { nowMs: server.clock.now() })),
      401,
      'invalid_access_token',
    );
    assertApiError(await exchange('not-a-jwt'), 401, 'invalid_access_token');
    // Signed by the project's ring with every claim, but never issued by the provider's /token.
    const forged = await exchange(await accessToken({ sub: user.user_id }));
    assertApiError(forged, 401, 'invalid_access_token');
    assert.match(forged.body.error_message, /never issued/);
    assertApiError(
      await exchange(await accessToken({ sub: 'user-test-nobody' })),
      401,
      'invalid_access_token',
    );
    assertApiError(
      await server.api('/sessions/exchange_access_token', { body: {} }),
      400,
      'schema_error',
    );
    assertApiError(
      await server.api('/sessions/exchange_access_token', { body: { access_token: 5 } }),
      400,
      'schema_error',
    );
  });

  test('POST /sessions/attest: a trusted issuer’s JWT signs in the user its claim names', async () => {
    const token = await issuer.sign(
      { email: 'Guest@Example.com', jti: 'jwt-1' },
      { nowMs: server.clock.now() },
    );
    const answer = await server.api('/sessions/attest', {
      body: { profile_id: 'partner', token, session_duration_minutes: 30 },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.user.emails[0].email, 'guest@example.com');
    const [factor] = answer.body.session.authentication_factors;
    assert.equal(factor.type, 'trusted_auth_token');
    assert.equal(factor.trusted_auth_token_factor.token_id, 'jwt-1');
    // The same person again: the same user.
    const again = await server.api('/sessions/attest', {
      body: {
        profile_id: 'partner',
        token: await issuer.sign({ email: 'guest@example.com' }, { nowMs: server.clock.now() }),
      },
    });
    assert.equal(again.body.user_id, answer.body.user_id);
    // A profile mapping `sub` to a Velvet user id.
    const byId = await server.api('/sessions/attest', {
      body: {
        profile_id: 'partner-ids',
        token: await issuer.sign({ sub: answer.body.user_id }, { nowMs: server.clock.now() }),
      },
    });
    assert.equal(byId.status, 200);
    assert.equal(byId.body.user_id, answer.body.user_id);
    assert.ok(issuer.fetches() >= 1);
  });

  test('attest refuses untrusted issuers, other audiences, expired tokens, unknown profiles, foreign keys', async () => {
    const now = server.clock.now();
    const attest = (token: string, profile_id = 'partner') =>
      server.api('/sessions/attest', { body: { profile_id, token } });
    const untrusted = await attest(
      await issuer.sign(
        { email: 'a@example.com' },
        { issuer: 'https://stranger.test', nowMs: now },
      ),
    );
    assertApiError(untrusted, 401, 'invalid_trusted_auth_token');
    assert.match(untrusted.body.error_message, /issuer/);
    assertApiError(
      await attest(
        await issuer.sign({ email: 'a@example.com' }, { audience: 'someone-else', nowMs: now }),
      ),
      401,
      'invalid_trusted_auth_token',
    );
    assertApiError(
      await attest(await issuer.sign({ email: 'a@example.com' }, { expSeconds: -10, nowMs: now })),
      401,
      'invalid_trusted_auth_token',
    );
    assertApiError(
      await attest(await issuer.sign({ email: 'a@example.com' }, { nowMs: now }), 'nobody'),
      404,
      'trusted_auth_token_profile_not_found',
    );
    assertApiError(
      await attest(await issuer.sign({ name: 'no email' }, { nowMs: now })),
      401,
      'invalid_trusted_auth_token',
    );
    assertApiError(
      await attest(await issuer.sign({ sub: 'user-test-unknown' }, { nowMs: now }), 'partner-ids'),
      404,
      'user_not_found',
    );
    // Signed by another key that claims the partner's kid.
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: 'a@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'partner-1' })
      .setIssuer(ISSUER)
      .setAudience('velvet-party')
      .setExpirationTime(Math.floor(now / 1000) + 60)
      .sign(privateKey);
    assertApiError(await attest(forged), 401, 'invalid_trusted_auth_token');
    assertApiError(
      await server.api('/sessions/attest', { body: { token: 'x' } }),
      400,
      'schema_error',
    );
  });

  /** The rows an attest writes: users, sessions and spent tokens, as they are now. */
  const attestRows = async () => ({
    users: await server.store.db.selectFrom('users').select('user_id').orderBy('user_id').execute(),
    sessions: await server.store.db
      .selectFrom('sessions')
      .select(['session_id', 'user_id', 'expires_at'])
      .orderBy('session_id')
      .execute(),
    attested: await server.store.db
      .selectFrom('attested_tokens')
      .selectAll()
      .orderBy('token_key')
      .execute(),
  });
  const attest = (token: string, profile_id = 'partner') =>
    server.api('/sessions/attest', {
      body: { profile_id, token, session_duration_minutes: 30 },
    });

  test('replaying a trusted JWT that already signed in starts no second session', async () => {
    const withJti = await issuer.sign(
      { email: 'replayed@example.com', jti: 'jwt-replay-1' },
      { nowMs: server.clock.now() },
    );
    const first = await attest(withJti);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const afterFirst = await attestRows();

    const replay = await attest(withJti);
    assertApiError(replay, 401, 'trusted_auth_token_already_used');
    assert.equal(replay.raw.session_token, undefined);
    // Another token the issuer signed with the same jti is the same token.
    server.clock.advance(1_000);
    const sameJti = await issuer.sign(
      { email: 'replayed@example.com', jti: 'jwt-replay-1' },
      { nowMs: server.clock.now() },
    );
    assert.notEqual(sameJti, withJti);
    assertApiError(await attest(sameJti), 401, 'trusted_auth_token_already_used');
    // A token without a jti is remembered by its hash.
    const withoutJti = await issuer.sign(
      { sub: first.body.user_id },
      { nowMs: server.clock.now() },
    );
    assert.equal((await attest(withoutJti, 'partner-ids')).status, 200);
    const afterSecond = await attestRows();
    assert.equal(afterSecond.sessions.length, afterFirst.sessions.length + 1);
    assertApiError(await attest(withoutJti, 'partner-ids'), 401, 'trusted_auth_token_already_used');
    assert.deepEqual(await attestRows(), afterSecond, 'the replays wrote nothing');
    // Stored as hashes: neither the token nor its jti is in the table.
    const stored = JSON.stringify(afterSecond.attested);
    assert.ok(!stored.includes('jwt-replay-1') && !stored.includes(withoutJti));
  });

  test('two simultaneous uses of one trusted JWT start one session', async () => {
    const token = await issuer.sign(
      { email: 'twice@example.com', jti: 'jwt-race-1' },
      { nowMs: server.clock.now() },
    );
    const before = await attestRows();
    const answers = await Promise.all([attest(token), attest(token), attest(token)]);
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [200, 401, 401]);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      assertApiError(answer, 401, 'trusted_auth_token_already_used');
    }
    const after = await attestRows();
    assert.equal(after.sessions.length, before.sessions.length + 1, 'one session');
    assert.equal(after.attested.length, before.attested.length + 1);
  });

  test('a refused attest (a duration over the maximum) does not spend the token', async () => {
    const token = await issuer.sign(
      { email: 'patient@example.com', jti: 'jwt-duration-1' },
      { nowMs: server.clock.now() },
    );
    const before = await attestRows();
    const refused = await server.api('/sessions/attest', {
      body: { profile_id: 'partner', token, session_duration_minutes: 8 * 24 * 60 },
    });
    assertApiError(refused, 400, 'session_duration_too_long');
    assert.deepEqual(await attestRows(), before);
    assert.equal((await attest(token)).status, 200);
  });

  test('housekeeping forgets a spent token once it has expired, and keeps the live ones', async () => {
    const shortLived = await issuer.sign(
      { email: 'brief@example.com', jti: 'jwt-brief-1' },
      { nowMs: server.clock.now(), expSeconds: 60 },
    );
    const longLived = await issuer.sign(
      { email: 'brief@example.com', jti: 'jwt-long-1' },
      { nowMs: server.clock.now(), expSeconds: 3600 },
    );
    assert.equal((await attest(shortLived)).status, 200);
    assert.equal((await attest(longLived)).status, 200);
    const before = (await attestRows()).attested.length;
    server.clock.advance(61_000);
    const context = { store: server.store } as unknown as ProductContext;
    assert.equal(await sessionExchangeProduct.housekeeping?.(context, server.clock.now()), 1);
    assert.equal((await attestRows()).attested.length, before - 1);
    // Expired, the token is refused by its expiry, not by the table.
    const late = await attest(shortLived);
    assertApiError(late, 401, 'invalid_trusted_auth_token');
    assertApiError(await attest(longLived), 401, 'trusted_auth_token_already_used');
  });

  test('POST /b2b/organizations/members/search: a consumer project says it is not B2B; bad bodies are schema errors', async () => {
    const answer = await server.api('/b2b/organizations/members/search', {
      body: { email_address: 'lin@example.com', organization_id: 'organization-test-1' },
    });
    assertApiError(answer, 400, 'b2b_endpoint_for_consumer_project');
    assertApiError(
      await server.api('/b2b/organizations/members/search', {
        body: { email_address: 'lin@example.com' },
      }),
      400,
      'schema_error',
    );
    const bootstrap = await server.api(`/projects/bootstrap/${server.project.publicToken}`);
    assert.equal(bootstrap.body.vertical, 'CONSUMER');
  });
});
