/**
 * Two server processes on one database (PostgreSQL with `npm run test:server:pg`), as behind a
 * load balancer: each publishes every live key, whichever instance made it, and a JWT signed by
 * one verifies on the other and against the other's JWKS.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { KEY_ROTATION_MS } from '../app.js';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../config/config.js';
import { Store } from '../store.js';
import { unwrapSuccess } from '../test/api-assertions.js';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';
import { KeyRing } from './key-ring.js';
import { SealedJson } from './sealed-json.js';

const SECRET = 'two-instances-secret-0123456789abcdef';
const auth = (secret: string) =>
  `Basic ${Buffer.from(`${DEVELOPMENT_PUBLIC_TOKEN}:${secret}`).toString('base64')}`;

async function post(
  server: VelvetServer,
  path: string,
  body: unknown,
  secret = DEVELOPMENT_PUBLIC_TOKEN,
) {
  const response = await fetch(`${server.url}/sdk/v1${path}`, {
    method: 'POST',
    headers: { authorization: auth(secret), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  assert.equal(response.status, 200, JSON.stringify(json));
  return unwrapSuccess(json);
}

async function jwksKids(server: VelvetServer, projectId: string): Promise<string[]> {
  const response = await fetch(`${server.url}/sdk/v1/sessions/jwks/${projectId}`);
  assert.equal(response.status, 200);
  const { keys } = (await response.json()) as { keys: Array<{ kid: string }> };
  return keys.map((key) => key.kid).sort();
}

describe('JWKS across two server processes on one database', () => {
  let a: VelvetServer;
  let b: VelvetServer;
  before(async () => {
    a = await startVelvet({ env: { VELVET_SECRET: SECRET } });
    b = await startVelvet({ env: { VELVET_SECRET: SECRET }, database: a.database });
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
  });

  test('a key made by any instance is published by every instance, and its JWTs verify on both', async () => {
    const phone = '+14155550961';
    const sent = await post(a, '/otps/sms/login_or_create', { phone_number: phone });
    const signedIn = await post(a, '/otps/authenticate', {
      token: await a.lastCode(phone),
      method_id: sent.method_id,
      session_duration_minutes: 60,
    });
    const projectId = String(decodeJwt(signedIn.session_jwt).aud);
    const firstKid = decodeProtectedHeader(signedIn.session_jwt).kid;
    assert.deepEqual(await jwksKids(b, projectId), await jwksKids(a, projectId));
    assert.ok((await jwksKids(b, projectId)).includes(String(firstKid)));

    // A third instance whose clock has reached the next rotation makes a new key.
    const store = await Store.open(
      {
        databaseUrl: a.database.databaseUrl,
        sqlitePath: a.database.sqlitePath,
      },
      ALL_MIGRATIONS,
    );
    let newKid: string;
    try {
      const later = () => Date.now() + KEY_ROTATION_MS + 60_000;
      const ring = new KeyRing(
        store.signingKeys,
        new SealedJson(SECRET, 'jwt-signing-keys'),
        KEY_ROTATION_MS,
        later,
      );
      newKid = (await ring.signingKey(projectId)).kid;
    } finally {
      await store.close();
    }
    assert.notEqual(newKid, firstKid);
    // Both running instances publish it at once (their rings were loaded before it existed).
    for (const server of [a, b]) {
      const kids = await jwksKids(server, projectId);
      assert.ok(kids.includes(newKid), `${server.url} publishes the new key`);
      assert.ok(kids.includes(String(firstKid)), `${server.url} still publishes the older key`);
    }

    // A JWT that B issues verifies against A's JWKS, and authenticates on A.
    const fromB = await post(b, '/sessions/authenticate', {}, signedIn.session_token);
    const jwksOfA = await (await fetch(`${a.url}/sdk/v1/sessions/jwks/${projectId}`)).json();
    await jwtVerify(fromB.session_jwt, createLocalJWKSet(jwksOfA as { keys: [] }), {
      audience: projectId,
    });
    const onA = await post(a, '/sessions/authenticate', {}, fromB.session_jwt);
    assert.equal(onA.session.session_id, signedIn.session.session_id);
  });
});
