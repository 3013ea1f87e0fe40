import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { developmentKey } from './development-keys.js';

test('the development key is the same for the same secret and another for another', () => {
  const one = developmentKey('a'.repeat(32));
  assert.deepEqual(developmentKey('a'.repeat(32)).publicJwk, one.publicJwk);
  assert.notDeepEqual(developmentKey('b'.repeat(32)).publicJwk, one.publicJwk);
});

test('the development key signs tokens its published JWK verifies, and no other key does', async () => {
  const key = developmentKey('c'.repeat(32));
  const token = await new SignJWT({ email: 'ada@example.com' })
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setIssuer('http://localhost:8787/dev/identity/google')
    .setSubject('dev-ada')
    .sign(key.privateKey);
  const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: [key.publicJwk] }));
  assert.equal(payload.sub, 'dev-ada');
  const other = developmentKey('d'.repeat(32));
  await assert.rejects(
    jwtVerify(token, createLocalJWKSet({ keys: [{ ...other.publicJwk, kid: key.kid }] })),
  );
});
