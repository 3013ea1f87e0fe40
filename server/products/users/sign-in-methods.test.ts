import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { assertApiError } from '../../test/api-assertions.js';
import {
  signInBySms,
  startTestServer,
  TEST_ORIGIN,
  type TestServer,
} from '../../test/test-server.js';

describe('a user keeps a way to sign in', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ project: { products: ['otp', 'crypto'] } });
  });
  after(() => server.close());

  test('a wallet-only user cannot delete the wallet; with a phone number added, they can', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const headers = { origin: TEST_ORIGIN };
    const start = await server.api('/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' },
      headers,
    });
    const signedIn = await server.api('/crypto_wallets/authenticate', {
      body: {
        crypto_wallet_address: account.address,
        crypto_wallet_type: 'ethereum',
        signature: await account.signMessage({ message: start.body.challenge }),
        session_duration_minutes: 60,
      },
      headers,
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    const token = signedIn.body.session_token;
    const walletId = signedIn.body.crypto_wallet_id;
    const refused = await server.api(`/users/crypto_wallets/${walletId}`, {
      method: 'DELETE',
      secret: token,
    });
    assertApiError(refused, 409, 'cannot_delete_last_sign_in_method');
    assert.match(refused.body.error_message, /last way to sign in/);
    const me = await server.api('/users/me', { secret: token });
    assert.equal(me.body.crypto_wallets.length, 1, 'the wallet is still there');

    await server.api('/otps/sms/send/secondary', {
      body: { phone_number: '+14155550931' },
      secret: token,
    });
    const deleted = await server.api(`/users/crypto_wallets/${walletId}`, {
      method: 'DELETE',
      secret: token,
    });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body.crypto_wallets, []);
  });

  test('an email-only user cannot delete the email; second factors and unknown ids are not sign-in methods', async () => {
    const sent = await server.api('/otps/email/login_or_create', {
      body: { email: 'solo@example.com' },
    });
    const signedIn = await server.api('/otps/authenticate', {
      body: {
        token: server.lastCode('solo@example.com'),
        method_id: sent.body.method_id,
        session_duration_minutes: 60,
      },
    });
    const token = signedIn.body.session_token;
    assertApiError(
      await server.api(`/users/emails/${sent.body.method_id}`, { method: 'DELETE', secret: token }),
      409,
      'cannot_delete_last_sign_in_method',
    );
    assertApiError(
      await server.api('/users/biometric_registrations/biometric-registration-test-1', {
        method: 'DELETE',
        secret: token,
      }),
      404,
      'biometric_registration_not_found',
    );
    assertApiError(
      await server.api('/users/totps/totp-test-unknown', { method: 'DELETE', secret: token }),
      404,
      'totp_not_found',
    );
    assertApiError(
      await server.api('/users/biometric_registrations/x', { method: 'DELETE' }),
      401,
      'user_unauthenticated',
    );
  });

  test('a user with a phone and a TOTP deletes the TOTP freely, but not the phone', async () => {
    const signedIn = await signInBySms(server, '+14155550932');
    const created = await server.api('/totps', { body: {}, secret: signedIn.session_token });
    assertApiError(
      await server.api(`/users/phone_numbers/${signedIn.method_id}`, {
        method: 'DELETE',
        secret: signedIn.session_token,
      }),
      409,
      'cannot_delete_last_sign_in_method',
    );
    const deleted = await server.api(`/users/totps/${created.body.totp_id}`, {
      method: 'DELETE',
      secret: signedIn.session_token,
    });
    assert.equal(deleted.status, 200);
  });
});
