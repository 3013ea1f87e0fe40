/**
 * The identity provider seen from browsers on other origins: CORS with
 * credentials admits the project's authorized origins only, and a whole SMS
 * sign-in works from such a page against the real server.
 */
import { expect, test } from '@playwright/test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-cross-origin';
const PHONE = '+14155550601';

let allowed: StaticSite;
let other: StaticSite;
let velvet: VelvetServer;

test.beforeAll(async () => {
  const page =
    '<!doctype html><html lang="en"><title>Third-party page</title><h1>Hello</h1></html>';
  allowed = await serveStaticPage(page);
  other = await serveStaticPage(page);
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Cross-origin party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [allowed.origin],
        },
      ],
    },
  });
});

test.afterAll(async () => {
  await velvet?.stop();
  await allowed?.close();
  await other?.close();
});

/** Calls the API from inside the page, as the widget's client library does. */
async function callFromPage(
  page: import('@playwright/test').Page,
  url: string,
  body: unknown,
  secret = PUBLIC_TOKEN,
) {
  return page.evaluate(
    async ({ url, body, auth }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = await response.json();
        // A success carries its fields under `data`, in the SDK envelope.
        return { status: response.status, body: response.ok ? json.data : json };
      } catch (error) {
        return { status: 0, error: String(error) };
      }
    },
    { url, body, auth: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${secret}`).toString('base64')}` },
  );
}

test('an authorized origin signs in by SMS with the code from the outbox', async ({ page }) => {
  await page.goto(allowed.origin);
  const sent = await callFromPage(page, `${velvet.url}/sdk/v1/otps/sms/login_or_create`, {
    phone_number: PHONE,
    expiration_minutes: 10,
  });
  expect(sent.status).toBe(200);
  const [message] = await velvet.outbox(PHONE);
  expect(message?.text).toMatch(/@127\.0\.0\.1 #\d{6}$/);
  const code = await velvet.lastCode(PHONE);
  const signedIn = await callFromPage(page, `${velvet.url}/sdk/v1/otps/authenticate`, {
    token: code,
    method_id: sent.body.method_id,
    session_duration_minutes: 60,
  });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.user.phone_numbers[0].phone_number).toBe(PHONE);
  const me = await callFromPage(
    page,
    `${velvet.url}/sdk/v1/sessions/authenticate`,
    {},
    signedIn.body.session_token,
  );
  expect(me.status).toBe(200);
  expect(me.body.session.session_id).toBe(signedIn.body.session.session_id);
});

test('an origin not on the project’s list is refused by the browser, and nothing is sent', async ({
  page,
}) => {
  await page.goto(other.origin);
  const before = (await velvet.outbox('+14155550602')).length;
  const refused = await callFromPage(page, `${velvet.url}/sdk/v1/otps/sms/login_or_create`, {
    phone_number: '+14155550602',
  });
  expect(refused.status).toBe(0);
  expect(refused.error).toMatch(/Failed to fetch/);
  expect((await velvet.outbox('+14155550602')).length).toBe(before);
});
