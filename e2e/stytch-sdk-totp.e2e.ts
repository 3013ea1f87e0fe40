/**
 * Stytch's own browser SDK (`@stytch/vanilla-js` 6.3.0, unmodified) against the real Velvet
 * server in Chromium, for the calls of issue 17:
 * - `totps.create({ expiration_minutes })` → `POST /totps` (the SDK reads the user from `__user`)
 * - `totps.authenticate({ totp_code, session_duration_minutes })` → `POST /totps/authenticate`,
 *   the code computed here by RFC 6238 from the returned secret, as an authenticator app would
 * - `totps.recover({ recovery_code, session_duration_minutes })` → `POST /totps/recover`
 * - `totps.recoveryCodes()` → `POST /totps/recovery_codes`
 * - `user.deleteTOTP(id)` → `DELETE /users/totps/{id}`
 * - `impersonation.authenticate({ impersonation_token })` → `POST /impersonation/authenticate`,
 *   with a token minted by the real `npm run impersonate` command on the server's database
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { expect, test } from '@playwright/test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { failed, sdk, signInBySms, succeeded } from './support/stytch/sdk-calls.js';
import { type StytchSdkSite, serveStytchSdkSite } from './support/stytch/sdk-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-stytch-sdk-totp';

let site: StytchSdkSite;
let velvet: VelvetServer;
let apiUrl: string;

test.beforeAll(async () => {
  site = await serveStytchSdkSite(() => ({ apiUrl, publicToken: PUBLIC_TOKEN }));
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Stytch SDK TOTP party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin],
          otp: { methods: ['sms'] },
          products: ['otp'],
        },
      ],
    },
  });
  apiUrl = velvet.url.replace('//localhost:', '//127.0.0.1:');
});

test.afterAll(async () => {
  await velvet?.stop();
  await site?.close();
});

test('a user enrols TOTP with the Stytch SDK, signs in with a code and with a recovery code, then removes it', async ({
  page,
}) => {
  const signedIn = await signInBySms(page, site.origin, velvet, '+14155550961');

  const created = succeeded(
    await sdk(page, (client) => client.totps.create({ expiration_minutes: 60 }), null),
  );
  expect(created.secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(created.qr_code).toMatch(/^data:image\/png;base64,/);
  expect(created.recovery_codes).toHaveLength(10);
  // The SDK took the updated user from `__user`.
  const cachedUser = await sdk(page, (client) => client.user.getSync(), null);
  expect(succeeded(cachedUser)?.totps).toEqual([{ totp_id: created.totp_id, verified: false }]);

  // The page shows the QR code the server drew, and Chromium decodes it as a PNG.
  const size = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, created.qr_code);
  expect(size.width).toBeGreaterThan(20);
  expect(size.width).toBe(size.height);

  // The authenticator app's code, by RFC 6238 from the secret.
  const code = generateTOTP(decodeBase32IgnorePadding(created.secret), 30, 6);
  const authenticated = succeeded(
    await sdk(
      page,
      (client, totp_code) => client.totps.authenticate({ totp_code, session_duration_minutes: 60 }),
      code,
    ),
  );
  expect(authenticated.totp_id).toBe(created.totp_id);
  expect(authenticated.session.authentication_factors.map((factor) => factor.type)).toEqual([
    'otp',
    'totp',
  ]);
  // The same code again: refused.
  const reused = failed(
    await sdk(
      page,
      (client, totp_code) => client.totps.authenticate({ totp_code, session_duration_minutes: 60 }),
      code,
    ),
  );
  expect(reused.error_type).toBe('totp_code_already_used');

  const recoveryCode = created.recovery_codes[0] ?? '';
  const recovered = succeeded(
    await sdk(
      page,
      (client, recovery_code) =>
        client.totps.recover({ recovery_code, session_duration_minutes: 60 }),
      recoveryCode,
    ),
  );
  expect(recovered.user_id).toBe(signedIn.user_id);
  expect(recovered.session.authentication_factors.at(-1)?.type).toBe('recovery_code');
  const again = failed(
    await sdk(
      page,
      (client, recovery_code) =>
        client.totps.recover({ recovery_code, session_duration_minutes: 60 }),
      recoveryCode,
    ),
  );
  expect(again.error_type).toBe('recovery_code_already_used');

  const fresh = succeeded(await sdk(page, (client) => client.totps.recoveryCodes(), null));
  // Stytch's API answers `totps` as a list (its SDK's type names one object; the SDK passes the
  // body through either way).
  const totps = fresh.totps as unknown as Array<{ totp_id: string; recovery_codes: string[] }>;
  expect(totps[0]?.totp_id).toBe(created.totp_id);
  expect(totps[0]?.recovery_codes).toHaveLength(10);

  succeeded(await sdk(page, (client, id) => client.user.deleteTOTP(id), created.totp_id));
  await expect
    .poll(async () => succeeded(await sdk(page, (client) => client.user.getSync(), null))?.totps)
    .toEqual([]);
});

test('npm run impersonate mints a token that the Stytch SDK signs in with once, marked as impersonated', async ({
  page,
}) => {
  const guest = await signInBySms(page, site.origin, velvet, '+14155550962');
  succeeded(await sdk(page, (client) => client.session.revoke(), null));

  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli/impersonate.ts',
      '--user',
      '+14155550962',
      '--by',
      'support@party.example',
    ],
    {
      cwd: join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATA_DIR: velvet.database.dataDir,
        DATABASE_URL: velvet.database.databaseUrl ?? '',
        VELVET_CONFIG: join(velvet.database.dataDir, 'velvet.config.json'),
      },
    },
  );
  const token = stdout.trim().split('\n').at(-1) ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const signedIn = succeeded(
    await sdk(
      page,
      (client, impersonation_token) => client.impersonation.authenticate({ impersonation_token }),
      token,
    ),
  );
  expect(signedIn.user_id).toBe(guest.user_id);
  expect(signedIn.session.authentication_factors[0]?.type).toBe('impersonated');
  const session = await sdk(page, (client) => client.session.getSync(), null);
  expect(succeeded(session)?.session_id).toBe(signedIn.session.session_id);

  const spent = failed(
    await sdk(
      page,
      (client, impersonation_token) => client.impersonation.authenticate({ impersonation_token }),
      token,
    ),
  );
  expect(spent.error_type).toBe('impersonation_token_not_found');
});
