import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { signInBySms, startTestServer, type TestServer } from '../test/test-server.js';

const SECRET_A = 'secret-a-0123456789abcdef0123456789abcdef';
const SECRET_B = 'secret-b-0123456789abcdef0123456789abcdef';

/** The code an authenticator app holding `secret` shows at `epochMs` (RFC 6238). */
function appCode(secret: string, epochMs: number): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(epochMs / 30_000)), 6);
}

/** What a server under secret A issued, to be presented to its successors. */
interface Issued {
  /** A session JWT (signed by a key sealed under A). */
  jwt: string;
  /** A session token, to present the TOTP and recovery codes with. */
  token: string;
  /** Passcodes sent and not yet checked (keyed hashes under A), by phone number. */
  passcodes: { methodId: string; code: string }[];
  /** The TOTP secret (sealed under A at rest) and recovery codes (hashed under A). */
  totpSecret: string;
  recoveryCodes: string[];
}

async function issueUnderA(server: TestServer): Promise<Issued> {
  const signedIn = await signInBySms(server, '+14155550180');
  const created = await server.api('/totps', {
    body: { expiration_minutes: 60 },
    secret: signedIn.session_token,
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const verified = await server.api('/totps/authenticate', {
    body: { totp_code: appCode(created.body.secret, server.clock.now()) },
    secret: signedIn.session_token,
  });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
  const passcodes = [];
  for (const phone of ['+14155550181', '+14155550182']) {
    const sent = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
    assert.equal(sent.status, 200);
    passcodes.push({ methodId: sent.body.method_id, code: server.lastCode(phone) });
  }
  return {
    jwt: signedIn.session_jwt,
    token: signedIn.session_token,
    passcodes,
    totpSecret: created.body.secret,
    recoveryCodes: created.body.recovery_codes,
  };
}

describe('secret rotation with a grace period (VELVET_SECRET_PREVIOUS)', () => {
  let database: TestDatabase;
  let issued: Issued;
  before(async () => {
    database = await createTestDatabase();
    const underA = await startTestServer({ database, secret: SECRET_A });
    issued = await issueUnderA(underA);
    await underA.close({ keepDatabase: true });
  });
  after(() => database.drop());

  // First: the grace period's housekeeping seals long-lived values (TOTP secrets) again under B.
  test('restarted with VELVET_SECRET=B alone, what A issued is refused', async () => {
    const server = await startTestServer({ database, secret: SECRET_B });
    try {
      const byJwt = await server.api('/sessions/authenticate', { body: {}, secret: issued.jwt });
      assert.equal(byJwt.status, 401, JSON.stringify(byJwt.body));

      const [, passcode] = issued.passcodes;
      const checked = await server.api('/otps/authenticate', {
        body: { token: passcode?.code, method_id: passcode?.methodId },
      });
      assert.equal(checked.status, 404);
      assert.equal(checked.body.error_type, 'otp_code_not_found');

      const recovered = await server.api('/totps/recover', {
        body: { recovery_code: issued.recoveryCodes[1] },
        secret: issued.token,
      });
      assert.equal(recovered.status, 401);
      assert.equal(recovered.body.error_type, 'recovery_code_not_found');
    } finally {
      await server.close({ keepDatabase: true });
    }
  });

  test('restarted with VELVET_SECRET=B VELVET_SECRET_PREVIOUS=A, what A issued is accepted and new JWTs use B', async () => {
    const server = await startTestServer({
      database,
      secret: SECRET_B,
      previousSecret: SECRET_A,
    });
    try {
      const byJwt = await server.api('/sessions/authenticate', { body: {}, secret: issued.jwt });
      assert.equal(byJwt.status, 200, JSON.stringify(byJwt.body));

      const [passcode] = issued.passcodes;
      const checked = await server.api('/otps/authenticate', {
        body: { token: passcode?.code, method_id: passcode?.methodId },
      });
      assert.equal(checked.status, 200, JSON.stringify(checked.body));

      // The next 30-second step: the code of A's verification step was used.
      server.clock.advance(30_000);
      const totp = await server.api('/totps/authenticate', {
        body: { totp_code: appCode(issued.totpSecret, server.clock.now()) },
        secret: issued.token,
      });
      assert.equal(totp.status, 200, JSON.stringify(totp.body));
      const recovered = await server.api('/totps/recover', {
        body: { recovery_code: issued.recoveryCodes[0] },
        secret: issued.token,
      });
      assert.equal(recovered.status, 200, JSON.stringify(recovered.body));

      // A new session's JWT is signed by a key sealed under B: it verifies once A is gone.
      const fresh = await signInBySms(server, '+14155550183');
      const header = JSON.parse(
        Buffer.from(fresh.session_jwt.split('.')[0], 'base64url').toString(),
      );
      const oldHeader = JSON.parse(
        Buffer.from(issued.jwt.split('.')[0] ?? '', 'base64url').toString(),
      );
      assert.notEqual(header.kid, oldHeader.kid, 'a key of the current secret signs new JWTs');
      const jwks = await server.api(`/sessions/jwks/${server.project.projectId}`);
      const kids = jwks.body.keys.map((key: { kid: string }) => key.kid);
      assert.ok(kids.includes(oldHeader.kid) && kids.includes(header.kid), 'both keys published');
      // Housekeeping seals the TOTP secret again under B, so the enrolment outlives A.
      await server.app.housekeeping.run();
      await server.close({ keepDatabase: true });

      const afterGrace = await startTestServer({ database, secret: SECRET_B });
      afterGrace.clock.advance(30_000);
      try {
        const again = await afterGrace.api('/sessions/authenticate', {
          body: {},
          secret: fresh.session_jwt,
        });
        assert.equal(again.status, 200, 'a JWT of the new secret outlives the grace period');
        afterGrace.clock.advance(30_000);
        const totp = await afterGrace.api('/totps/authenticate', {
          body: { totp_code: appCode(issued.totpSecret, afterGrace.clock.now()) },
          secret: issued.token,
        });
        assert.equal(totp.status, 200, 'the TOTP enrolment outlives the grace period');
      } finally {
        await afterGrace.close({ keepDatabase: true });
      }
    } catch (error) {
      await server.close({ keepDatabase: true }).catch(() => undefined);
      throw error;
    }
  });
});
