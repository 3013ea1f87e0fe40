/**
 * Stytch's own browser SDK (`@stytch/vanilla-js` 6.3.0, unmodified) against the real Velvet
 * server in Chromium, for issue 31's item 4: `session.exchangeAccessToken({ access_token,
 * session_duration_minutes })` → `POST /sessions/exchange_access_token` with an access token from
 * Velvet's own identity provider: a first-party application's code from the consent call
 * (`POST /sdk/v1/oauth/authorize`), exchanged at the real `/oauth/{public_token}/token` (an RFC
 * 9068 JWT with `full_access`). After RFC 7009 revocation at `/revoke`, the same token is refused.
 */
import { expect, test } from '@playwright/test';
import { unwrapSuccess } from '../server/test/api-assertions.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { sdk, signInBySms, succeeded } from './support/stytch/sdk-calls.js';
import { type StytchSdkSite, serveStytchSdkSite } from './support/stytch/sdk-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-stytch-sdk-exchange';
const APP = 'first-party-app';
const APP_SECRET = 'a-long-client-secret-for-the-first-party-app-e2e';
const APP_CALLBACK = 'https://app.example/callback';

let site: StytchSdkSite;
let velvet: VelvetServer;
let apiUrl: string;

test.beforeAll(async () => {
  site = await serveStytchSdkSite(() => ({ apiUrl, publicToken: PUBLIC_TOKEN }));
  const { createHash } = await import('node:crypto');
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Stytch SDK exchange party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [site.origin],
          otp: { methods: ['sms'] },
          products: ['otp'],
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

/** The first-party application's access token for the user of `sessionToken`, from `/token`. */
async function accessTokenFromIdp(sessionToken: string): Promise<string> {
  const basic = (user: string, secret: string) =>
    `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
  const consent = await fetch(`${apiUrl}/sdk/v1/oauth/authorize`, {
    method: 'POST',
    headers: {
      authorization: basic(PUBLIC_TOKEN, sessionToken),
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      client_id: APP,
      redirect_uri: APP_CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'full_access'],
      consent_granted: true,
    }),
  });
  expect(consent.status).toBe(200);
  const code = unwrapSuccess(await consent.json()).authorization_code as string;
  const token = await fetch(`${apiUrl}/oauth/${PUBLIC_TOKEN}/token`, {
    method: 'POST',
    headers: {
      authorization: basic(APP, APP_SECRET),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP_CALLBACK,
    }).toString(),
  });
  expect(token.status).toBe(200);
  return (await token.json()).access_token as string;
}

test('session.exchangeAccessToken turns an access token from Velvet’s /token into a session, until it is revoked', async ({
  page,
}) => {
  const signedIn = await signInBySms(page, site.origin, velvet, '+14155550971');
  const accessToken = await accessTokenFromIdp(signedIn.session_token);
  succeeded(await sdk(page, (client) => client.session.revoke(), null));
  await expect.poll(() => sdk(page, (client) => client.session.getSync(), null)).toBeNull();

  const exchanged = succeeded(
    await sdk(
      page,
      (client, access_token) =>
        client.session.exchangeAccessToken({ access_token, session_duration_minutes: 30 }),
      accessToken,
    ),
  );
  expect(exchanged.user_id).toBe(signedIn.user_id);
  expect(exchanged.session.authentication_factors[0]?.type).toBe('oauth_access_token_exchange');
  // The SDK holds the new session.
  const held = await sdk(page, (client) => client.session.getSync(), null);
  expect(succeeded(held)?.session_id).toBe(exchanged.session.session_id);

  const revoked = await fetch(`${apiUrl}/oauth/${PUBLIC_TOKEN}/revoke`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${APP}:${APP_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token: accessToken }).toString(),
  });
  expect(revoked.status).toBe(200);
  const refused = await sdk(
    page,
    (client, access_token) =>
      client.session.exchangeAccessToken({ access_token, session_duration_minutes: 30 }),
    accessToken,
  );
  expect(refused).toMatchObject({ thrown: true, error_type: 'invalid_access_token' });
});
