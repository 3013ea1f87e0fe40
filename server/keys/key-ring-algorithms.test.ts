/**
 * The key ring's two algorithms: ES256 (session JWTs, and ID tokens of clients that ask for it)
 * and RS256 (ID tokens and access tokens by default, OIDC Core 15.1). Each rotates on its own
 * schedule, retired keys of both stay published for another rotation, and another process on
 * the same database signs with the same keys.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { KeyRing, signJwt } from './key-ring.js';
import { SealedJson } from './sealed-json.js';

const SECRET = 'key-ring-algorithms-secret-0123456789abcdef';
const ROTATION_MS = 60 * 60_000;

describe('the key ring signs with ES256 and RS256', () => {
  let server: TestServer;
  let now = Date.parse('2026-01-01T00:00:00Z');
  const ring = () =>
    new KeyRing(
      server.store.signingKeys,
      new SealedJson(SECRET, 'jwt-signing-keys'),
      ROTATION_MS,
      () => now,
    );
  before(async () => {
    server = await startTestServer({ secret: SECRET });
  });
  after(() => server.close());

  test('a key per algorithm, both published, each rotated and retired like the other', async () => {
    const projectId = 'project-test-key-ring-algorithms';
    const first = ring();
    const es = await first.signingKey(projectId);
    const rs = await first.signingKey(projectId, 'RS256');
    assert.equal(es.alg, 'ES256');
    assert.equal(rs.alg, 'RS256');
    assert.equal(rs.publicJwk.kty, 'RSA');
    const jwks = await first.jwks(projectId, ['ES256', 'RS256']);
    assert.deepEqual(jwks.keys.map((key) => key.kid).sort(), [es.kid, rs.kid].sort());

    // An RS256 JWT verifies against the JWKS; the header names the algorithm and the key.
    const jwt = await signJwt(rs, { sub: 'user-test-1' });
    assert.deepEqual(decodeProtectedHeader(jwt), { alg: 'RS256', kid: rs.kid, typ: 'JWT' });
    await jwtVerify(jwt, createLocalJWKSet(jwks), { algorithms: ['RS256'] });

    // Another process on the same database signs with the same RS256 key.
    assert.equal((await ring().signingKey(projectId, 'RS256')).kid, rs.kid);

    // After a rotation: a new RS256 key signs, the old one stays published.
    now += ROTATION_MS + 1;
    const rotated = await first.signingKey(projectId, 'RS256');
    assert.notEqual(rotated.kid, rs.kid);
    assert.equal(rotated.alg, 'RS256');
    const later = (await first.jwks(projectId, ['ES256', 'RS256'])).keys.map((key) => key.kid);
    for (const kid of [es.kid, rs.kid, rotated.kid]) assert.ok(later.includes(kid), kid);
    assert.equal((await first.verificationKey(projectId, rs.kid))?.alg, 'RS256');

    // Two rotations after they were made, the first keys of both algorithms are gone.
    now += ROTATION_MS + 1;
    await first.signingKey(projectId, 'RS256');
    const kids = (await first.jwks(projectId, ['ES256', 'RS256'])).keys.map((key) => key.kid);
    assert.ok(!kids.includes(rs.kid));
    assert.ok(!kids.includes(es.kid));
    assert.ok(kids.includes(rotated.kid), 'the key retired by this rotation stays');
    assert.equal(kids.length, 4, 'the last two keys of each algorithm');
  });
});
