import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { PRODUCTS } from '../../projects/project-settings.js';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf } from '../../test/database-rows.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';

/** The code an authenticator app holding `secret` shows at `epochMs` (RFC 6238, 30 s, 6 digits). */
function appCode(secret: string, epochMs: number): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(epochMs / 30_000)), 6);
}

/** A password zxcvbn scores 4 and no breach list holds. */
const STRONG = 'violet-Harbor-7-quietly-juggles';
const STRONGER = 'amber-Comet-42-folds-paper-cranes';

describe('second factors guard second factors', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ project: { products: [...PRODUCTS] } });
  });
  after(() => server.close());

  /** The factor types of a session, as stored. */
  async function factorTypes(token: string): Promise<string[]> {
    const answer = await server.api('/sessions/authenticate', { body: {}, secret: token });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.session.authentication_factors.map((f: { type: string }) => f.type);
  }

  /** Enrols and verifies an authenticator app from the session `token` (a user without one). */
  async function enrolApp(token: string) {
    const created = await server.api('/totps', { body: {}, secret: token });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const verified = await server.api('/totps/authenticate', {
      body: { totp_code: appCode(created.body.secret, server.clock.now()) },
      secret: token,
    });
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    return {
      totpId: created.body.totp_id as string,
      secret: created.body.secret as string,
      recoveryCodes: created.body.recovery_codes as string[],
    };
  }

  /**
   * A user who signs in by SMS, also has an email address, and has a verified authenticator app;
   * and a second session of theirs that proved the phone only (what a thief of the phone holds).
   */
  async function userWithApp(phone: string, email: string) {
    const signedIn = await signInBySms(server, phone);
    const full = signedIn.session_token as string;
    const sent = await server.api('/otps/email/send/secondary', { body: { email }, secret: full });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const added = await server.api('/otps/authenticate', {
      body: { token: server.lastCode(email), method_id: sent.body.method_id },
      secret: full,
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const app = await enrolApp(full);
    const firstFactorOnly = (await signInBySms(server, phone)).session_token as string;
    assert.deepEqual(await factorTypes(firstFactorOnly), ['otp']);
    return {
      ...app,
      full,
      firstFactorOnly,
      userId: signedIn.user_id as string,
      phoneId: signedIn.user.phone_numbers[0].phone_id as string,
      emailId: sent.body.method_id as string,
    };
  }

  test('a session holding only the first factor cannot mint recovery codes, redeem them for the second factor, or delete the authenticator app', async () => {
    const user = await userWithApp('+14155550601', 'guest601@party.example');
    const rows = await rowsOf(server.store);

    const minted = await server.api('/totps/recovery_codes', {
      body: {},
      secret: user.firstFactorOnly,
    });
    assertApiError(minted, 403, 'insufficient_factors');
    assert.equal(minted.body.totps, undefined, 'no codes in the refusal');
    const deleted = await server.api(`/users/totps/${user.totpId}`, {
      method: 'DELETE',
      secret: user.firstFactorOnly,
    });
    assertApiError(deleted, 403, 'insufficient_factors');

    assert.deepEqual(await rowsOf(server.store), rows, 'no codes minted, nothing deleted');
    assert.deepEqual(await factorTypes(user.firstFactorOnly), ['otp']);
    const me = await server.api('/users/me', { secret: user.full });
    assert.deepEqual(me.body.totps, [{ totp_id: user.totpId, verified: true }]);
  });

  test('a recovery code issued with the app still proves the second factor from a first-factor session; then that session may manage the app', async () => {
    const user = await userWithApp('+14155550602', 'guest602@party.example');
    const recovered = await server.api('/totps/recover', {
      body: { recovery_code: user.recoveryCodes[0] },
      secret: user.firstFactorOnly,
    });
    assert.equal(recovered.status, 200, JSON.stringify(recovered.body));
    assert.deepEqual(await factorTypes(user.firstFactorOnly), ['otp', 'recovery_code']);
    const fresh = await server.api('/totps/recovery_codes', {
      body: {},
      secret: user.firstFactorOnly,
    });
    assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
    assert.equal(fresh.body.totps[0].recovery_codes.length, 10);
    const deleted = await server.api(`/users/totps/${user.totpId}`, {
      method: 'DELETE',
      secret: user.firstFactorOnly,
    });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.deepEqual(deleted.body.totps, []);
  });

  test('a session holding only the first factor cannot add or remove any way to sign in once the user has an authenticator app', async () => {
    const user = await userWithApp('+14155550603', 'guest603@party.example');
    const attempts: Array<{ method: 'POST' | 'DELETE'; path: string; body?: unknown }> = [
      { method: 'POST', path: '/otps/sms/send/secondary', body: { phone_number: '+14155550613' } },
      { method: 'POST', path: '/totps', body: {} },
      {
        method: 'POST',
        path: '/otps/whatsapp/send/secondary',
        body: { phone_number: '+14155550613' },
      },
      { method: 'POST', path: '/otps/email/send/secondary', body: { email: 'thief@else.example' } },
      {
        method: 'POST',
        path: '/magic_links/email/send/secondary',
        body: { email: 'thief@else.example' },
      },
      { method: 'POST', path: '/webauthn/register/start', body: {} },
      { method: 'POST', path: '/webauthn/register', body: { public_key_credential: '{}' } },
      {
        method: 'POST',
        path: '/crypto_wallets/authenticate/start/secondary',
        body: {
          crypto_wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          crypto_wallet_type: 'ethereum',
        },
      },
      { method: 'DELETE', path: `/users/phone_numbers/${user.phoneId}` },
      { method: 'DELETE', path: `/users/emails/${user.emailId}` },
      { method: 'DELETE', path: `/users/totps/${user.totpId}` },
      { method: 'DELETE', path: '/users/crypto_wallets/crypto-wallet-test-1' },
      { method: 'DELETE', path: '/users/oauth/oauth-user-registration-test-1' },
      { method: 'DELETE', path: '/users/webauthn_registrations/webauthn-registration-test-1' },
      { method: 'DELETE', path: '/users/biometric_registrations/biometric-registration-test-1' },
    ];
    const rows = await rowsOf(server.store);
    for (const attempt of attempts) {
      const answer = await server.api(attempt.path, {
        method: attempt.method,
        ...(attempt.body === undefined ? {} : { body: attempt.body }),
        secret: user.firstFactorOnly,
      });
      assertApiError(answer, 403, 'insufficient_factors');
    }
    assert.deepEqual(await rowsOf(server.store), rows, 'nothing sent, added or removed');

    // The session that proved the app may: a phone is added, the old number removed.
    const sent = await server.api('/otps/sms/send/secondary', {
      body: { phone_number: '+14155550613' },
      secret: user.full,
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const removed = await server.api(`/users/phone_numbers/${user.phoneId}`, {
      method: 'DELETE',
      secret: user.full,
    });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
  });

  test('a user without an authenticator app adds a way to sign in from a first-factor session, and enrols the app from it', async () => {
    const signedIn = await signInBySms(server, '+14155550604');
    const token = signedIn.session_token as string;
    const sent = await server.api('/otps/email/send/secondary', {
      body: { email: 'guest604@party.example' },
      secret: token,
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await enrolApp(token);
  });

  test('a password session without the second factor cannot change the password, by session or with the current password', async () => {
    const email = 'guest605@party.example';
    const created = await server.api('/passwords', {
      body: { email, password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const app = await enrolApp(created.body.session_token);
    const login = await server.api('/passwords/authenticate', {
      body: { email, password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const firstFactorOnly = login.body.session_token as string;
    const rows = await rowsOf(server.store);

    assertApiError(
      await server.api('/passwords/session/reset', {
        body: { password: STRONGER },
        secret: firstFactorOnly,
      }),
      403,
      'insufficient_factors',
    );
    assertApiError(
      await server.api('/passwords/existing_password/reset', {
        body: { email, existing_password: STRONG, new_password: STRONGER },
        secret: firstFactorOnly,
      }),
      403,
      'insufficient_factors',
    );
    assert.deepEqual(await rowsOf(server.store), rows, 'the password and the sessions stay');

    // With the app's next code the same session may change it.
    server.clock.advance(30_000);
    const me = await server.api('/users/me', { secret: firstFactorOnly });
    const stepped = await server.api('/totps/authenticate', {
      body: { totp_code: appCode(app.secret, server.clock.now()) },
      secret: firstFactorOnly,
    });
    assert.equal(stepped.status, 200, JSON.stringify(stepped.body));
    assert.equal(me.body.totps[0].totp_id, app.totpId);
    const changed = await server.api('/passwords/session/reset', {
      body: { password: STRONGER },
      secret: firstFactorOnly,
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
  });
});
